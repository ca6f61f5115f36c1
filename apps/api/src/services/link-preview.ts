import type { PreviewStatus } from '@sauce/contract/sauces';
import type { Metadata } from '@sauce/contract/meta';
import { type SQL, sql } from 'drizzle-orm';
import type { JobQueue } from '../jobs/queue.ts';
import type { Foreground } from '../lib/foreground.ts';
import type { SharedState } from '../lib/shared-state.ts';
import { cachedMetadata, type MetadataLogger } from './metadata.ts';

/**
 * Issue #23: a save never waits for the linked site. A text source is written and answered
 * at once; its link's preview (title, description, image) is read by the link's background
 * job (services/link-read.ts runLinkRead: one fetch for the preview and the copy, issue #29)
 * through the same guarded fetch, cache and per-person budget as the editor's preview, and
 * lands on every source waiting for that link ({@link previewAssignments}, written by services/link-read.ts storeRead), whose members'
 * dashboards update through the live events.
 */

/** How previews are read and queued: the job queue, and the fetch's address policy and shared cache. */
export interface PreviewOptions {
  jobs: JobQueue;
  /** The requests in flight that link jobs yield to (issue #29); none: they never wait. */
  foreground?: Foreground;
  /** Allow loopback and private addresses (config.metadataAllowPrivate). */
  allowPrivate: boolean;
  shared?: SharedState;
  /** Retries of a preview whose site did not answer, and the first wait (s, doubling): config LINK_PREVIEW_RETRIES / _RETRY_SECONDS. */
  retries: number;
  retryDelayS: number;
  /** Issue #21: keep the linked pages' readable copies (config LINK_COPIES); default true. */
  copies?: boolean;
  log?: MetadataLogger & { warn(obj: object, msg: string): void };
}

/** The preview options of the app's `deps` (config LINK_PREVIEW_*, LINK_COPIES, METADATA_ALLOW_PRIVATE), logging to `log`. */
export const previewOptions = (
  deps: {
    jobs: JobQueue;
    foreground?: Foreground;
    shared?: SharedState;
    config: { metadataAllowPrivate: boolean; linkPreview: { retries: number; retryDelayS: number; copies: boolean } };
  },
  log: PreviewOptions['log'],
): PreviewOptions => ({
  jobs: deps.jobs,
  foreground: deps.foreground,
  allowPrivate: deps.config.metadataAllowPrivate,
  shared: deps.shared,
  log,
  ...deps.config.linkPreview,
});

/** A text source's link columns as a save writes them. */
export interface LinkColumns {
  link: string | null;
  linkTitle: string;
  linkDescription: string;
  linkImage: string;
  thumbnail: string | null;
  linkStatus: PreviewStatus | null;
}

const columnsOf = (link: string, meta: Metadata, status: PreviewStatus): LinkColumns => ({
  link,
  linkTitle: meta.title,
  linkDescription: meta.description,
  linkImage: meta.image,
  thumbnail: meta.image || null,
  linkStatus: status,
});

/**
 * The link columns of a save (issue #23), without fetching: the preview the editor already
 * read (the one-hour metadata cache) when there is one, else empty and 'pending' — the save
 * then queues the link's job (services/link-read.ts linkJob). No link: everything empty, no status.
 */
export async function previewAtSave(link: string | null, opts: PreviewOptions): Promise<LinkColumns> {
  if (!link) return { link: null, linkTitle: '', linkDescription: '', linkImage: '', thumbnail: null, linkStatus: null };
  const cached = await cachedMetadata(link, opts);
  return columnsOf(link, cached ?? { title: '', description: '', image: '' }, cached ? 'ready' : 'pending');
}

/**
 * The columns a link's preview (or its failure, `meta` null) sets on a source still waiting
 * for it ('pending' link_status), as [column, value] pairs: services/link-read.ts storeRead
 * writes them, with the link's copy, on every source of the link it holds (db/locks.ts
 * lockLinkWaiting). Never a source's own title.
 */
export function previewAssignments(meta: Metadata | null): [column: string, value: SQL][] {
  if (!meta) return [['link_status', sql`'failed'`]];
  return [
    ['link_title', sql`${meta.title}`],
    ['link_description', sql`${meta.description}`],
    ['link_image', sql`${meta.image}`],
    ['thumbnail', sql`${meta.image || null}`],
    ['link_status', sql`'ready'`],
  ];
}


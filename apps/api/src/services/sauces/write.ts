import { eq, sql, type SQL } from 'drizzle-orm';
import { type Db, type Tx } from '../../db/client.ts';
import { retryOnConflict, runAgain } from '../../db/locks.ts';
import { COUNTER_SLOTS, sauces } from '../../db/schema.ts';
import { AppError, LimitReachedError } from '../../errors.ts';
import { type LinkJobToSend, sendAfterCommit } from '../../jobs/link-jobs.ts';
import { type Membership, type MembershipClaim, membershipForSave, rolesAllowed } from '../../policies/workspace.ts';
import { linkKeyOf } from '../duplicates.ts';
import { notifyAfterCommit } from '../events.ts';
import { copyColumns } from '../link-copy.ts';
import { type LinkColumns, type PreviewOptions } from '../link-preview.ts';
import { linkJob } from '../link-read.ts';
import { addFolders, addTags } from './filing.ts';
import { insertRows, type Row, ROWS_PER_STATEMENT, type SauceInsert, saveOneStatement } from './rows.ts';

/*
 * The one write path of sources (issue #30): every new source is written by the `insert`
 * of {@link writeSauces}, and a source's link changed by its `update` only (write-rule.test.ts).
 */

/**
 * Where new sources come from — which decides what their link starts with (issue #23:
 * previews; issue #21: copies of the page):
 * - `editor`: a person's save. The preview is the editor's cached read ('ready'), else
 *   'pending' and fetched by a job queued with the save; the page's copy is kept by a job
 *   queued with the save (unless config LINK_COPIES is off).
 * - `capture`: the browser extension's (issue #20). The person saw the page: its title is
 *   the preview ('ready'); the extension sent the copy, so none is kept.
 * - `import`: a file's entries (issue #8). The file's title, description and image stand as
 *   they are, nothing fetched (no preview state); copies are 'pending' and queued later, a
 *   few at a time, by the sweep (services/link-sweep.ts queueWaitingLinks): an import queues no job.
 * - `article`: an article of discovery (issue #10). Its title, description and image stand
 *   as they are; no copy.
 * An image source's link (a capture's page) is its address only: no preview, no copy.
 */
export type Origin =
  | { from: 'editor'; previews: PreviewOptions }
  | { from: 'capture' }
  | { from: 'import'; copies: boolean }
  | { from: 'article' };

/** Per origin: the preview state of a page known at the save, whether one not known is fetched, and how a copy is kept. */
const ORIGINS = {
  editor: { known: 'ready', fetches: true, copy: 'job' },
  capture: { known: 'ready', fetches: false, copy: 'none' },
  import: { known: null, fetches: false, copy: 'sweep' },
  article: { known: null, fetches: false, copy: 'none' },
} as const satisfies Record<Origin['from'], { known: 'ready' | null; fetches: boolean; copy: 'job' | 'sweep' | 'none' }>;

const copies = (o: Origin) => (o.from === 'editor' ? o.previews.copies !== false : o.from === 'import' ? o.copies : false);

/** What is known of a linked page when its source is saved: the preview it shows. */
export interface LinkPage {
  title: string;
  description: string;
  /** The page's picture (the card's thumbnail), or null. */
  image: string | null;
}

/** One new source. */
export interface NewSauce {
  type: 'TEXT' | 'IMAGE';
  title: string;
  /** A text source's note (an article's is empty); an image source has none. */
  text?: string;
  link?: string | null;
  /** The linked page's preview as known at the save; null: not known yet (the editor's save fetches it). */
  page?: LinkPage | null;
  /** Tag names, in order (at most LIMITS.tagsPerSauce distinct). */
  tags?: readonly string[];
  /** Folders of the space it goes into. */
  folderIds?: readonly number[];
  /** Bytes of what it holds, known before its row is written (a capture's files). */
  byteSize?: number;
  /** What an imported source was made from: a row whose key the space holds already is not written. */
  importKey?: string;
  /** An imported source's dates (ISO 8601, read by PostgreSQL), else now; `updatedAt` defaults to `createdAt`. */
  createdAt?: string | null;
  updatedAt?: string;
  /** The article it was saved from, and its summary as requested (issue #10). */
  article?: { id: number; summary: { status: 'pending' | 'ready'; text: string | null; method: string | null } | null };
  /** Writes what it holds besides its row, once its id is known (images and their comments, a saved copy), as member `m`. @returns the bytes that adds. */
  contents?: (tx: Tx, id: number, m: Membership) => Promise<number>;
}

/** The row of new source `s` of `m`'s space from `origin`, and the link jobs it queues. */
function rowOf(m: Pick<Membership, 'workspaceId' | 'userId'>, origin: Origin, s: NewSauce): { row: Row; jobs: LinkJobToSend[] } {
  const rule = ORIGINS[origin.from];
  const text = s.type === 'TEXT';
  const link = s.link || null;
  const page = text ? s.page : undefined;
  const linkStatus = text && link ? (page || !rule.fetches ? rule.known : 'pending') : null;
  const copyStatus = text && link && rule.copy !== 'none' && copies(origin) ? 'pending' : null;
  const row: Row = {
    workspaceId: m.workspaceId,
    authorId: m.userId,
    type: s.type,
    title: s.title,
    text: text ? (s.text ?? '') : null,
    link,
    linkKey: linkKeyOf(link),
    linkTitle: page?.title ?? '',
    linkDescription: page?.description ?? '',
    linkImage: page?.image ?? '',
    thumbnail: page?.image ?? null,
    linkStatus,
    copyStatus,
    byteSize: s.byteSize ?? 0,
    importKey: s.importKey ?? null,
    modeType: s.article ? 'Article' : 'Sauce',
    articleId: s.article?.id ?? null,
    summaryStatus: s.article?.summary?.status ?? null,
    summary: s.article?.summary?.text ?? null,
    summaryMethod: s.article?.summary?.method ?? null,
    createdAt: s.createdAt ?? null,
    updatedAt: s.createdAt ? (s.updatedAt ?? s.createdAt) : null,
  };
  const jobs = link && (linkStatus === 'pending' || (copyStatus && rule.copy === 'job')) ? [linkJob(link, m.userId)] : [];
  return { row, jobs };
}

/**
 * Sources a space holds now (kept as sources are written, issue #24: never counted; the sum
 * of its counter slots, issue #29) — read under the space's exclusive lock, so two saves
 * cannot both pass the plan's last place (or as saveOne reads it).
 */
export async function saucesIn(tx: Tx, workspaceId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(
    sql`SELECT COALESCE(sum(text_count + image_count), 0)::int AS n FROM workspace_counters WHERE workspace_id = ${workspaceId}`,
  );
  return rows[0]?.n ?? 0;
}

/** True for the error of a space at its plan's sources ({@link SauceWriter.insert}). */
export const isSaucesLimit = (e: unknown) =>
  e instanceof AppError && e.code === 'LIMIT_REACHED' && (e.details as { resource?: string } | undefined)?.resource === 'sources';

/** A text source's link as an edit sets it: the columns of its preview (link-preview.ts previewAtSave). */
export interface LinkEdit {
  columns: LinkColumns;
  /** A new link (not the failed preview of the same one retried): its health is checked afresh. */
  isNew: boolean;
  /** Keep the new link's copy anew (issue #21). */
  copying: boolean;
  previews: PreviewOptions;
}

/** The columns of a source an edit writes besides its link. */
export type SauceEdit = Partial<Pick<SauceInsert, 'title' | 'text' | 'updatedAt'>> & { byteSize?: number | SQL };

/** The writes of sources inside one transaction of {@link writeSauces}. */
export interface SauceWriter {
  /**
   * Issue #29: a save of one source, in one statement, prepared (docs/bench.md: 1.6–1.8 ms of
   * the database a save, 2.0–2.1 planned each time): it takes what the save holds until it
   * commits (`s`'s link's lock shared, the space's lock, the role read after them:
   * db/locks.ts lockForSaveQuery), checks the role (policies/workspace.ts membershipForSave)
   * and the plan's `limit` (sources a space holds, null: unlimited) under them, and writes the
   * source's row only when both pass — so saves into one space run side by side, and the
   * limit still holds exactly (issue #18):
   * - with at least COUNTER_SLOTS (16) free places: the space's lock shared and one counter
   *   slot. Each save in flight holds a slot of its own, so at most 15 others are in flight,
   *   each adding one source; the count read after the slot was taken plus 16 stays within the
   *   limit, whatever they commit. Should the count have grown past that meanwhile, nothing
   *   is written and the transaction runs again (db/locks.ts runAgain), taking the other way;
   * - near the limit: the space's lock exclusive (no save in flight) and the exact count.
   * Then, as {@link insert}, what it holds, its tags and folders (none: the save is that one
   * statement, and {@link writeSauces} may run it without a transaction of its own).
   * @returns the membership as it is now and the source's id.
   * @throws as lockMembership; LIMIT_REACHED (422) at the limit or for too many tags; FOLDER_NOT_FOUND (404).
   */
  saveOne(claim: MembershipClaim, origin: Origin, s: NewSauce, limit: number | null): Promise<{ membership: Membership; id: number }>;
  /**
   * Inserts new sources of `m` into its space, which the transaction holds locked
   * (exclusive: imports, articles, captures): checks the plan's `limit` for them, writes
   * their rows, then for each what it holds (`contents`) and its bytes, its tags and folders;
   * queues the link jobs of its origin, sent after the commit; tells the space's members once
   * it committed (one event: the last source).
   * @returns each source's id, null for an import whose key the space holds (not written).
   * @throws LIMIT_REACHED (422) at the plan's sources or for too many tags; FOLDER_NOT_FOUND (404).
   */
  insert(m: Membership, origin: Origin, newSauces: readonly NewSauce[], limit: number | null): Promise<(number | null)[]>;
  /**
   * Writes an edit of source `id` (the caller holds it locked): `set`, and with `link` the
   * link's columns, its key (issue #21 item 5), and — a new link — its health and copy state
   * afresh, its link's job (services/link-read.ts) sent after the commit.
   */
  update(m: Membership, id: number, set: SauceEdit, link?: LinkEdit): Promise<void>;
}

/** What a transaction of {@link writeSauces} did that tells or wakes anyone after it committed. */
interface Done {
  sends: { previews: PreviewOptions; jobs: LinkJobToSend[] }[];
  created: { workspaceId: number; id: number; actorId: number }[];
}

/**
 * Whether a save of one source read room for it under its lock ({@link SauceWriter.saveOne}).
 * @throws LIMIT_REACHED (422) at the limit (lock exclusive); runAgain with under COUNTER_SLOTS places left (lock shared).
 */
function checkRoom(sauceCount: number, exclusive: boolean, limit: number | null): void {
  if (limit === null) return;
  if (exclusive) {
    if (sauceCount + 1 > limit) throw LimitReachedError('sources', limit);
  } else if (sauceCount + COUNTER_SLOTS > limit) {
    throw runAgain('The space neared its limit while this save took its lock.');
  }
}

function writer(tx: Tx, done: Done): SauceWriter {
  const queue = (previews: PreviewOptions, jobs: LinkJobToSend[]) => {
    if (jobs.length) done.sends.push({ previews, jobs });
  };
  /** After new sources' rows: writes what they hold, their tags and folders; queues their link jobs and their notice. */
  const complete = async (m: Membership, origin: Origin, written: { s: NewSauce; id: number; jobs: LinkJobToSend[] }[]) => {
    for (const { s, id } of written) {
      const bytes = s.contents ? await s.contents(tx, id, m) : 0;
      if (bytes) await tx.update(sauces).set({ byteSize: sql`${sauces.byteSize} + ${bytes}` }).where(eq(sauces.id, id));
    }
    await addTags(tx, m.userId, written.map(({ s, id }) => ({ sauceId: id, names: s.tags ?? [] })));
    await addFolders(tx, m.workspaceId, written.flatMap(({ s, id }) => [...new Set(s.folderIds ?? [])].map((folderId) => ({ sauceId: id, folderId }))));
    if (origin.from === 'editor') queue(origin.previews, written.flatMap((w) => w.jobs));
    if (written.length) done.created.push({ workspaceId: m.workspaceId, id: written.at(-1)!.id, actorId: m.userId });
  };
  return {
    async saveOne(claim, origin, s, limit) {
      const { row, jobs } = rowOf(claim, origin, s);
      const read = await saveOneStatement(tx, { ...row, limit, personalRoles: rolesAllowed(claim.action, true), teamRoles: rolesAllowed(claim.action, false) });
      const membership = membershipForSave(claim, read[0]);
      checkRoom(read[0]!.sources, read[0]!.exclusive, limit);
      const id = read[0]!.id;
      if (id === null) throw new Error('A save passed its checks but wrote nothing.');
      await complete(membership, origin, [{ s, id, jobs }]);
      return { membership, id };
    },
    async insert(m, origin, newSauces, limit) {
      if (newSauces.length === 0) return [];
      // The plan's sources a space holds (SPEC §9 beta: 100; null: unlimited; config PLAN_SOURCES_PER_SPACE).
      if (limit !== null && (await saucesIn(tx, m.workspaceId)) + newSauces.length > limit) throw LimitReachedError('sources', limit);
      const made = newSauces.map((s) => rowOf(m, origin, s));
      const ids: (number | null)[] = [];
      for (let i = 0; i < made.length; i += ROWS_PER_STATEMENT) {
        ids.push(...(await insertRows(tx, made.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.row))));
      }
      await complete(m, origin, newSauces.flatMap((s, i) => (ids[i] === null ? [] : [{ s, id: ids[i]!, jobs: made[i]!.jobs }])));
      return ids;
    },
    async update(m, id, set, link) {
      const c = link?.columns;
      await tx
        .update(sauces)
        .set({
          ...set,
          ...(c ? { ...c, linkKey: linkKeyOf(c.link) } : {}),
          // A new link's health is its own: checked afresh (issue #21).
          ...(c && link?.isNew ? { linkCheckedAt: null, linkFailures: 0, linkBroken: false, ...copyColumns(link.copying ? c.link : null) } : {}),
        })
        .where(eq(sauces.id, id));
      if (link?.columns.link) {
        const url = link.columns.link;
        if (link.columns.linkStatus === 'pending' || link.copying) queue(link.previews, [linkJob(url, m.userId)]);
      }
    },
  };
}

/**
 * Issue #29: a save of one source ({@link SauceWriter.saveOne}) as a request's whole write — one
 * statement committed on its own without images, tags or folders, else one transaction — then `answer(id)`.
 */
export function saveSauce<R>(db: Db, claim: MembershipClaim, origin: Origin, s: NewSauce, limit: number | null, answer: (id: number) => Promise<R>): Promise<R> {
  const alone = !s.contents && !s.tags?.length && !s.folderIds?.length;
  return writeSauces(db, async (_tx, write) => (await write.saveOne(claim, origin, s, limit)).id, answer, { oneStatement: alone });
}

/**
 * Runs `work` in one transaction of `db` (run again as a whole on a deadlock, db/client.ts)
 * with the {@link SauceWriter} of that transaction — the only way to add a source or change
 * its link. With `oneStatement` (work of a single statement: {@link saveSauce} of a source
 * without tags, folders or images) that statement is the transaction, no BEGIN or COMMIT
 * round trip around its locks (issue #29), run again on a deadlock too (retryOnConflict).
 * Once it committed: the link jobs its writes queued are sent once the requests in flight
 * eased (jobs/link-jobs.ts sendAfterCommit, issue #29: no job row in the transaction; the
 * sweep, services/link-sweep.ts, sends those of a process that stopped first), and the
 * members watching each space are told about its new sources (services/events.ts
 * notifyAfterCommit) — beside `answer`, which reads what the caller returns.
 */
export async function writeSauces<T, R = T>(
  db: Db,
  work: (tx: Tx, write: SauceWriter) => Promise<T>,
  answer?: (result: T) => Promise<R>,
  { oneStatement = false }: { oneStatement?: boolean } = {},
): Promise<R> {
  let done: Done = { sends: [], created: [] };
  const attempt = (tx: Tx) => {
    done = { sends: [], created: [] };
    return work(tx, writer(tx, done));
  };
  const result = oneStatement ? await retryOnConflict(() => attempt(db as unknown as Tx)) : await db.transaction(attempt);
  for (const { previews, jobs } of done.sends) sendAfterCommit(previews, jobs);
  const [answered] = await Promise.all([
    answer ? answer(result) : (result as unknown as R),
    ...done.created.map(({ workspaceId, id, actorId }) => notifyAfterCommit(db, workspaceId, { type: 'sauce', action: 'created', id, actorId })),
  ]);
  return answered;
}

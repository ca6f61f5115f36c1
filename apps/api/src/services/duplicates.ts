import type { Duplicate } from '@sauce/contract/sauces';
import { DUPLICATES_MAX } from '@sauce/contract/sauces';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isoUtc } from '../db/sql.ts';

/**
 * Query parameters that only say where a visitor came from (issue #21 item 5): dropped
 * from a link's key, so the same page shared from a newsletter and from a feed is one.
 * Names are compared lower-case; `utm_*` (any suffix) is matched by {@link isTracking}.
 */
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'ref',
  'ref_src',
  'ref_url',
  'spm',
  'vero_id',
  'oly_anon_id',
  'oly_enc_id',
]);

/** True for a tracking parameter's name (`utm_*` or one of {@link TRACKING_PARAMS}). */
export const isTracking = (name: string) => {
  const n = name.toLowerCase();
  return n.startsWith('utm_') || TRACKING_PARAMS.has(n);
};

/**
 * A link's key for finding duplicates (issue #21 item 5): two links with the same key are
 * the same page. For http and https links: the scheme is dropped (http and https are one),
 * the host lower-cased without a leading `www.`, the port dropped when it is 80 or 443,
 * the path kept as written (paths are case-sensitive) but for a trailing slash, the
 * fragment dropped (but a `#/…` or `#!…` route of a single-page app, which names the page),
 * tracking parameters ({@link isTracking}) removed, and the rest of the query sorted by
 * name then value; e.g. `https://www.Example.com/a/?b=2&utm_source=x&a=1#top` →
 * `example.com/a?a=1&b=2`. Any other text (another scheme, not a URL) is its own key,
 * trimmed, so it matches only itself. At most 2,048 characters (a link's limit) go in; the
 * key is never longer than its link.
 */
export function linkKey(link: string): string {
  const raw = link.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return raw;
  const host = url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const params = [...url.searchParams].filter(([name]) => !isTracking(name));
  params.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const hash = /^#!?\//.test(url.hash) ? url.hash : '';
  const auth = url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : '';
  return `${auth}${host}${port}${path}${query}${hash}`;
}

/** A link's key, or null without a link: what `sauces.link_key` holds. */
export const linkKeyOf = (link: string | null | undefined): string | null => (link ? linkKey(link) : null);

/**
 * GET /archive/sauce/{workspace}/duplicates (issue #21 item 5): the space's sources whose
 * link has the same key as `link` ({@link linkKey}), newest first, at most
 * {@link DUPLICATES_MAX}, leaving out `exclude` (the source being edited). Read through the
 * index on (workspace_id, link_key). The caller has checked that the person may read the space.
 */
export async function findDuplicates(db: Db, workspaceId: number, link: string, exclude?: number): Promise<Duplicate[]> {
  const { rows } = await db.execute<Duplicate>(sql`
    SELECT s.id, s.type, s.title, s.link_title AS "linkTitle", s.link, ${sql.raw(isoUtc('s.created_at'))} AS "createdAt",
      COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.name) ORDER BY f."order")
        FROM sauce_folders sf JOIN folders f ON f.id = sf.folder_id WHERE sf.sauce_id = s.id), '[]') AS "folderSet"
    FROM sauces s
    WHERE s.workspace_id = ${workspaceId} AND s.link_key = ${linkKey(link)} AND s.id <> ${exclude ?? 0}
    ORDER BY s.created_at DESC, s.id DESC
    LIMIT ${DUPLICATES_MAX}`);
  return rows;
}

/** Rows the backfill keys per statement. */
const BACKFILL_BATCH = 500;

/**
 * Keys the links saved before `link_key` existed (migration 0016), or by a path that did
 * not set it (a restore of an older backup): a background pass at start, in batches of
 * {@link BACKFILL_BATCH} by id, each row keyed once (`link_key IS NULL`), so several
 * processes starting together only repeat a little work. Logs and stops on an error; the
 * next start goes on.
 * @returns how many rows were keyed.
 */
export async function backfillLinkKeys(db: Db, log?: { warn(obj: object, msg: string): void }): Promise<number> {
  let done = 0;
  let after = 0;
  try {
    for (;;) {
      const { rows } = await db.execute<{ id: number; link: string }>(sql`
        SELECT id, link FROM sauces WHERE link IS NOT NULL AND link_key IS NULL AND id > ${after} ORDER BY id LIMIT ${BACKFILL_BATCH}`);
      if (rows.length === 0) return done;
      after = rows.at(-1)!.id;
      await db.execute(sql`
        UPDATE sauces s SET link_key = v.k
        FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => linkKey(r.link)))}::text[]) AS v(id, k)
        WHERE s.id = v.id AND s.link_key IS NULL AND s.link IS NOT NULL`);
      done += rows.length;
    }
  } catch (err) {
    log?.warn({ err }, 'link keys: backfill stopped; the next start goes on');
    return done;
  }
}

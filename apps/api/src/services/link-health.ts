import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lockWorkspaces } from '../db/locks.ts';
import { safeFetch, SafeFetchError } from '../lib/safe-fetch.ts';
import { notifyWorkspace } from './events.ts';

/**
 * Issue #21 item 2: broken links are found. Every saved link is checked again a week after
 * its last check, through the guarded fetch and its per-host outbound budget; a link that
 * answers 404 or 410, or whose name no longer resolves, three checks in a row is marked
 * broken (the card says so, the list's `broken` filter finds it), and any answer clears it.
 * A check that meets a slow, erring or refusing site changes nothing: only a link that is
 * gone counts.
 */

/** Days between two checks of a link. */
export const RECHECK_DAYS = 7;
/** Checks in a row that found the link gone before it is marked broken. */
export const BROKEN_AFTER = 3;
/** Links checked at once (each host's own limit applies besides, lib/outbound.ts). */
const PARALLEL = 4;

/** What a check found: the link answers, it is gone, or the check could not tell. */
export type LinkHealth = 'ok' | 'gone' | 'unknown';

/** Options of a check: the fetch's address policy (config.metadataAllowPrivate) and its time limit, ms. */
export interface LinkCheckOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
}

/** Checks one link: any answer is 'ok' (a page too large or not HTML answered too); 404/410 or an unknown name 'gone'. */
export async function probeLink(link: string, opts: LinkCheckOptions): Promise<LinkHealth> {
  try {
    await safeFetch(link, { allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs ?? 10_000, maxBytes: 65_536 });
    return 'ok';
  } catch (e) {
    if (!(e instanceof SafeFetchError)) return 'unknown'; // a refused address: not the link's fault
    if (e.reason === 'http-status') return e.status === 404 || e.status === 410 ? 'gone' : 'unknown';
    if (e.reason === 'too-large' || e.reason === 'unsupported-type' || e.reason === 'unsupported-encoding') return 'ok';
    const code = (e.cause as { code?: string } | undefined)?.code;
    return e.reason === 'network' && code === 'ENOTFOUND' ? 'gone' : 'unknown';
  }
}

/**
 * Records what a check of `link` found on every source holding it, under their spaces'
 * locks (the lock order, db/locks.ts), and tells the members of spaces whose card changed.
 * @returns how many of its sources turned broken.
 */
async function recordHealth(db: Db, link: string, health: LinkHealth, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: spaces } = await tx.execute<{ workspace_id: number }>(sql`SELECT DISTINCT workspace_id FROM sauces WHERE link = ${link}`);
    const locked = await lockWorkspaces(tx, spaces.map((r) => r.workspace_id));
    if (locked.length === 0) return 0;
    const failures = health === 'ok' ? sql`0` : health === 'gone' ? sql`link_failures + 1` : sql`link_failures`;
    const { rows } = await tx.execute<{ id: number; workspace_id: number; broken: boolean; was: boolean }>(sql`
      UPDATE sauces s SET link_checked_at = ${now.toISOString()}, link_failures = ${failures},
        link_broken = ${failures} >= ${BROKEN_AFTER}
      FROM (SELECT id, link_broken AS was FROM sauces WHERE link = ${link}
            AND workspace_id = ANY(${sql.raw(`ARRAY[${locked.join(',')}]::int[]`)}) FOR UPDATE) o
      WHERE s.id = o.id
      RETURNING s.id, s.workspace_id, s.link_broken AS broken, o.was`);
    const changed = rows.filter((r) => r.broken !== r.was);
    // actorId 0: the system, so every member's view refetches.
    for (const r of changed) await notifyWorkspace(tx, r.workspace_id, { type: 'sauce', action: 'updated', id: r.id, actorId: 0 });
    return changed.filter((r) => r.broken).length;
  });
}

/**
 * Checks up to `batch` links due for a check (never checked, or last checked
 * {@link RECHECK_DAYS} days before `now`), oldest check first, each once however many
 * sources hold it, {@link PARALLEL} at a time.
 * @returns how many links were checked, how many sources turned broken, and whether more are due.
 */
export async function checkLinks(db: Db, opts: LinkCheckOptions, now = new Date(), batch = 100) {
  const due = new Date(now.getTime() - RECHECK_DAYS * 86_400_000);
  const { rows } = await db.execute<{ link: string }>(sql`
    SELECT link FROM sauces WHERE link IS NOT NULL AND (link_checked_at IS NULL OR link_checked_at < ${due.toISOString()})
    ORDER BY link_checked_at NULLS FIRST LIMIT ${batch * 4}`);
  const links = [...new Set(rows.map((r) => r.link))].slice(0, batch);
  let broken = 0;
  for (let i = 0; i < links.length; i += PARALLEL) {
    const slice = links.slice(i, i + PARALLEL);
    const found = await Promise.all(slice.map((link) => probeLink(link, opts)));
    for (const [j, link] of slice.entries()) broken += await recordHealth(db, link, found[j]!, now);
  }
  return { checked: links.length, broken, more: links.length === batch || rows.length === batch * 4 };
}

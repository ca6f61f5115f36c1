import type { Permission } from '@sauce/contract/common';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { UnauthenticatedError } from '../errors.ts';
import type { Tx } from './types.ts';
import { pgError } from './sql.ts';

/*
 * The lock order (issue #18). Every transaction that writes takes its row locks in this
 * order, each kind at most once and in ascending key within a kind, so no two writes can
 * wait for each other in a circle:
 *
 *   1. the acting person's `users` row      lockPerson       (uploads, imports, joining or
 *                                                             creating a space, withdrawal)
 *  1b. a link's lock (issue #29)            lockLink         (shared: a save of a source
 *                                                             with the link; exclusive: its
 *                                                             job writing its preview or copy)
 *   2. spaces, by id: exclusive             lockWorkspaces   (every write to what a space
 *                                           / lockMembership  holds, jobs included)
 *      or shared (a save of one source;     lockForSaveQuery (issue #29)
 *      a link's job)                       / lockWorkspaces(…, 'shared')
 *  2b. one slot of each space's counters   (taken by the first write to what the space's
 *                                           list shows: the triggers of migration 0019;
 *                                           a save takes it with step 2; waited for only
 *                                           when all 16 are held, so a trigger taking it
 *                                           after later steps closes no circle)
 *   3. `workspace_members` rows             (role changes, removals, leaves: after 2)
 *   4. `sauces` rows, by id                 (edits, deletes, tag renames)
 *   5. `sauce_images` rows, by id           (saving images into a source)
 *   6. `tags` rows, by name                 (tag lists; inserts sorted by name)
 *   7. anything else (invitations, jobs, articles)
 *
 * A space's lock is two locks taken in this order: its advisory lock (pg_advisory_xact_lock
 * on (SPACE_LOCK, id)), then its row. Exclusive: the advisory lock, then the row FOR NO KEY
 * UPDATE. Shared: both in their shared modes (FOR SHARE). The row alone would do for
 * exclusion, but PostgreSQL grants a row's FOR SHARE at once whenever only other sharers
 * hold it, so a stream of saves would keep an exclusive writer (a role change) waiting for
 * as long as it lasts; the advisory lock queues fairly: a save that asks once an exclusive
 * writer is waiting waits behind it. (SQL lock_for_save names SPACE_LOCK's value, 29, and LINK_LOCK's, 30.)
 *
 * Row locks on `users` and `workspaces` are FOR NO KEY UPDATE, never FOR UPDATE: foreign-key
 * checks of other writes (a source's author, an upload's space) take FOR KEY SHARE on the
 * same rows, which NO KEY UPDATE lets through and FOR UPDATE would block (the deadlock of
 * parallel uploads and saves). No trigger writes a space's row (migration 0019): a space's
 * list version and source counts live in 16 slot rows (`workspace_counters`), and a writing
 * transaction adds to one of them — the first it finds free (SKIP LOCKED), then that one
 * until it ends — so writers of one space do not wait for each other's counters.
 *
 * What a save of one source holds (createSauce, issue #29), each until its commit, taken in
 * this order, the first three by SQL lock_for_save ({@link lockForSaveQuery}) before anything
 * is written, in the statement that then writes the source's row (services/sauces/write.ts
 * saveOne) — for a text source without tags or folders the whole save, committed on its own
 * (no BEGIN or COMMIT round trip; its locks are held while the database runs it, never while
 * the server's thread is busy with another request):
 *   - with a link, the link's lock, shared (1b): the link's job writes its preview and copy
 *     onto every source waiting for the link, so it takes it exclusive and waits for the saves
 *     of that link in flight (whose sources it must see) — and for no other save: it holds
 *     the spaces shared.
 *   - the space's lock, shared (2), with its counter slot (2b) and then the role and the
 *     space's count read after them (0.4 ms alone on the test machine). Saves share it, so
 *     saves into one space run side by side; a role change, a removal, a folder write, an
 *     edit, an import, an upload (exclusive) waits for the saves in flight, and saves asked
 *     for after it wait for it: the role in force at commit decides (issue #18). The role is
 *     read there and only there: a save does not read it before its transaction.
 *   - the counter slot (2b): no other writer adds to it meanwhile, so at most 15 other saves
 *     are in flight beside it. With fewer than 16 free places under the plan's limit, a save
 *     takes the space's lock exclusive instead and counts exactly under it
 *     (services/sauces/write.ts saveOne): the limit holds.
 *   - its own new rows (the source, its tags, folders, search document), the person's new
 *     tag names, and, for an image source, its uploads' rows (5). No job row: its link's
 *     job is sent after the commit (jobs/link-jobs.ts sendAfterCommit),
 *     so two saves of one link no longer meet at pg-boss's singleton index, and a burst of
 *     saves writes no job row while it lasts.
 *   - nothing once it has committed: its event is sent to the members watching the space
 *     after the commit (services/events.ts notifyAfterCommit), since PostgreSQL serialises
 *     the commits of all transactions that NOTIFY; its link jobs follow once the requests in
 *     flight eased, with every other save's of that time, in one insert.
 * A save's transaction runs no network but the database's: about 1 ms alone on the test
 * machine (a text source without tags: one statement), longer while the CPUs are busy.
 *
 * What a lock protects is read *after* it, in a statement of its own: under READ COMMITTED
 * a statement that waited for a lock re-checks only the locked row, while a later statement
 * sees everything committed before it started (a role changed, an owner gone).
 *
 * Should an ordering be missed, a deadlock or serialization failure is retried by the
 * transaction itself (db/client.ts createDb), and answered 503 if it persists — never 500.
 */

/** The first key of the spaces' advisory locks: pg_advisory_xact_lock(SPACE_LOCK, id) (two-int form; pg-boss uses the bigint form). */
export const SPACE_LOCK = 29;

/** The first key of the links' advisory locks: pg_advisory_xact_lock(LINK_LOCK, hashtext(link)). */
export const LINK_LOCK = 30;

/**
 * Issue #29: locks `link` until commit (step 1b of the lock order): `shared` by a save of a
 * source with the link, `exclusive` by the link's job before it writes its preview or copy
 * onto every source waiting for it — so it sees every save of the link that was in flight,
 * while saves of other links, and other writes, never wait for them. (Two links whose
 * hashes meet only wait for each other.)
 */
export async function lockLink(tx: Tx, link: string, mode: 'exclusive' | 'shared'): Promise<void> {
  const advisory = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
  await tx.execute(sql`SELECT ${advisory}(${LINK_LOCK}, hashtext(${link}))`);
}

/** The SQL array of `ids`, sorted and unique (integers only: no value enters the text otherwise). */
const idArray = (ids: readonly number[]) => sql.raw(`ARRAY[${ids.map((n) => Math.trunc(n)).join(',')}]::int[]`);

/**
 * Locks the person's row until commit (step 1 of the lock order): their uploads, spaces,
 * imports and account change one at a time.
 * @throws UNAUTHENTICATED (401) when the account is gone (withdrawn meanwhile).
 */
export async function lockPerson(tx: Tx, userId: number): Promise<void> {
  const { rows } = await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR NO KEY UPDATE`);
  if (rows.length === 0) throw UnauthenticatedError('This account no longer exists.');
}

/**
 * Locks spaces until commit, in ascending id (step 2 of the lock order): their advisory
 * locks, then their rows — exclusive (FOR NO KEY UPDATE), or `shared` (FOR SHARE; issue #29:
 * a link's job, holding the link's lock (lockLink), writes its preview and copy onto the sources
 * waiting for it beside saves; exclusive writers — an edit, a delete — still wait for them).
 * @returns the ids that exist (a space deleted meanwhile is left out).
 */
export async function lockWorkspaces(tx: Tx, ids: readonly number[], mode: 'exclusive' | 'shared' = 'exclusive'): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  // The advisory locks first, in the array's (ascending) order; then the rows.
  const advisory = sql.raw(mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock');
  await tx.execute(sql`SELECT count(${advisory}(${SPACE_LOCK}, id)) FROM unnest(${idArray(unique)}) AS id`);
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM workspaces WHERE id = ANY(${idArray(unique)}) ORDER BY id ${sql.raw(mode === 'shared' ? 'FOR SHARE' : 'FOR NO KEY UPDATE')}`);
  return rows.map((r) => r.id);
}

/**
 * Issue #29: what a link's job holds before it writes onto the sources waiting for `link`:
 * the link's lock exclusive (1b), then the spaces of the sources `waiting` names (a
 * condition on a `sauces` row, e.g. copy_status = 'pending'), shared (2). The spaces are read
 * after the link's lock, so every save of the link that was in flight has committed and its
 * source is seen.
 * @returns the ids of the spaces locked (a space deleted meanwhile is left out).
 */
export async function lockLinkWaiting(tx: Tx, link: string, waiting: SQL): Promise<number[]> {
  await lockLink(tx, link, 'exclusive');
  const { rows } = await tx.execute<{ workspace_id: number }>(sql`SELECT DISTINCT workspace_id FROM sauces WHERE link = ${link} AND (${waiting})`);
  return lockWorkspaces(tx, rows.map((r) => r.workspace_id), 'shared');
}

/** What SQL lock_for_save read after its locks (migration 0020, {@link lockForSaveQuery}). */
export type LockForSaveRow = {
  /** The member's role now; null when they are not a member. */
  permission: Permission | null;
  is_personal: boolean;
  /** Sources the space holds now (its counter slots' sum). */
  sources: number;
  /** Whether it took the space's lock exclusive (near the limit) rather than shared with a counter slot. */
  exclusive: boolean;
};

/**
 * Issue #29: what a save of one source takes before it writes, as one query (SQL
 * lock_for_save, migration 0020), in the lock order: `link`'s lock shared (step 1b; null: no
 * link); the space's lock — exclusive when `limit` is set and the space held more than
 * `limit` − COUNTER_SLOTS sources when asked (step 2), else shared with the transaction's slot
 * of its counters (steps 2 and 2b: saves share it; every exclusive lock of the space waits for
 * it, and it for them) — then, in a statement of its own after the locks, `userId`'s role and
 * the space's sources: one {@link LockForSaveRow}, none when the space is gone. The save
 * writes in the same statement (services/sauces/write.ts saveOne), whose placeholders the
 * four values are.
 */
export const lockForSaveQuery = (id: SQLWrapper, userId: SQLWrapper, link: SQLWrapper, limit: SQLWrapper) =>
  sql`SELECT permission, is_personal, sources, exclusive FROM lock_for_save(${id}, ${userId}, ${link}::text, ${limit}::int)`;

/**
 * An error that makes the transaction run again (SQLSTATE 40001, as PostgreSQL's own
 * serialization failures: retryOnConflict), for a check that found the world changed in a
 * way the transaction's locks cannot cover (services/sauces/write.ts saveOne).
 */
export function runAgain(message: string): Error {
  return Object.assign(new Error(message), { code: '40001' });
}

/** SQLSTATEs of a transaction that lost a race and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/** Attempts of a transaction that keeps losing races, the first included. */
const ATTEMPTS = 4;

/**
 * Runs `attempt` (a whole transaction) again when PostgreSQL aborted it for a deadlock or a
 * serialization failure — or when `mayRerun(error)` says so (createDb: the connection was
 * lost before the transaction's COMMIT, so PostgreSQL rolled it back) — up to 4 attempts
 * with a short random pause (5–25 ms × attempt), so the transactions that met do not meet
 * again in step. Anything else is thrown at once.
 * @throws the last error when every attempt failed (errors.ts answers it 503).
 */
export async function retryOnConflict<T>(attempt: () => Promise<T>, mayRerun: (e: unknown) => boolean = () => false): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (n >= ATTEMPTS || !(RETRYABLE.has(pgError(e)?.code ?? '') || mayRerun(e))) throw e;
      await new Promise((r) => setTimeout(r, (5 + Math.random() * 20) * n));
    }
  }
}

/** Whether `err` is a deadlock or serialization failure that outlived its retries. */
export const isConflict = (err: unknown) => RETRYABLE.has(pgError(err)?.code ?? '');

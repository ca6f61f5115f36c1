import { sql } from 'drizzle-orm';
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
 *   2. `workspaces` rows, by id             lockWorkspaces   (every write to what a space
 *                                           / lockMembership  holds, jobs included)
 *   3. `workspace_members` rows             (role changes, removals, leaves: after 2)
 *   4. `sauces` rows, by id                 (edits, deletes, tag renames)
 *   5. `sauce_images` rows, by id           (saving images into a source)
 *   6. `tags` rows, by name                 (tag lists; inserts sorted by name)
 *   7. anything else (invitations, jobs, articles)
 *
 * Row locks on `users` and `workspaces` are FOR NO KEY UPDATE, never FOR UPDATE: foreign-key
 * checks of other writes (a source's author, an upload's space) take FOR KEY SHARE on the
 * same rows, which NO KEY UPDATE lets through and FOR UPDATE would block (the deadlock of
 * parallel uploads and saves). The version triggers (migration 0005) update the `workspaces`
 * row, which is why a write to a space's rows locks the space first: the trigger then takes
 * no new lock.
 *
 * What a lock protects is read *after* it, in a statement of its own: under READ COMMITTED
 * a statement that waited for a lock re-checks only the locked row, while a later statement
 * sees everything committed before it started (a role changed, an owner gone).
 *
 * Should an ordering be missed, a deadlock or serialization failure is retried by the
 * transaction itself (db/client.ts createDb), and answered 503 if it persists — never 500.
 */

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
 * Locks spaces' rows until commit, in ascending id (step 2 of the lock order).
 * @returns the ids that exist (a space deleted meanwhile is left out).
 */
export async function lockWorkspaces(tx: Tx, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT id FROM workspaces WHERE id = ANY(${sql.raw(`ARRAY[${unique.map((n) => Math.trunc(n)).join(',')}]::int[]`)})
    ORDER BY id FOR NO KEY UPDATE`);
  return rows.map((r) => r.id);
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

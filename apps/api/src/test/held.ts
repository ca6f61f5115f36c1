import pg from 'pg';
import { expect } from 'vitest';
import type { TestApp } from './build-app.ts';

/** A transaction of the test's own on the test file's database, left open until it ends. */
export interface Held {
  /** Runs one more statement inside the open transaction. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * Opens a transaction on its own connection and runs `statements` in it (e.g. a role change
 * as the app makes it: the space's lock, then the member's row), then leaves it open: what
 * the app does meanwhile meets its locks. Ended by `commit` or `rollback` (closing the
 * connection either way).
 */
export async function hold(t: TestApp, statements: [string, unknown[]?][]): Promise<Held> {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  await client.query('BEGIN');
  for (const [text, values] of statements) await client.query(text, values);
  const end = async (how: 'COMMIT' | 'ROLLBACK') => {
    try {
      await client.query(how);
    } finally {
      await client.end();
    }
  };
  return {
    query: (text, values) => client.query(text, values),
    commit: () => end('COMMIT'),
    rollback: () => end('ROLLBACK'),
  };
}

/** How many of the database's sessions wait for a lock now (pg_stat_activity). */
export async function lockWaiters(t: TestApp): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

/**
 * Starts `run` and resolves once `n` sessions of the database wait for a lock — the run's
 * requests blocked by a held transaction — with the run's promise (not awaited). Fails the
 * test when the run ends first (it did not wait for the held locks) or after 10 s.
 */
export async function startBlocked<T>(t: TestApp, run: () => Promise<T>, n = 1): Promise<{ result: Promise<T> }> {
  let ended = false;
  const result = run().finally(() => {
    ended = true;
  });
  result.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  while (!ended && (await lockWaiters(t)) < n) {
    if (Date.now() > deadline) throw new Error(`fewer than ${n} sessions waited for a lock within 10 s`);
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(ended, 'the request ended without waiting for the held transaction').toBe(false);
  return { result };
}

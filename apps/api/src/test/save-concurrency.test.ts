import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_SLOTS } from '../db/schema.ts';
import { LINK_QUEUE } from '../jobs/link-read.ts';
import { body, buildTestApp, type TestApp } from './build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from './factories.ts';
import { hold, lockWaiters, startBlocked } from './held.ts';
import { until } from './until.ts';

/**
 * Issue #29: saves into one space run side by side (the space's lock shared, one counter slot
 * each), while issue #18's rules still hold: the role in force at commit decides, and the
 * plan's limit is never passed. A save titled 'pause' stops inside its transaction, after its
 * locks, until the test lets it go (a trigger of this file's database waits for the test's
 * advisory lock), so the tests can hold saves in flight.
 */

const LIMIT = 40;
/** The advisory key the 'pause' trigger waits for (bigint form: no clash with the spaces' (29, id)). */
const PAUSE = 4242;

let t: TestApp;
/** A local site whose pages answer once the test opens them (`open`). */
let site: http.Server;
let origin = '';
const held: http.ServerResponse[] = [];
let hits = 0;
/** Whether the site answers at once (after `open`). */
let opened = false;
const page = '<!doctype html><title>Page</title><article><h1>Page</h1><p>Enough words of a page for a reader view to keep as its readable text, and some more.</p></article>';
const open = () => {
  opened = true;
  for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'text/html' }).end(page);
};

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    hits++;
    if (opened) res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    else held.push(res);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({
    PLAN_SOURCES_PER_SPACE: String(LIMIT),
    PLAN_MEMBERS_PER_SPACE: 'unlimited',
    METADATA_ALLOW_PRIVATE: 'true',
    LINK_PREVIEW_RETRIES: '0',
    LINK_SCREENSHOTS: 'false',
  });
  await t.db.$client.query(`
    CREATE FUNCTION test_pause() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_advisory_xact_lock_shared(${PAUSE}); RETURN NEW; END $$;
    CREATE TRIGGER test_pause BEFORE INSERT ON sauces FOR EACH ROW WHEN (NEW.title = 'pause') EXECUTE FUNCTION test_pause();`);
});

afterAll(() => {
  open();
  return new Promise<void>((r) => site.close(() => r()));
});

const save = (u: TestUser, ws: number, title: string, link: string | null = null) =>
  t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}`, headers: u.headers, payload: { type: 'TEXT', title, textSauce: { text: 'x', link } } });

/** Holds every 'pause' save where it stops, until `commit`. */
const pause = () => hold(t, [[`SELECT pg_advisory_xact_lock(${PAUSE})`]]);

/** Resolves `run`'s answer, or fails when it takes over `ms` (it waited for something). */
async function within<T>(ms: number, run: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([run, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Sources a space holds: counted, and as its counter slots keep them. */
async function sauces(ws: number) {
  const { rows } = await t.db.execute<{ counted: number; kept: number; version: number }>(sql`
    SELECT (SELECT count(*)::int FROM sauces WHERE workspace_id = ${ws}) AS counted,
      (SELECT sum(text_count + image_count)::int FROM workspace_counters WHERE workspace_id = ${ws}) AS kept,
      (SELECT sum(version)::int FROM workspace_counters WHERE workspace_id = ${ws}) AS version`);
  return rows[0]!;
}

/** A team space with its owner and two editors. */
async function team() {
  const owner = await buildUser(t);
  const ws = await buildWorkspace(t, owner);
  return { ws, owner, editor: await buildMember(t, ws, 'EDITOR'), editor2: await buildMember(t, ws, 'EDITOR') };
}

/** Fills space `ws` up to `n` sources, written as the app writes them (the triggers count them). */
async function fill(ws: number, author: TestUser, n: number) {
  await t.db.execute(sql`
    INSERT INTO sauces (workspace_id, author_id, type, title) SELECT ${ws}, ${author.userId}, 'TEXT', 'filled' FROM generate_series(1, ${n})`);
}

describe('saves into one space run side by side (issue #29)', () => {
  it('a save in flight holds up no other save into the space, by the same person or another', async () => {
    const w = await team();
    const v0 = (await sauces(w.ws)).version;
    const held = await pause();
    try {
      const { result: paused } = await startBlocked(t, () => save(w.editor, w.ws, 'pause'));
      // Before issue #29 each of these waited for the paused save's lock on the space.
      for (const [u, title] of [[w.owner, 'other'], [w.editor, 'same'], [w.editor2, 'third']] as const) {
        expect((await within(5_000, save(u, w.ws, title))).statusCode).toBe(200);
      }
      await held.commit();
      expect((await paused).statusCode).toBe(200);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    const after = await sauces(w.ws);
    expect(after.counted).toBe(4);
    expect(after.kept).toBe(4);
    // Every save bumped the version (the sum of the slots), each on a slot of its own.
    expect(after.version).toBeGreaterThanOrEqual(v0 + 4);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM workspace_counters WHERE workspace_id = ${w.ws} AND version > 0`);
    expect(rows[0]!.n).toBeGreaterThan(1);
  });

  it('a text save without tags or folders is one statement, no transaction around it; with tags, one transaction', async () => {
    const w = await team();
    /** Runs a save held inside the statement that took its locks; @returns the transactions the app opened for it. */
    const transactionsOf = async (run: () => Promise<{ statusCode: number }>) => {
      const transaction = t.db.transaction;
      let opened = 0;
      t.db.transaction = ((...args: Parameters<typeof transaction>) => {
        opened++;
        return transaction(...args);
      }) as typeof transaction;
      const held = await pause();
      try {
        const { result } = await startBlocked(t, run);
        const { rows } = await t.db.$client.query<{ query: string }>(
          `SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%lock_for_save%'`,
        );
        // The statement that took the save's locks is the one that writes its row.
        expect(rows).toHaveLength(1);
        expect(rows[0]!.query).toMatch(/lock_for_save[\s\S]*INSERT INTO "sauces"/);
        await held.commit();
        expect((await result).statusCode).toBe(200);
        return opened;
      } finally {
        t.db.transaction = transaction;
        await held.rollback().catch(() => undefined);
      }
    };
    // Its locks are held for that statement alone: no BEGIN before it, no COMMIT round trip after.
    expect(await transactionsOf(() => save(w.editor, w.ws, 'pause'))).toBe(0);
    const tagged = () =>
      t.app.inject({ method: 'POST', url: `/api/archive/sauce/${w.ws}`, headers: w.editor.headers, payload: { type: 'TEXT', title: 'pause', tagSet: ['kept'], textSauce: { text: 'x' } } });
    expect(await transactionsOf(tagged)).toBe(1);
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM sauce_tags st JOIN sauces s ON s.id = st.sauce_id WHERE s.workspace_id = ${w.ws} AND st.name = 'kept'`);
    expect(rows[0]!.n).toBe(1);
    expect((await sauces(w.ws)).counted).toBe(2);
  });

  it('every space has its counter slots', async () => {
    const w = await team();
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM workspace_counters WHERE workspace_id = ${w.ws}`);
    expect(rows[0]!.n).toBe(COUNTER_SLOTS);
  });
});

describe('the role in force at commit decides (issues #18, #29)', () => {
  it('a role change waits for the saves in flight, and saves asked for after it wait behind it', async () => {
    const w = await team();
    const held = await pause();
    try {
      const { result: inFlight } = await startBlocked(t, () => save(w.editor, w.ws, 'pause'));
      const demote = () =>
        t.app.inject({ method: 'PATCH', url: `/api/workspace/${w.ws}/user/${w.editor.userId}`, headers: w.owner.headers, payload: { permission: 'READER' } });
      const { result: demoted } = await startBlocked(t, demote, 2);
      // Shared locks alone would let this save through beside the one in flight, before the
      // waiting role change: the space's advisory lock queues it behind.
      const { result: late } = await startBlocked(t, () => save(w.editor, w.ws, 'late'), 3);
      await held.commit();
      // The save in flight committed while the editor was an editor; the one after, a reader.
      expect((await inFlight).statusCode).toBe(200);
      expect((await demoted).statusCode).toBe(200);
      const refused = await late;
      expect([refused.statusCode, body(refused).error.code]).toEqual([403, 'VIEWER_CANNOT_UPLOAD']);
    } finally {
      await held.rollback().catch(() => undefined);
    }
    expect((await sauces(w.ws)).counted).toBe(1);
  });

  it('30 saves whose author is made a reader before they commit are all refused', async () => {
    const w = await team();
    // The owner's change as the app makes it (db/locks.ts lockWorkspaces), left open.
    const held = await hold(t, [
      ['SELECT pg_advisory_xact_lock(29, $1)', [w.ws]],
      ['SELECT id FROM workspaces WHERE id = $1 FOR NO KEY UPDATE', [w.ws]],
      ['UPDATE workspace_members SET permission = $3 WHERE workspace_id = $1 AND user_id = $2', [w.ws, w.editor.userId, 'READER']],
    ]);
    try {
      const result = Promise.all(Array.from({ length: 30 }, (_, i) => save(w.editor, w.ws, `s${i}`)));
      // As many as the app's pool (10) lets in wait for the held change (counted on a
      // connection of the test's own: the saves fill the pool).
      const watch = new pg.Client({ connectionString: t.url });
      await watch.connect();
      try {
        const deadline = Date.now() + 10_000;
        const waiting = async () =>
          (await watch.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n;
        while ((await waiting()) < 8) {
          if (Date.now() > deadline) throw new Error('the saves did not wait for the role change');
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        await watch.end();
      }
      await held.commit();
      const answers = await result;
      expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(403));
    } finally {
      await held.rollback().catch(() => undefined);
    }
    expect((await sauces(w.ws)).counted).toBe(0);
  });
});

describe('the plan’s limit holds with saves side by side (issues #18, #29)', () => {
  for (const [filled, atOnce] of [
    [LIMIT - 20, 30],
    [4, 45],
  ] as const) {
    it(`${atOnce} saves at once at the last ${LIMIT - filled} free places leave the space exactly at its limit`, async () => {
      const w = await team();
      await fill(w.ws, w.owner, filled);
      const members = [w.owner, w.editor, w.editor2];
      const answers = await Promise.all(Array.from({ length: atOnce }, (_, i) => save(members[i % 3]!, w.ws, `s${i}`)));
      const saved = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode !== 200);
      expect(saved).toHaveLength(LIMIT - filled);
      expect(refused.map((r) => [r.statusCode, body(r).error.code])).toEqual(Array(atOnce - (LIMIT - filled)).fill([422, 'LIMIT_REACHED']));
      expect(await sauces(w.ws)).toMatchObject({ counted: LIMIT, kept: LIMIT });
    });
  }

  it(`a save beside ${COUNTER_SLOTS - 1} saves in flight passes only while all of them fit`, async () => {
    const w = await team();
    await fill(w.ws, w.owner, LIMIT - COUNTER_SLOTS);
    // Fifteen saves in flight as the app's shared way holds them: the space shared, a slot
    // each, a source written, not committed.
    const inFlight = [];
    for (let i = 0; i < COUNTER_SLOTS - 1; i++) {
      inFlight.push(
        await hold(t, [
          ['SELECT * FROM lock_for_save($1, $2, NULL, NULL)', [w.ws, w.editor.userId]],
          [`INSERT INTO sauces (workspace_id, author_id, type, title) VALUES ($1, $2, 'TEXT', 'in flight')`, [w.ws, w.editor.userId]],
        ]),
      );
    }
    try {
      // Room for it and every save in flight: it takes the last slot and does not wait.
      expect((await within(5_000, save(w.owner, w.ws, 'fits'))).statusCode).toBe(200);
      // Now the saves in flight would fill the space: the next waits for them (the space's
      // lock exclusive) and counts exactly.
      const { result } = await startBlocked(t, () => save(w.owner, w.ws, 'one too many'));
      for (const h of inFlight) await h.commit();
      const res = await result;
      expect([res.statusCode, body(res).error.code]).toEqual([422, 'LIMIT_REACHED']);
    } finally {
      for (const h of inFlight) await h.rollback().catch(() => undefined);
    }
    expect(await sauces(w.ws)).toMatchObject({ counted: LIMIT, kept: LIMIT });
  });
});

describe('a link’s preview and copy beside saves of the link (issue #29)', () => {
  it('wait for the saves of the link in flight, and write onto their sources too', async () => {
    const u = await buildUser(t);
    const link = `${origin}/held`;
    const first = await save(u, u.workspaceId, 'first', link);
    expect(first.statusCode).toBe(200);
    const jobs = t.runDue(LINK_QUEUE);
    await until('the link job fetching', () => held.length >= 1);
    const paused = await pause();
    try {
      // A second save of the link stops in flight (its source not written yet); the page then
      // answers: the job waits for the save (the link's lock), not only for its space.
      const { result: second } = await startBlocked(t, () => save(u, u.workspaceId, 'pause', link));
      open();
      await until('the job waiting for the save in flight', async () => (await lockWaiters(t)) >= 1);
      // Saves of other links, and other saves of this space, do not wait for them.
      expect((await within(5_000, save(u, u.workspaceId, 'elsewhere'))).statusCode).toBe(200);
      await paused.commit();
      expect((await second).statusCode).toBe(200);
      const ids = [body(first).data.id, body(await second).data.id];
      // The first jobs end; the second save's jobs run after them (and any put back for a second).
      await jobs;
      await t.runUntilIdle([LINK_QUEUE], { withinS: 2 });
      const { rows } = await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM sauces WHERE id = ANY(${sql.raw(`ARRAY[${ids.join(',')}]`)}) AND link_status = 'ready' AND copy_status <> 'pending'`);
      expect(rows[0]!.n).toBe(2);
    } finally {
      await paused.rollback().catch(() => undefined);
      open();
    }
    // One fetch for the preview and the copy: the second save's job found nothing left to do.
    expect(hits).toBe(1);
  });
});

import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../lib/fair-queue.ts';
import { reclaimImports, runImport } from '../../services/import/run.ts';
import { IMPORT_QUEUE, type ImportDeps } from '../../services/import/store.ts';
import { parseImport } from '../../services/import/parse.ts';
import { admitImport, importsInLine, READ_LIMITS } from '../../services/import/reader.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { finished, importFile, many, netscape } from '../../test/imports.ts';

// Issue #18 item 6: a hostile import file costs its sender a 4xx, never anyone else's
// latency; imports are read one at a time in a bounded line; an import left running by a
// process that died goes on and never blocks the person's next one.

let t: TestApp;
let deps: ImportDeps;
beforeAll(async () => {
  t = await buildTestApp();
  deps = { db: t.db, files: undefined as never, jobs: t.jobs, plan: t.config.plan, copies: true };
});

/**
 * The event loop's worst delay allowed while a hostile file is read (ms). Before issue #18
 * these files held it for 11.6 s and 27.7 s; this is far above what a busy test machine
 * adds on its own (the full API suite on two cores, its other files running beside this
 * one, once measured 731 ms with the reading in its own process: 500 was too close), far
 * below that.
 */
const STALL_MS = 2_000;

/**
 * How long the other person waits between reads of their list (ms): about 40 reads a
 * second. Read back to back, the test's own requests took a whole core from the import
 * reader, which yields to requests (nice 10): the 18 MB file then hit the reader's time
 * limit instead of its heap limit when this file ran alone.
 */
const READ_EVERY_MS = 25;

/**
 * Runs `work` while another person reads their source list again and again, and measures
 * the event loop's delay meanwhile.
 * @returns what `work` returned, the worst delay of the event loop and the slowest list read (ms).
 */
async function whileOthersRead<T>(work: () => Promise<T>) {
  const other = await buildUser(t);
  const list = () => t.app.inject({ url: `/api/archive/sauce/${other.workspaceId}/list`, headers: other.headers });
  await list();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let done = false;
  const lists: number[] = [];
  const reading = (async () => {
    while (!done) {
      const t0 = performance.now();
      expect((await list()).statusCode).toBe(200);
      lists.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, READ_EVERY_MS));
    }
  })();
  try {
    return { result: await work(), stallMs: delay.max / 1e6, slowestListMs: Math.max(...lists, 0), lists: lists.length };
  } finally {
    done = true;
    await reading;
    delay.disable();
  }
}

const HEAD = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n';

describe('hostile bookmarks files (issue #18)', () => {
  it('100,000 nested lists (1.4 MB): 400 at once, while another person’s list stays fast', async () => {
    const u = await buildUser(t);
    const file = Buffer.from(HEAD + '<DL><p>'.repeat(100_000) + '</DL><p>'.repeat(100_000));
    const { result: res, stallMs, slowestListMs, lists } = await whileOthersRead(() => importFile(t, u, u.workspaceId, file));
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatchObject({ code: 'IMPORT_FILE_INVALID', details: { reason: 'tooDeep', limit: 100 } });
    expect(lists).toBeGreaterThan(0);
    expect(stallMs).toBeLessThan(STALL_MS);
    expect(slowestListMs).toBeLessThan(STALL_MS);
  });

  it('100,000 unclosed <b> (293 KB): imported within bounds, while another person’s list stays fast', async () => {
    const u = await buildUser(t);
    const file = Buffer.from(HEAD + '<DL><p><DT><A HREF="https://bold.example/" ADD_DATE="1700000000">Bold</A>' + '<b>'.repeat(100_000) + '</DL><p>');
    const { result: res, stallMs, slowestListMs } = await whileOthersRead(() => importFile(t, u, u.workspaceId, file));
    expect(res.statusCode, res.body).toBe(200);
    expect(stallMs).toBeLessThan(STALL_MS);
    expect(slowestListMs).toBeLessThan(STALL_MS);
    expect(await finished(t, u, body(res).data.id)).toMatchObject({ status: 'done', imported: 1 });
  });

  it('a file that needs more memory than the reader has (18 MB of JSON, 7 million arrays and objects): 400, and the server goes on', async () => {
    const u = await buildUser(t);
    // An object in an array: this outgrows the reader's heap in 2.9 s of CPU where 6 million
    // bare objects took 7.3 s (measured), so that the reader — which yields to the server's
    // requests (nice 10) — reaches its heap limit, not its time limit, on a busy machine too:
    // with two other processes busy on the two cores, those took over 60 s (the time limit).
    const file = Buffer.from('[' + '[{}],'.repeat(3_600_000) + '[{}]]');
    // What the server's log gets: one line, not V8's report with its native stack.
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (written.push(String(chunk)), write(chunk, ...rest))) as typeof process.stderr.write;
    let res;
    let stallMs;
    try {
      ({ result: res, stallMs } = await whileOthersRead(() => importFile(t, u, u.workspaceId, file)));
    } finally {
      process.stderr.write = write;
    }
    expect(res.statusCode).toBe(400);
    expect(body(res).error).toMatchObject({ code: 'IMPORT_FILE_INVALID', details: { reason: 'tooComplex', limitMb: READ_LIMITS.heapMb } });
    expect(written.join('')).toContain(`The import reader ran out of its ${READ_LIMITS.heapMb} MB heap`);
    expect(written.join('')).not.toMatch(/Native stack trace|FATAL ERROR/);
    expect(stallMs).toBeLessThan(STALL_MS);
    // The next file is read by a new reader.
    const next = await importFile(t, u, u.workspaceId, netscape(many(2)));
    expect(next.statusCode, next.body).toBe(200);
    await finished(t, u, body(next).data.id);
  }, 120_000);
});

describe('imports read at once in the process (issue #18)', () => {
  it('are read one at a time; the rest wait in a bounded line: 503 with Retry-After past it, 409 for a second of one person’s', async () => {
    // The reader is busy: the line's one turn is held.
    const busy = admitImport(-1);
    let free!: () => void;
    const holding = busy.run(() => new Promise<void>((r) => (free = r)));
    const people = await Promise.all([1, 2, 3].map(() => buildUser(t)));
    const answered: number[] = [];
    const waiting = people.map((u) =>
      importFile(t, u, u.workspaceId, netscape(many(3))).then((res) => {
        answered.push(u.userId);
        return res;
      }),
    );
    const fillers: Ticket[] = [];
    try {
      // Each is admitted (its file on disk) and waits for the turn.
      const deadline = Date.now() + 10_000;
      while (importsInLine() < 4) {
        if (Date.now() > deadline) throw new Error(`only ${importsInLine()} in the line`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(answered).toEqual([]);
      // One person, one import in the line.
      const again = await importFile(t, people[0]!, people[0]!.workspaceId, netscape(many(1)));
      expect(again.statusCode).toBe(409);
      expect(body(again).error.code).toBe('IMPORT_IN_PROGRESS');
      // A full line turns the next import away at once, its file unread.
      while (importsInLine() < READ_LIMITS.admitted) fillers.push(admitImport(-100 - fillers.length));
      const stranger = await buildUser(t);
      const full = await importFile(t, stranger, stranger.workspaceId, netscape(many(1)));
      expect(full.statusCode).toBe(503);
      expect(full.headers['retry-after']).toBe('5');
      expect(body(full).error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answered).toEqual([]);
    } finally {
      for (const f of fillers) f.release();
      free();
      await holding;
      busy.release();
    }
    for (const res of await Promise.all(waiting)) expect(res.statusCode, res.body).toBe(200);
    expect(importsInLine()).toBe(0);
  });
});

/** An import as a process that died left it: 'running', its lease lapsed, `processed` of its entries done. */
async function interruptedImport(u: TestUser, n: number, opts: { attempts?: number; status?: 'running' | 'queued'; leaseSeconds?: number } = {}) {
  const { entries } = await parseImport(netscape(many(n)));
  const { rows } = await t.db.execute<{ id: number }>(sql`
    INSERT INTO import_jobs (user_id, workspace_id, format, file_name, status, total, attempts, lease_token, lease_until)
    VALUES (${u.userId}, ${u.workspaceId}, 'bookmarks-html', 'old.html', ${opts.status ?? 'running'}, ${n}, ${opts.attempts ?? 0},
      ${opts.status === 'queued' ? null : randomUUID()}, ${opts.status === 'queued' ? null : sql`now() + make_interval(secs => ${opts.leaseSeconds ?? -1})`})
    RETURNING id`);
  const id = rows[0]!.id;
  await t.db.execute(sql`
    INSERT INTO import_entries (job_id, position, entry)
    SELECT ${id}, e.ord - 1, e.value FROM jsonb_array_elements(${JSON.stringify(entries)}::jsonb) WITH ORDINALITY AS e(value, ord)`);
  return id;
}

const row = async (id: number) =>
  (
    await t.db.execute<{ status: string; processed: number; imported: number; attempts: number; error_code: string | null; entries: number }>(sql`
      SELECT status, processed, imported, attempts, error_code, (SELECT count(*)::int FROM import_entries WHERE job_id = ${id}) AS entries
      FROM import_jobs WHERE id = ${id}`)
  ).rows[0]!;
const saucesIn = async (ws: number) => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${ws}`)).rows[0]!.n;

describe('an import whose process died (issue #18)', () => {
  it('does not block the next import, and is taken back and finished within a minute', async () => {
    const u = await buildUser(t);
    const id = await interruptedImport(u, 10);
    // The row is held meanwhile, so the server's timer (which skips held rows) cannot take it back
    // between the insert and the next import: that import meets the lapsed run itself. Taken back
    // first, it would be a queued import of this person's, which rightly answers 409 (CI met this).
    const next = await t.db.transaction(async (tx) => {
      const held = await tx.execute<{ status: string }>(sql`SELECT status FROM import_jobs WHERE id = ${id} FOR UPDATE`);
      expect(held.rows[0]!.status).toBe('running');
      return importFile(t, u, u.workspaceId, netscape([{ href: 'https://next.example/', title: 'Next' }]));
    });
    expect(next.statusCode, next.body).toBe(200);
    // Taken back by the server's own timer (every LEASE.reclaimMs: what this waits for), then worked by its queue.
    const deadline = Date.now() + 30_000;
    while ((await row(id)).status === 'running') {
      if (Date.now() > deadline) throw new Error('the interrupted import was not taken back');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await t.runDue(IMPORT_QUEUE)).ids.length).toBeGreaterThanOrEqual(1);
    expect(await finished(t, u, id)).toMatchObject({ status: 'done', imported: 10, processed: 10 });
    expect(await row(id)).toMatchObject({ attempts: 1, entries: 0 });
    expect((await finished(t, u, body(next).data.id)).imported).toBe(1);
    expect(await saucesIn(u.workspaceId)).toBe(11);
  }, 70_000);

  it('is failed (INTERRUPTED) after three interrupted runs, its entries deleted', async () => {
    const u = await buildUser(t);
    const id = await interruptedImport(u, 3, { attempts: 2 });
    expect(await reclaimImports(deps)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: 'failed', error_code: 'INTERRUPTED', attempts: 3, entries: 0 });
    const res = await t.app.inject({ url: `/api/account/import/${id}`, headers: u.headers });
    expect(body(res).data).toMatchObject({ status: 'failed', errorCode: 'INTERRUPTED' });
  });

  it('is never taken from a live run: its lease holds off the reclaim, and a second run does nothing', async () => {
    const u = await buildUser(t);
    const id = await interruptedImport(u, 3, { leaseSeconds: 60 });
    expect(await reclaimImports(deps)).toEqual({ queued: 0, failed: 0 });
    await runImport(deps, id);
    expect(await row(id)).toMatchObject({ status: 'running', processed: 0, attempts: 0 });
    const res = await importFile(t, u, u.workspaceId, netscape(many(1)));
    expect(res.statusCode).toBe(409);
  });

  it('two runs of one import at once import it once', async () => {
    const u = await buildUser(t);
    const id = await interruptedImport(u, 20, { status: 'queued' });
    await Promise.all([runImport(deps, id), runImport(deps, id)]);
    expect(await row(id)).toMatchObject({ status: 'done', processed: 20, imported: 20 });
    expect(await saucesIn(u.workspaceId)).toBe(20);
  });

  it('a run that lost its lease while it waited writes nothing', async () => {
    const u = await buildUser(t);
    const id = await interruptedImport(u, 5, { status: 'queued' });
    // The run's first chunk waits for the person's row (its sources name their author).
    let run: Promise<void> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${u.userId} FOR UPDATE`);
      run = runImport(deps, id);
      const deadline = Date.now() + 10_000;
      while ((await row(id)).status !== 'running') {
        if (Date.now() > deadline) throw new Error('the run did not start');
        await new Promise((r) => setTimeout(r, 20));
      }
      // Meanwhile its lease went to another run.
      await tx.execute(sql`UPDATE import_jobs SET lease_token = ${randomUUID()} WHERE id = ${id}`);
    });
    await run;
    expect(await row(id)).toMatchObject({ status: 'running', processed: 0, imported: 0 });
    expect(await saucesIn(u.workspaceId)).toBe(0);
  });
});

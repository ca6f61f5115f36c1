import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_AFTER, checkLinks, RECHECK_DAYS } from '../../services/link-health.ts';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Issue #21 item 2: broken links are found — three weekly checks in a row finding the link
 * gone (404, 410) mark it broken; a slow or erring site changes nothing; any answer clears it.
 */
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let site: http.Server;
let base: string;
const hits = new Map<string, number>();
let goneAnswers = 404;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/gone') res.writeHead(goneAnswers, { 'content-type': 'text/html' }).end('<title>x</title>');
    else if (req.url === '/removed') res.writeHead(410).end();
    else if (req.url === '/erring') res.writeHead(503).end();
    else if (req.url === '/file.zip') res.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.alloc(200_000));
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Fine</title>');
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true' });
  alice = await buildUser(t);
  bob = await buildUser(t);
});
afterAll(() => new Promise((r) => site.close(r)));

const save = async (u: TestUser, path: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${u.workspaceId}`,
    headers: u.headers,
    payload: { type: 'TEXT', title: path, textSauce: { text: 'kept', link: `${base}${path}` } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.id as number;
};
const list = async (u: TestUser, q = '') =>
  body(await t.app.inject({ url: `/api/archive/sauce/${u.workspaceId}/list?pageSize=100${q}`, headers: u.headers })).data as {
    results: { id: number; title: string; textCard: { broken: boolean } }[];
    count: number;
  };
const week = (n: number) => new Date(Date.now() + n * (RECHECK_DAYS + 1) * 86_400_000);
const check = (n: number) => checkLinks(t.db, { allowPrivate: true, timeoutMs: 3_000 }, week(n));

describe('link health (issue #21)', () => {
  let gone: number;
  it(`marks a link gone ${BROKEN_AFTER} weekly checks in a row broken; an erring or odd answer never`, async () => {
    gone = await save(alice, '/gone');
    await save(alice, '/removed');
    await save(alice, '/erring');
    await save(alice, '/file.zip');
    await save(alice, '/fine');
    await save(bob, '/gone'); // the same link in another space: one fetch a check
    // The previews' and copies' own fetches done first (their retries wait: no job runs unless
    // the test says), so the hits counted below are the checks'.
    await t.runUntilIdle([LINK_QUEUE]);
    hits.clear();
    for (let n = 1; n <= BROKEN_AFTER; n++) {
      expect((await list(alice, '&broken=true')).count).toBe(0);
      const run = await check(n);
      expect(run.checked).toBe(5);
      // A second run the same week finds nothing due.
      expect((await check(n)).checked).toBe(0);
    }
    expect(hits.get('/gone')).toBe(BROKEN_AFTER);
    const broken = await list(alice, '&broken=true');
    expect(broken.results.map((r) => r.title).sort()).toEqual(['/gone', '/removed']);
    expect(broken.results.every((r) => r.textCard.broken)).toBe(true);
    expect((await list(bob, '&broken=true')).count).toBe(1);
    const all = await list(alice);
    expect(all.results.filter((r) => r.textCard.broken).map((r) => r.title).sort()).toEqual(['/gone', '/removed']);
  });

  it('clears the mark when the link answers again', async () => {
    goneAnswers = 200;
    await check(BROKEN_AFTER + 1);
    expect((await list(alice, '&broken=true')).results.map((r) => r.title)).toEqual(['/removed']);
    goneAnswers = 404;
  });

  it('starts afresh when a broken source gets a new link', async () => {
    const [removed] = (await list(alice, '&broken=true')).results;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/archive/sauce/${alice.workspaceId}/${removed!.id}`,
      headers: alice.headers,
      payload: { textSauce: { link: `${base}/fine?again` } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data.textCard.broken).toBe(false);
    const { rows } = await t.db.execute<{ link_failures: number; link_checked_at: string | null }>(
      sql`SELECT link_failures, link_checked_at FROM sauces WHERE id = ${removed!.id}`,
    );
    expect(rows[0]).toEqual({ link_failures: 0, link_checked_at: null });
    expect(gone).toBeGreaterThan(0);
  });

  it('refuses a broken filter that is not a boolean', async () => {
    const res = await t.app.inject({ url: `/api/archive/sauce/${alice.workspaceId}/list?broken=maybe`, headers: alice.headers });
    expect(res.statusCode).toBe(400);
  });
});

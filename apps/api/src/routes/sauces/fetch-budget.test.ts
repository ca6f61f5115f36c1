import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_QUEUE } from '../../jobs/link-read.ts';
import { FETCHES_PER_MINUTE } from '../../services/fetch-budget.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';

/** Issue #9 item 4: every outbound fetch shares one budget per person, and limits come first. */

let t: TestApp;
let server: http.Server;
let origin: string;
let hits = 0;
beforeAll(async () => {
  t = await buildTestApp({ METADATA_ALLOW_PRIVATE: 'true', LINK_COPIES: 'false' });
  server = http.createServer((req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Page ${req.url}</title>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (u: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u.headers, payload });

describe('outbound fetch budget', () => {
  it('70 saves changing a source’s link fetch at most 60 pages a minute; the saves still succeed', async () => {
    const amy = await buildUser(t, 'amy');
    const s = body(await send(amy, 'POST', `/archive/sauce/${amy.workspaceId}`, { type: 'TEXT', textSauce: { text: 'x' } })).data;
    hits = 0;
    const results = [];
    await startOfRoomyWindow(60_000);
    for (let i = 0; i < 70; i++) {
      results.push(await send(amy, 'PATCH', `/archive/sauce/${amy.workspaceId}/${s.id}`, { textSauce: { link: `${origin}/p${i}` } }));
      // Its preview job runs before the next change of link, as a free worker would take it.
      await t.runDue(LINK_QUEUE);
    }
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(hits).toBeLessThanOrEqual(FETCHES_PER_MINUTE);
    expect(hits).toBeGreaterThanOrEqual(FETCHES_PER_MINUTE - 2);
    // The same budget covers previews: spent, a preview of a new page is a 429.
    const preview = await t.app.inject({ url: `/api/metaData/getMeta?url=${encodeURIComponent(`${origin}/fresh`)}`, headers: amy.headers });
    expect(preview.statusCode).toBe(429);
    expect(body(preview).error.code).toBe('RATE_LIMITED');
    // Another person has their own budget; a cached page costs nothing.
    const ben = await buildUser(t, 'ben');
    const again = await t.app.inject({ url: `/api/metaData/getMeta?url=${encodeURIComponent(`${origin}/p1`)}`, headers: ben.headers });
    expect(body(again).data.title).toBe('Page /p1');
  });

  it('a save refused by the 100-source limit fetches nothing', async () => {
    const cat = await buildUser(t, 'cat');
    await t.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title) SELECT ${cat.workspaceId}, ${cat.userId}, 'TEXT', 's' || g FROM generate_series(1, 100) g`);
    hits = 0;
    const res = await send(cat, 'POST', `/archive/sauce/${cat.workspaceId}`, { type: 'TEXT', textSauce: { link: `${origin}/never` } });
    expect(res.statusCode).toBe(422);
    // No job was left to fetch it either.
    await t.runUntilIdle([LINK_QUEUE]);
    expect(hits).toBe(0);
  });
});

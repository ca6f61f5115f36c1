import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSearch, SEARCH_RANKED, SEARCH_SUBSTRING_SAUCES, searchTerms } from '../../services/search.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { startOfRoomyWindow } from '../../test/rate-window.ts';

/**
 * Issue #28 item 3: a search costs what its answer costs, whatever words it is given.
 * Repeated words, word forms and words that other words of the query start are searched for
 * once (finding exactly what the words kept find), at most 8 words; only the newest matches
 * are ranked; a search has its own statement limit (503 naming it when stopped), a per-person
 * rate (429 with Retry-After), and a share of the pool's connections.
 */
let t: TestApp;
let alice: TestUser;

const save = async (u: TestUser, title: string, text = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/archive/sauce/${u.workspaceId}`,
    headers: u.headers,
    payload: { type: 'TEXT', title, textSauce: { text, link: null } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data.id as number;
};
type Page = { results: { id: number; title: string }[]; count: number; highlight: string[] };
const list = async (app: TestApp, u: TestUser, query: string) =>
  app.app.inject({ url: `/api/archive/sauce/${u.workspaceId}/list?${query}`, headers: u.headers });
const search = async (u: TestUser, q: string, extra = ''): Promise<Page> => {
  const res = await list(t, u, `search=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};

beforeAll(async () => {
  t = await buildTestApp({ PLAN_SOURCES_PER_SPACE: 'unlimited', SEARCH_RATE_LIMIT: '1000' });
  alice = await buildUser(t);
  // A title match, and a text that says the word more often: the title ranks first.
  await save(alice, 'Design notes');
  await save(alice, 'Other thing', 'design design designing designs design');
  await save(alice, 'Grid studies', 'a grid of designers');
  await save(alice, '검색엔진최적화 가이드');
  for (let i = 0; i < 10; i++) await save(alice, `Filler ${i}`, 'colour studies');
});

describe('search words (issue #28 item 3)', () => {
  it('searches each word once: repeats, forms and prefixes of other words dropped, at most 8 kept', async () => {
    const terms = (q: string) => searchTerms(t.db.$client, q);
    for (const q of ['design design design', 'design designs designing', 'Design DESIGN', 'd de des design']) {
      const r = await terms(q);
      expect(r.tsquery, q).toBe("'design':*");
      expect(r.highlight, q).toEqual(['design']);
      expect(r.title, q).toBe('%design%');
    }
    expect((await terms('d de des')).tsquery).toBe("'des':*");
    // A word of one character is itself, not every word it starts (unless a longer word starts with it).
    expect((await terms('d')).tsquery).toBe("'d'");
    expect((await terms('x design b')).tsquery).toBe("'x' & 'design':* & 'b'");
    // A stem that another starts is implied by it, whichever word came first.
    expect((await terms('running runn')).tsquery).toBe("'runn':*");
    // Stop words are not words; different words are all kept, as typed for the title.
    const two = await terms('the grid of layouts');
    expect(two.tsquery).toBe("'grid':* & 'layout':*");
    expect(two.title).toBe('%the grid of layouts%');
    const many = await terms('alpha bravo charlie delta echo foxtrot golf hotel india juliet');
    expect(many.tsquery).toBe(['alpha', 'bravo', 'charli', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map((w) => `'${w}':*`).join(' & '));
    expect(many.title).toBe('%alpha bravo charlie delta echo foxtrot golf hotel%');
    // Korean runs count too, in the query's order; one inside another is dropped.
    const mixed = await terms('최적 design 최적화 bb cc ee ff gg hh jj kk');
    expect(mixed.hangul.map((h) => h.run)).toEqual(['최적화']);
    expect(mixed.tsquery).toBe(['design', 'bb', 'cc', 'ee', 'ff', 'gg', 'hh'].map((w) => `'${w}':*`).join(' & '));
    expect(mixed.title).toBe('%design 최적화 bb cc ee ff gg hh%');
  });

  it('finds with repeated words, word forms and prefixes exactly what the word alone finds, in the same order', async () => {
    const alone = await search(alice, 'design');
    expect(alone.results.map((r) => r.title)).toEqual(['Design notes', 'Other thing', 'Grid studies']);
    for (const q of ['design design design', 'design design design design design design', 'design designs designing', 'd de des design']) {
      const r = await search(alice, q);
      expect({ q, ids: r.results.map((x) => x.id), count: r.count, highlight: r.highlight }).toEqual({
        q,
        ids: alone.results.map((x) => x.id),
        count: alone.count,
        highlight: alone.highlight,
      });
    }
    expect((await search(alice, '최적 최적화 검색')).results.map((r) => r.title)).toEqual(['검색엔진최적화 가이드']);
  });

  it(`ranks only the newest ${SEARCH_RANKED} matches; the older ones follow, newest first`, async () => {
    const bob = await buildUser(t);
    // The oldest match has the word in its title: ranked, it would come first.
    await t.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title, text)
      SELECT ${bob.workspaceId}, ${bob.userId}, 'TEXT', CASE WHEN i = 1 THEN 'Zebra crossing' ELSE 'Note ' || i END, 'a zebra'
      FROM generate_series(1, ${SEARCH_RANKED + 50}) i ORDER BY i`);
    const { rows } = await t.db.execute<{ id: number }>(sql`SELECT id FROM sauces WHERE workspace_id = ${bob.workspaceId} ORDER BY id DESC`);
    const newest = rows.map((r) => r.id);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await search(bob, 'zebra', `&pageSize=100&page=${page}`));
    expect(pages[0]!.count).toBe(SEARCH_RANKED + 50);
    const ids = pages.flatMap((p) => p.results.map((r) => r.id));
    expect(new Set(ids).size).toBe(SEARCH_RANKED + 50);
    expect(ids.slice(0, SEARCH_RANKED).sort((a, b) => b - a)).toEqual(newest.slice(0, SEARCH_RANKED));
    expect(ids.slice(SEARCH_RANKED)).toEqual(newest.slice(SEARCH_RANKED));
    expect(pages[2]!.results.at(-1)!.title).toBe('Zebra crossing');
  });

  it(`looks for punctuation alone in the space's newest ${SEARCH_SUBSTRING_SAUCES} sources`, async () => {
    const carol = await buildUser(t);
    await t.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title, text, created_at)
      SELECT ${carol.workspaceId}, ${carol.userId}, 'TEXT', 'Note ' || i, CASE WHEN i IN (1, ${SEARCH_SUBSTRING_SAUCES + 5}) THEN 'done!!!' ELSE 'plain' END,
        now() - make_interval(mins => ${SEARCH_SUBSTRING_SAUCES + 5} - i)
      FROM generate_series(1, ${SEARCH_SUBSTRING_SAUCES + 5}) i`);
    const found = await search(carol, '!!!');
    expect(found.results.map((r) => r.title)).toEqual([`Note ${SEARCH_SUBSTRING_SAUCES + 5}`]);
    expect(found.count).toBe(1);
  });

  it('gives searches a share of the connections: at most a quarter of the pool run at once, the rest wait their turn', async () => {
    let running = 0;
    let most = 0;
    const slow = () =>
      runSearch(t.db, { statementTimeoutMs: 5_000 }, async (client) => {
        most = Math.max(most, ++running);
        await client.query({ text: 'SELECT pg_sleep(0.05)' });
        running--;
      });
    await Promise.all(Array.from({ length: 6 }, slow));
    // The test pool has 10 connections.
    expect(most).toBe(2);
    // One that waits longer than its limit for a turn is told the service is busy.
    const held = [slow(), slow()];
    const waited = await runSearch(t.db, { statementTimeoutMs: 20 }, async () => 'ran').catch((e) => e);
    await Promise.all(held);
    expect(waited).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('search limits (issue #28 item 3)', () => {
  let limited: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    limited = await buildTestApp({ SEARCH_STATEMENT_TIMEOUT_MS: '1', SEARCH_RATE_LIMIT: '5' });
    owner = await buildUser(limited);
    await limited.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title, text)
      SELECT ${owner.workspaceId}, ${owner.userId}, 'TEXT', 'Reference ' || i, 'Notes on reference ' || i || ' with design and grid'
      FROM generate_series(1, 3000) i`);
    await limited.db.execute(sql`ANALYZE`);
  });

  it('stops a search at its own statement limit and answers 503 naming it; other reads keep the pool’s limit', async () => {
    for (const res of [
      await list(limited, owner, 'search=reference%20design'),
      await limited.app.inject({ url: '/api/archive/search?search=reference', headers: owner.headers }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expect(body(res).error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'This search took too long. Use fewer or longer words.',
        details: { reason: 'SEARCH_TOO_COSTLY', limitMs: 1 },
      });
      expect(res.headers['retry-after']).toBe('5');
    }
    // The same list without a search is not held to it, and the connection is whole again.
    const plain = await list(limited, owner, 'pageSize=5');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(body(plain).data.count).toBe(3000);
  });

  it('allows each person SEARCH_RATE_LIMIT searches a minute, list and ⌘K together; then 429 with Retry-After', async () => {
    // Five requests in the same clock minute (the window's unit).
    await startOfRoomyWindow(60_000, 10_000);
    const carol = await buildUser(limited);
    const dave = await buildUser(limited);
    // Lists without a search are not counted.
    for (let i = 0; i < 6; i++) expect((await list(limited, carol, 'pageSize=1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const res = i % 2 ? await limited.app.inject({ url: `/api/archive/search?search=x${i}`, headers: carol.headers }) : await list(limited, carol, `search=x${i}`);
      expect(res.statusCode, res.body).not.toBe(429);
    }
    for (const res of [await list(limited, carol, 'search=again'), await limited.app.inject({ url: '/api/archive/search?search=again', headers: carol.headers })]) {
      expect(res.statusCode, res.body).toBe(429);
      expect(body(res).error.code).toBe('RATE_LIMITED');
      const after = Number(res.headers['retry-after']);
      expect(after).toBeGreaterThanOrEqual(1);
      expect(after).toBeLessThanOrEqual(60);
    }
    expect((await list(limited, carol, 'pageSize=1')).statusCode).toBe(200);
    // Another person's searches are their own.
    expect((await list(limited, dave, 'search=x')).statusCode).not.toBe(429);
  });
});

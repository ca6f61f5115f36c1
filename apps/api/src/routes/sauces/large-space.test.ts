import type { SauceListQuery } from '@sauce/contract/sauces';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listStatement } from '../../services/sauces.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';

/**
 * Issue #24: a team's 10,000th source costs what its 100th did. The list is read from an
 * index in list order (its plan never scans the space), its total comes from counts kept as
 * writes happen, and paging by cursor neither skips nor repeats a source while others save.
 */

const SAUCES = 3_000;
let t: TestApp;
let owner: TestUser;
let folderId: number;

/** Plan nodes of `plan` (EXPLAIN … FORMAT JSON), flattened. */
type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Actual Rows'?: number; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

async function explain(q: Partial<SauceListQuery>) {
  const { text, values } = listStatement(owner.workspaceId, owner.userId, { page: 1, pageSize: 100, ...q } as SauceListQuery);
  const { rows } = await t.db.$client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
  return nodes((rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]!.Plan);
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await buildUser(t);
  // Other people's spaces of the same size, as on a real server: nothing of them may be read
  // for this one's list, and an index on a table holding every space is worth reading.
  const others = await Promise.all(Array.from({ length: 9 }, () => buildUser(t)));
  const { rows } = await t.db.execute<{ id: number }>(sql`INSERT INTO folders (workspace_id, name, "order") VALUES (${owner.workspaceId}, 'Refs', 1) RETURNING id`);
  folderId = rows[0]!.id;
  for (const u of [owner, ...others]) {
    await t.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title, text, created_at)
      SELECT ${u.workspaceId}, ${u.userId}, 'TEXT', 'Reference ' || i, 'Notes ' || i, now() - make_interval(secs => i)
      FROM generate_series(1, ${SAUCES}) i`);
  }
  await t.db.execute(sql`
    INSERT INTO sauce_tags (sauce_id, name, position)
    SELECT id, CASE WHEN id % 3 = 0 THEN 'grid' ELSE 'color' END, 0 FROM sauces`);
  // Every space files half its sources in one of its folders.
  await t.db.execute(sql`INSERT INTO folders (workspace_id, name, "order") SELECT id, 'Refs', 1 FROM workspaces WHERE id <> ${owner.workspaceId}`);
  await t.db.execute(sql`
    INSERT INTO sauce_folders (sauce_id, folder_id)
    SELECT s.id, f.id FROM sauces s JOIN folders f ON f.workspace_id = s.workspace_id WHERE s.id % 2 = 0`);
  await t.db.execute(sql`ANALYZE`);
});

describe('a large space (issue #24)', () => {
  it.each([
    ['the list', {}, 'sauces_workspace_order_idx'],
    ['a later page by cursor', { cursor: '' }, 'sauces_workspace_order_idx'],
    ['a tag filter', { tag: ['grid'] }, 'sauce_tags_space_order_idx'],
    ['a folder', { folder: 0 }, 'sauce_folders_folder_order_idx'],
  ])('reads %s from the index in list order, a page of rows, never a scan of the space', async (_name, q, index) => {
    let query: Partial<SauceListQuery> = q;
    if ('folder' in q) query = { folder: folderId };
    if ('cursor' in q) {
      const first = body(await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?pageSize=100`, headers: owner.headers })).data;
      query = { cursor: first.nextCursor };
    }
    const plan = await explain(query);
    // The tables that grow with the space are never scanned (tiny ones, like the test's two
    // users, may be: the planner reads a page of a table faster than its index).
    const grows = ['sauces', 'sauce_tags', 'sauce_folders'];
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && grows.includes(n['Relation Name']!))).toEqual([]);
    // The page is read in order from the index, its 101 rows (one to know there is a next
    // page), not the space's 3,000; a tag's count reads that tag's entries in the space.
    // The count may read the same index (a tag's entries in the space, by an index or a bitmap
    // scan, in either order in the plan): the page is the ordered scan that stops at 101.
    const scans = plan.filter((n) => n['Index Name'] === index && ['Index Scan', 'Index Only Scan'].includes(n['Node Type']));
    const shown = JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name'], n['Actual Rows']]));
    expect(scans.length, `no ordered scan of ${index}: ${shown}`).toBeGreaterThan(0);
    expect(Math.min(...scans.map((n) => n['Actual Rows']!)), `no page-sized scan of ${index}: ${shown}`).toBeLessThanOrEqual(101);
  });

  it('counts the space and its folders from what the writes kept, matching the rows', async () => {
    const list = body(await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?pageSize=1`, headers: owner.headers })).data;
    expect(list.count).toBe(SAUCES);
    const inFolder = body(await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?pageSize=1&folder=${folderId}`, headers: owner.headers })).data;
    expect(inFolder.count).toBe(SAUCES / 2);
    const grid = body(await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?pageSize=1&tag=grid`, headers: owner.headers })).data;
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${owner.workspaceId} AND id % 3 = 0`);
    expect(grid.count).toBe(rows[0]!.n);
  });

  it('keeps the counts right under parallel saves, deletes and filings', async () => {
    const u = await buildUser(t);
    const folder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${u.workspaceId}`, headers: u.headers, payload: { name: 'F' } })).data.id;
    const create = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/archive/sauce/${u.workspaceId}`,
        headers: u.headers,
        payload: { type: 'TEXT', title: `n${i}`, textSauce: { text: 'x' }, folderSet: i % 2 ? [folder] : [] },
      });
    const made = (await Promise.all(Array.from({ length: 40 }, (_, i) => create(i)))).map((r) => body(r).data.id as number);
    await Promise.all([
      ...made.slice(0, 15).map((id) => t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${u.workspaceId}/${id}`, headers: u.headers })),
      ...made.slice(15, 30).map((id) =>
        t.app.inject({ method: 'PATCH', url: `/api/archive/sauce/${u.workspaceId}/${id}`, headers: u.headers, payload: { folderSet: [folder] } }),
      ),
      ...Array.from({ length: 10 }, (_, i) => create(100 + i)),
    ]);
    const { rows } = await t.db.execute<{ kept: number; counted: number; folder_kept: number; folder_counted: number }>(sql`
      SELECT (SELECT sum(c.text_count + c.image_count)::int FROM workspace_counters c WHERE c.workspace_id = w.id) AS kept,
        (SELECT count(*)::int FROM sauces WHERE workspace_id = w.id) AS counted,
        (SELECT item_count FROM folders WHERE id = ${folder}) AS folder_kept,
        (SELECT count(*)::int FROM sauce_folders WHERE folder_id = ${folder}) AS folder_counted
      FROM workspaces w WHERE w.id = ${u.workspaceId}`);
    expect(rows[0]!.kept).toBe(rows[0]!.counted);
    expect(rows[0]!.counted).toBe(35);
    expect(rows[0]!.folder_kept).toBe(rows[0]!.folder_counted);
    const status = body(await t.app.inject({ url: `/api/workspace/${u.workspaceId}/status`, headers: u.headers })).data;
    expect(status.textSauceCount).toBe(35);
  });

  it('pages by cursor without skipping or repeating a source while others are saved', async () => {
    const u = await buildUser(t);
    const save = (title: string) =>
      t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}`, headers: u.headers, payload: { type: 'TEXT', title, textSauce: { text: 'x' } } });
    for (let i = 0; i < 45; i++) await save(`before ${i}`);
    const { rows: before } = await t.db.execute<{ id: number }>(sql`SELECT id FROM sauces WHERE workspace_id = ${u.workspaceId} ORDER BY created_at DESC, id DESC`);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page: { results: { id: number }[]; nextCursor: string | null; count: number } = body(
        await t.app.inject({ url: `/api/archive/sauce/${u.workspaceId}/list?pageSize=10${q}`, headers: u.headers }),
      ).data;
      seen.push(...page.results.map((s) => s.id));
      cursor = page.nextCursor;
      // Others save while the person scrolls: new sources go on top, shifting nothing below.
      await Promise.all([save(`during ${pages}a`), save(`during ${pages}b`)]);
      pages++;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(before.map((r) => r.id));
  });

  it('reads favourites from the favourite tags’ entries, not the space, and pages them whole', async () => {
    await t.db.execute(sql`INSERT INTO tags (user_id, name, favorite) VALUES (${owner.userId}, 'grid', true), (${owner.userId}, 'color', false)
      ON CONFLICT (user_id, name) DO UPDATE SET favorite = EXCLUDED.favorite`);
    const plan = await explain({ favorite: true });
    expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && ['sauces', 'sauce_tags'].includes(n['Relation Name']!))).toEqual([]);
    const read = plan.filter((n) => n['Index Name'] === 'sauce_tags_space_order_idx');
    expect(read.length).toBeGreaterThan(0);
    // The page: a page's worth of each favourite tag's newest entries; the count: that tag's
    // entries in the space (a third of it), index only — never every source checked.
    expect(Math.min(...read.map((n) => n['Actual Rows']!))).toBeLessThanOrEqual(101);
    const saucesRead = plan.filter((n) => n['Relation Name'] === 'sauces');
    expect(saucesRead.every((n) => n['Actual Rows']! <= 101), JSON.stringify(plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name'], n['Actual Rows']]))).toBe(true);

    const { rows } = await t.db.execute<{ id: number }>(sql`
      SELECT s.id FROM sauces s WHERE s.workspace_id = ${owner.workspaceId}
        AND EXISTS (SELECT 1 FROM sauce_tags t WHERE t.sauce_id = s.id AND t.name = 'grid')
      ORDER BY s.created_at DESC, s.id DESC`);
    const seen: number[] = [];
    let cursor: string | null = null;
    let count = 0;
    do {
      const page: { results: { id: number }[]; nextCursor: string | null; count: number } = body(
        await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?favorite=true&pageSize=100${cursor ? `&cursor=${cursor}` : ''}`, headers: owner.headers }),
      ).data;
      seen.push(...page.results.map((r) => r.id));
      cursor = page.nextCursor;
      count = page.count;
    } while (cursor);
    expect(count).toBe(rows.length);
    expect(seen).toEqual(rows.map((r) => r.id));
    // By page number too (SPEC's clients): page 3 is the third hundred.
    const third = body(await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?favorite=true&pageSize=100&page=3`, headers: owner.headers })).data;
    expect(third.results.map((r: { id: number }) => r.id)).toEqual(rows.slice(200, 300).map((r) => r.id));
  });

  it('refuses a cursor that is not one', async () => {
    const res = await t.app.inject({ url: `/api/archive/sauce/${owner.workspaceId}/list?cursor=1;DROP`, headers: owner.headers });
    expect(res.statusCode).toBe(400);
  });
});

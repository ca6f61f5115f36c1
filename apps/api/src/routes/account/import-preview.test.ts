// Issue #22 items 2 and 3: a preview before anything is written; folders recreated within
// the plan; tags cleaned, dates, notes kept; every entry skipped or changed in a CSV report;
// start, cancel, and their races.
import { readFileSync } from 'node:fs';
import type { ImportJob, ImportPreview } from '@sauce/contract/account';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_QUEUE } from '../../services/import/store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { finished, importFile, many, netscape } from '../../test/imports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const fixture = (name: string) => readFileSync(new URL(`../../services/import/fixtures/${name}`, import.meta.url));
const get = (u: TestUser, url: string) => t.app.inject({ url: `/api${url}`, headers: u.headers });
const post = (u: TestUser, url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: u.headers, ...(payload ? { payload } : {}) });

/** Uploads `data` for a preview into `u`'s space; the import (status 'preview'). */
async function previewed(u: TestUser, data: Buffer, workspace = u.workspaceId): Promise<ImportJob> {
  const res = await importFile(t, u, workspace, data, [{ name: 'preview', value: 'true' }]);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}
const preview = async (u: TestUser, id: number, workspace: number, recreateFolders = true): Promise<ImportPreview> => {
  const res = await get(u, `/account/import/${id}/preview?workspace=${workspace}&recreateFolders=${recreateFolders}`);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const start = (u: TestUser, id: number, payload: object) => post(u, `/account/import/${id}/start`, payload);
async function startDone(u: TestUser, id: number, payload: object) {
  const res = await start(u, id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return finished(t, u, id);
}
const count = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)).rows[0] as { n: number }).n;
const folders = async (u: TestUser, ws: number) =>
  (body(await get(u, `/archive/folder/${ws}/list`)).data.results as { id: number; name: string; itemCount: number }[]).map((f) => [f.name, f.itemCount]);
const sauces = async (u: TestUser, ws: number) => body(await get(u, `/archive/sauce/${ws}/list?pageSize=100`)).data.results as any[];
/** The report as rows of cells. */
async function report(u: TestUser, id: number, lang = 'en'): Promise<string[][]> {
  const res = await get(u, `/account/import/${id}/report.csv?lang=${lang}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="sauce-import-${id}-report.csv"`);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return parse(res.body, { bom: true, record_delimiter: '\r\n' }) as string[][];
}

describe('the preview: nothing written until the person starts it', () => {
  it('shows counts per folder, skips and why, the plan; then imports into the recreated folders', async () => {
    const u = await buildUser(t);
    const job = await previewed(u, fixture('chrome.html'));
    expect(job).toMatchObject({ status: 'preview', format: 'bookmarks-html', total: 5, imported: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(0);
    expect(await folders(u, u.workspaceId)).toEqual([]);

    const p = await preview(u, job.id, u.workspaceId);
    expect(p).toMatchObject({
      format: 'bookmarks-html',
      total: 5,
      importing: 4,
      skipped: [{ reason: 'invalidLink', count: 1 }],
      plan: { sources: 100, folders: 5 },
      sourcesInSpace: 0,
      foldersInSpace: 0,
      unfiled: 3,
      folders: [
        { path: 'Design', name: 'Design', status: 'new', entries: 1, importing: 1 },
        { path: 'Design / Type', name: 'Design / Type', status: 'new', entries: 1, importing: 1 },
      ],
    });
    // Still nothing written.
    expect(await folders(u, u.workspaceId)).toEqual([]);

    const done = await startDone(u, job.id, { workspace: u.workspaceId, recreateFolders: true });
    expect(done).toMatchObject({ status: 'done', imported: 4, skipped: 1, recreateFolders: true });
    expect(await folders(u, u.workspaceId)).toEqual([
      ['Design', 1],
      ['Design / Type', 1],
    ]);
    const fonts = (await sauces(u, u.workspaceId)).find((s) => s.title === 'Google Fonts');
    expect(fonts.folderSet.map((f: { name: string }) => f.name)).toEqual(['Design / Type']);
    expect(fonts.createdAt).toBe('2023-06-29T01:01:40.000Z');
    // Started imports are not previews any more.
    expect((await get(u, `/account/import/${job.id}/preview?workspace=${u.workspaceId}`)).statusCode).toBe(409);
    expect(body(await start(u, job.id, { workspace: u.workspaceId })).error.code).toBe('IMPORT_NOT_PENDING');
  });

  it('previews another space (a team space the person edits), and starts there without folders into one folder', async () => {
    const owner = await buildUser(t);
    const team = await buildWorkspace(t, owner, 'Studio');
    const editor = await buildMember(t, team, 'EDITOR');
    const folder = body(await post(owner, `/archive/folder/${team}`, { name: 'Inbox' })).data.id;
    await post(owner, `/archive/sauce/${team}`, { type: 'TEXT', textSauce: { text: '', link: 'https://rsms.me/inter/' } });
    const job = await previewed(editor, fixture('chrome-Bookmarks.json'));
    const p = await preview(editor, job.id, team, false);
    expect(p).toMatchObject({ workspace: { id: team, name: 'Studio' }, importing: 3, skipped: [{ reason: 'duplicate', count: 1 }], sourcesInSpace: 1, foldersInSpace: 1 });
    const done = await startDone(editor, job.id, { workspace: team, folder, recreateFolders: false });
    expect(done).toMatchObject({ imported: 3, folder: { id: folder, name: 'Inbox' }, workspace: { id: team, name: 'Studio' }, recreateFolders: false });
    expect(await folders(owner, team)).toEqual([['Inbox', 3]]);
  });

  it('answers 403 for a viewer and 404 for a stranger, for the preview and the start alike', async () => {
    const owner = await buildUser(t);
    const team = await buildWorkspace(t, owner);
    const viewer = await buildMember(t, team, 'READER');
    const job = await previewed(viewer, netscape(many(2)), viewer.workspaceId);
    expect((await get(viewer, `/account/import/${job.id}/preview?workspace=${team}`)).statusCode).toBe(403);
    expect((await start(viewer, job.id, { workspace: team })).statusCode).toBe(403);
    const stranger = await buildUser(t);
    expect((await get(stranger, `/account/import/${job.id}/preview?workspace=${stranger.workspaceId}`)).statusCode).toBe(404);
    expect((await start(stranger, job.id, { workspace: stranger.workspaceId })).statusCode).toBe(404);
    expect((await post(stranger, `/account/import/${job.id}/cancel`)).statusCode).toBe(404);
    expect((await get(stranger, `/account/import/${job.id}/report.csv`)).statusCode).toBe(404);
    // A folder of another space is not this one's.
    const mine = body(await post(owner, `/archive/folder/${owner.workspaceId}`, { name: 'Mine' })).data.id;
    expect(body(await start(viewer, job.id, { workspace: viewer.workspaceId, folder: mine })).error.code).toBe('FOLDER_NOT_FOUND');
  });

  it('states what the plan will stop: sources and folders', async () => {
    const u = await buildUser(t);
    await t.db.execute(sql`INSERT INTO sauces (workspace_id, author_id, type, title, text) SELECT ${u.workspaceId}, ${u.userId}, 'TEXT', 'n' || g, 'x' || g FROM generate_series(1, 97) g`);
    for (const name of ['One', 'Two', 'Three', 'Four']) await post(u, `/archive/folder/${u.workspaceId}`, { name });
    const file = Buffer.from(
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n' +
        ['Alpha', 'Beta', 'Gamma'].map((f, i) => `<DT><H3>${f}</H3>\n<DL><p>\n<DT><A HREF="https://x.example/${i}" ADD_DATE="1700000000">X${i}</A>\n<DT><A HREF="https://y.example/${i}" ADD_DATE="1700000000">Y${i}</A>\n</DL><p>`).join('\n') +
        '\n</DL><p>\n',
    );
    const job = await previewed(u, file);
    const p = await preview(u, job.id, u.workspaceId);
    expect(p).toMatchObject({ sourcesInSpace: 97, foldersInSpace: 4, importing: 3, skipped: [{ reason: 'limit', count: 3 }] });
    expect(p.folders.map((f) => [f.name, f.status, f.entries, f.importing])).toEqual([
      ['Alpha', 'new', 2, 2],
      ['Beta', 'overLimit', 2, 1],
      ['Gamma', 'overLimit', 2, 0],
    ]);
    expect(p.changed).toBe(1);
    const done = await startDone(u, job.id, { workspace: u.workspaceId });
    expect(done).toMatchObject({ imported: 3, skipped: 3, changed: 1 });
    expect((await folders(u, u.workspaceId)).map((f) => f[0])).toEqual(['One', 'Two', 'Three', 'Four', 'Alpha']);
    const rows = await report(u, job.id);
    expect(rows[0]).toEqual(['#', 'Outcome', 'Why', 'Title', 'Link', 'Folder in the file']);
    expect(rows.slice(1)).toEqual([
      ['3', 'Imported with changes', "Folder 'Beta' not created (the plan's folders are all used)", 'X1', 'https://x.example/1', 'Beta'],
      ['4', 'Not imported', "The space reached the plan's limit of sources", 'Y1', 'https://y.example/1', 'Beta'],
      ['5', 'Not imported', "The space reached the plan's limit of sources", 'X2', 'https://x.example/2', 'Gamma'],
      ['6', 'Not imported', "The space reached the plan's limit of sources", 'Y2', 'https://y.example/2', 'Gamma'],
    ]);
  });
});

describe('nothing lost without notice (issue #22 item 2)', () => {
  it('recreates nested folders, shortened as stated and numbered on collision, and lists each change', async () => {
    const u = await buildUser(t);
    const file = Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>
<DL><p>
<DT><H3>Design Systems</H3>
<DL><p>
  <DT><H3>Typography</H3>
  <DL><p><DT><A HREF="https://a.example/" ADD_DATE="1700000000" TAGS="design-systems,to:fb,Ünïcode,★,one,two,three">A</A>
  <DD>Note of A
  </DL><p>
</DL><p>
<DT><H3>Dark Sky Themes</H3>
<DL><p>
  <DT><H3>Typography</H3>
  <DL><p><DT><A HREF="https://b.example/" ADD_DATE="4102444800">B in the future</A></DL><p>
</DL><p>
<DT><H3>Type</H3>
<DL><p><DT><A HREF="https://c.example/" ADD_DATE="315532800">C before 1990</A><DT><A HREF="https://d.example/" ADD_DATE="1577836800000000">D in microseconds</A></DL><p>
</DL><p>
`);
    const job = await previewed(u, file);
    const p = await preview(u, job.id, u.workspaceId);
    // Folders holding only folders are not made: their names live on in their children's.
    expect(p.folders.map((f) => [f.path, f.name])).toEqual([
      ['Design Systems / Typography', 'D / Typography'],
      ['Dark Sky Themes / Typography', 'D / Typograp… 2'],
      ['Type', 'Type'],
    ]);
    const done = await startDone(u, job.id, { workspace: u.workspaceId });
    expect(done).toMatchObject({ imported: 4, skipped: 0, changed: 3 });
    const list = await sauces(u, u.workspaceId);
    const a = list.find((s) => s.title === 'A');
    expect(a.tagSet.map((x: { name: string }) => x.name)).toEqual(['designsystems', 'tofb', 'unicode', 'one', 'two']);
    expect(a.textSauce.text).toBe('Note of A');
    expect(a.folderSet.map((f: { name: string }) => f.name)).toEqual(['D / Typography']);
    expect(list.find((s) => s.title === 'D in microseconds').createdAt).toBe('2020-01-01T00:00:00.000Z');
    // Dates outside 1990…now are not believed: the source dates from the import.
    for (const title of ['B in the future', 'C before 1990']) expect(Date.parse(list.find((s) => s.title === title).createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const rows = await report(u, job.id);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]!.split('\n'), r[5]])).toEqual([
      [
        '1',
        'Imported with changes',
        [
          "Tag 'design-systems' became 'designsystems' (letters and digits only)",
          "Tag 'to:fb' became 'tofb' (letters and digits only)",
          "Tag 'Ünïcode' became 'unicode' (letters and digits only)",
          "Tag '★' left out (no letter or digit Sauce keeps)",
          "Tag 'three' left out (5 tags at most)",
          "Folder 'Design Systems / Typography' is named 'D / Typography' (15 characters at most)",
        ],
        'Design Systems / Typography',
      ],
      [
        '2',
        'Imported with changes',
        [
          "Date '4102444800' left out (before 1990, in the future or unreadable): dated from the import",
          "Folder 'Dark Sky Themes / Typography' is named 'D / Typograp… 2' (15 characters at most)",
        ],
        'Dark Sky Themes / Typography',
      ],
      ['3', 'Imported with changes', ["Date '315532800' left out (before 1990, in the future or unreadable): dated from the import"], 'Type'],
    ]);
    const ko = await report(u, job.id, 'ko');
    expect(ko[0]).toEqual(['#', '결과', '이유', '제목', '링크', '파일 속 폴더']);
    expect(ko[1]![1]).toBe('바꿔서 가져옴');

    // The same file again: the same folders are filled, none made anew ('Type 2' is not created), nothing imported twice.
    const again = await previewed(u, file);
    const p2 = await preview(u, again.id, u.workspaceId);
    expect(p2.folders.every((f) => f.status === 'existing')).toBe(true);
    expect(p2).toMatchObject({ importing: 0, skipped: [{ reason: 'duplicate', count: 4 }] });
    expect((await startDone(u, again.id, { workspace: u.workspaceId })).imported).toBe(0);
    expect(await folders(u, u.workspaceId)).toEqual([
      ['D / Typography', 1],
      ['D / Typograp… 2', 1],
      ['Type', 2],
    ]);
  });

  it('defuses spreadsheet formulas in the report', async () => {
    const u = await buildUser(t);
    const job = await previewed(u, netscape([{ href: 'javascript:1', title: '=HYPERLINK("https://evil.example","x")' }, { href: 'https://ok.example/', title: 'ok' }]));
    await startDone(u, job.id, { workspace: u.workspaceId });
    const res = await get(u, `/account/import/${job.id}/report.csv`);
    expect(res.body).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
  });
});

describe('cancel, replace, expire, and races', () => {
  it('cancels a preview: its entries go, it cannot be started after', async () => {
    const u = await buildUser(t);
    const job = await previewed(u, netscape(many(20)));
    const res = await post(u, `/account/import/${job.id}/cancel`);
    expect(body(res).data).toMatchObject({ status: 'cancelled', imported: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM import_entries WHERE job_id = ${job.id}`)).toBe(0);
    expect(body(await start(u, job.id, { workspace: u.workspaceId })).error.code).toBe('IMPORT_NOT_PENDING');
    expect(body(await post(u, `/account/import/${job.id}/cancel`)).error.code).toBe('IMPORT_NOT_PENDING');
    expect(await count(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(0);
  });

  it('cancels a running import: what it wrote stays, nothing more is written', async () => {
    const big = await buildTestApp({ PLAN_SOURCES_PER_SPACE: 'unlimited' });
    const u = await buildUser(big);
    const res = await importFile(big, u, u.workspaceId, netscape(many(6000)));
    const id = body(res).data.id;
    // The import's job runs; wait for its first chunks.
    const run = big.runDue(IMPORT_QUEUE);
    for (let i = 0; i < 200; i++) {
      const job = body(await big.app.inject({ url: `/api/account/import/${id}`, headers: u.headers })).data;
      if (job.imported > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const cancelled = body(await big.app.inject({ method: 'POST', url: `/api/account/import/${id}/cancel`, headers: u.headers })).data;
    expect(cancelled.status).toBe('cancelled');
    const n = (await big.db.execute(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).rows[0] as { n: number };
    expect(n.n).toBeGreaterThan(0);
    expect(n.n).toBeLessThan(6000);
    // The run ends at its next chunk, and queues nothing more.
    expect(await run).toMatchObject({ completed: 1, failed: 0 });
    await big.runUntilIdle([IMPORT_QUEUE], { withinS: 10 });
    const later = (await big.db.execute(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).rows[0] as { n: number };
    expect(later.n).toBe(n.n);
    const job = body(await big.app.inject({ url: `/api/account/import/${id}`, headers: u.headers })).data;
    expect(job).toMatchObject({ status: 'cancelled', imported: n.n });
  });

  it('a new upload replaces the person’s earlier preview; a preview left a day is deleted', async () => {
    const u = await buildUser(t);
    const first = await previewed(u, netscape(many(3)));
    const second = await previewed(u, netscape(many(4)));
    expect((await get(u, `/account/import/${first.id}`)).statusCode).toBe(404);
    await t.db.execute(sql`UPDATE import_jobs SET created_at = now() - interval '25 hours' WHERE id = ${second.id}`);
    const { reclaimImports } = await import('../../services/import/run.ts');
    await reclaimImports({ db: t.db, files: { delete: async () => undefined } as never, jobs: undefined as never, plan: t.config.plan, copies: true });
    expect((await get(u, `/account/import/${second.id}`)).statusCode).toBe(404);
  });

  it('starts a preview once when two starts race, and a cancel racing a start leaves one outcome', async () => {
    const u = await buildUser(t);
    const job = await previewed(u, netscape(many(5)));
    const answers = await Promise.all([1, 2, 3].map(() => start(u, job.id, { workspace: u.workspaceId })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    await finished(t, u, job.id);
    expect(await count(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(5);
    expect(await count(sql`SELECT count(*)::int AS n FROM folders WHERE workspace_id = ${u.workspaceId}`)).toBe(1);

    const v = await buildUser(t);
    const other = await previewed(v, netscape(many(5)));
    const [s, c] = await Promise.all([start(v, other.id, { workspace: v.workspaceId }), post(v, `/account/import/${other.id}/cancel`)]);
    expect([s.statusCode, c.statusCode]).toContain(200);
    expect(['done', 'cancelled']).toContain((await finished(t, v, other.id)).status);
  });
});

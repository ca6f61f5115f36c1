import { once } from 'node:events';
import { Readable } from 'node:stream';
import {
  SAUCE_EXPORT_FILE,
  SAUCE_EXPORT_FORMAT,
  SAUCE_EXPORT_VERSION,
  type ExportSauce,
  type SauceExport,
} from '@sauce/contract/account';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { isoUtc } from '../db/sql.ts';
import type { FileStore } from '../storage/file-store.ts';
import { getUserRow } from './account.ts';
import { SNAPSHOT_FILE } from './capture-files.ts';

/** The Netscape bookmarks file inside the export ZIP. */
export const BOOKMARKS_FILE = 'bookmarks.html';

/** A space the person can read, as the export writes it. */
type SpaceRow = {
  id: number;
  name: string;
  is_personal: boolean;
  permission: string;
};

/** One image of a readable source: where its original is stored and where it goes in the ZIP. */
interface ExportImage {
  id: number;
  key: string;
  width: number;
  height: number;
  /** Path inside the ZIP: `images/<space>/<source>-<n>.<ext>`. */
  file: string;
  /** Bytes of its stored versions (original, display, thumbnail): the estimate's upper bound. */
  bytes: number;
}

/** Issue #20: a source's saved copy in the export: its document entry and its files (store key → ZIP path). */
interface ExportCopy {
  doc: NonNullable<ExportSauce['savedCopy']>;
  files: { key: string; file: string; bytes: number }[];
}

/** A link for the bookmarks file. */
interface Bookmark {
  space: string;
  /** The source's folders by name (none: at the space's level). */
  folders: string[];
  title: string;
  link: string;
  text: string;
  tags: string[];
  createdAt: string;
}

/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Share of an image's stored bytes that is its original (measured on photos and screenshots, ~0.75–0.9). */
const ORIGINAL_SHARE = 0.85;

/**
 * Everything the person can read, for the export (issue #8 "Your data"): their spaces, and
 * every original image of those spaces' sources with its path in the ZIP.
 */
async function plan(db: Db, userId: number) {
  const { rows: spaces } = await db.execute<SpaceRow>(sql`
    SELECT w.id, w.name, w.is_personal, m.permission::text AS permission
    FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
    WHERE m.user_id = ${userId} ORDER BY w.is_personal DESC, w.id`);
  const { rows } = await db.execute<{
    id: number;
    workspace_id: number;
    sauce_id: number;
    storage_key: string;
    original_name: string;
    byte_size: number;
    width: number;
    height: number;
  }>(sql`
    SELECT i.id, i.workspace_id, i.sauce_id, i.storage_key, i.original_name, i.byte_size, i.width, i.height
    FROM sauce_images i JOIN workspace_members m ON m.workspace_id = i.workspace_id AND m.user_id = ${userId}
    WHERE i.sauce_id IS NOT NULL ORDER BY i.workspace_id, i.sauce_id, i.position, i.id`);
  const images = new Map<number, ExportImage[]>();
  for (const r of rows) {
    const list = images.get(r.sauce_id) ?? [];
    const ext = r.original_name.split('.').pop() ?? 'bin';
    list.push({
      id: r.id,
      key: `${r.storage_key}/${r.original_name}`,
      width: r.width,
      height: r.height,
      file: `images/${r.workspace_id}/${r.sauce_id}-${list.length + 1}.${ext}`,
      bytes: r.byte_size,
    });
    images.set(r.sauce_id, list);
  }
  // Issue #20: saved copies (snapshot and screenshot original) under saved/<space>/<source>/.
  const { rows: captured } = await db.execute<{
    workspace_id: number;
    sauce_id: number;
    storage_key: string;
    page_url: string | null;
    captured_at: string;
    snapshot_bytes: number | null;
    screenshot_name: string | null;
    byte_size: number;
  }>(sql`
    SELECT c.workspace_id, c.sauce_id, c.storage_key, c.page_url, ${sql.raw(isoUtc('c.created_at'))} AS captured_at,
      c.snapshot_bytes, c.screenshot_name, c.byte_size
    FROM sauce_captures c JOIN workspace_members m ON m.workspace_id = c.workspace_id AND m.user_id = ${userId}
    ORDER BY c.workspace_id, c.sauce_id`);
  const copies = new Map<number, ExportCopy>();
  for (const c of captured) {
    const dir = `saved/${c.workspace_id}/${c.sauce_id}`;
    const snapshot = c.snapshot_bytes !== null ? `${dir}/${SNAPSHOT_FILE}` : null;
    const screenshot = c.screenshot_name ? `${dir}/screenshot.${c.screenshot_name.split('.').pop()}` : null;
    copies.set(c.sauce_id, {
      doc: { pageUrl: c.page_url, capturedAt: c.captured_at, snapshot, screenshot },
      files: [
        ...(snapshot ? [{ key: `${c.storage_key}/${SNAPSHOT_FILE}`, file: snapshot, bytes: c.snapshot_bytes! }] : []),
        ...(screenshot ? [{ key: `${c.storage_key}/${c.screenshot_name}`, file: screenshot, bytes: c.byte_size - (c.snapshot_bytes ?? 0) }] : []),
      ],
    });
  }
  return { spaces, images, copies };
}

/** The sources of one space, with tags, folders, images (paths, and their words: issue #33) and comments, oldest first. */
async function spaceSauces(db: Db, spaceId: number, images: Map<number, ExportImage[]>, copies: Map<number, ExportCopy>): Promise<ExportSauce[]> {
  const { rows } = await db.execute<{
    id: number;
    type: 'TEXT' | 'IMAGE';
    title: string;
    text: string | null;
    link: string | null;
    link_title: string;
    link_description: string;
    author: string;
    created_at: string;
    updated_at: string;
    tags: string[];
    folders: number[];
  }>(sql`
    SELECT s.id, s.type, s.title, s.text, s.link, s.link_title, s.link_description, u.nickname AS author,
      ${sql.raw(isoUtc('s.created_at'))} AS created_at, ${sql.raw(isoUtc('s.updated_at'))} AS updated_at,
      COALESCE((SELECT json_agg(t.name ORDER BY t.position) FROM sauce_tags t WHERE t.sauce_id = s.id), '[]') AS tags,
      COALESCE((SELECT json_agg(sf.folder_id ORDER BY sf.folder_id) FROM sauce_folders sf WHERE sf.sauce_id = s.id), '[]') AS folders
    FROM sauces s JOIN users u ON u.id = s.author_id
    WHERE s.workspace_id = ${spaceId} ORDER BY s.created_at, s.id`);
  const { rows: comments } = await db.execute<{
    image_id: number;
    id: number;
    parent_id: number | null;
    message: string;
    x: number;
    y: number;
    author: string;
    created_at: string;
  }>(sql`
    SELECT c.image_id, c.id, c.parent_id, c.message, c.x, c.y, COALESCE(c.imported_author, u.nickname) AS author,
      ${sql.raw(isoUtc('c.created_at'))} AS created_at
    FROM image_comments c JOIN sauce_images i ON i.id = c.image_id JOIN users u ON u.id = c.author_id
    WHERE i.workspace_id = ${spaceId} AND i.sauce_id IS NOT NULL
    ORDER BY c.image_id, c.position, c.id`);
  const commentsOf = new Map<number, typeof comments>();
  for (const c of comments) commentsOf.set(c.image_id, [...(commentsOf.get(c.image_id) ?? []), c]);
  // Issue #33: the words read in the space's images (none while not read, or when they could not be).
  const { rows: read } = await db.execute<{ id: number; text: string }>(sql`
    SELECT id, text FROM sauce_images WHERE workspace_id = ${spaceId} AND sauce_id IS NOT NULL AND text_status IN ('done', 'none')`);
  const textOf = new Map(read.map((r) => [r.id, r.text]));
  return rows.map((r) => {
    const files = images.get(r.id) ?? [];
    const copy = copies.get(r.id);
    return {
      ...(copy ? { savedCopy: copy.doc } : {}),
      id: r.id,
      type: r.type,
      title: r.title,
      text: r.text,
      link: r.link,
      linkTitle: r.link_title,
      linkDescription: r.link_description,
      author: r.author,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      tags: r.tags,
      folders: r.folders,
      images: files.map((f) => {
        const mine = commentsOf.get(f.id) ?? [];
        return {
          file: f.file,
          width: f.width,
          height: f.height,
          comments: mine.map((c) => ({
            id: c.id,
            parent: c.parent_id,
            message: c.message,
            x: c.x,
            y: c.y,
            author: c.author,
            createdAt: c.created_at,
          })),
          ...(textOf.has(f.id) ? { text: textOf.get(f.id)! } : {}),
        };
      }),
    };
  });
}

/**
 * The export document (SAUCE_EXPORT_FILE), written space by space as the ZIP asks for it
 * (one space's sources in memory at a time, at most 100), and the text sources' links
 * collected on the way for the bookmarks file.
 */
async function* exportDocument(
  db: Db,
  userId: number,
  spaces: SpaceRow[],
  images: Map<number, ExportImage[]>,
  copies: Map<number, ExportCopy>,
  links: Bookmark[],
) {
  const user = await getUserRow(db, userId);
  const tags = await db.execute<{ name: string; favorite: boolean }>(
    sql`SELECT name, favorite FROM tags WHERE user_id = ${userId} ORDER BY name`,
  );
  const head: Omit<SauceExport, 'workspaces'> = {
    format: SAUCE_EXPORT_FORMAT,
    version: SAUCE_EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    account: { nickname: user.nickname, jobType: user.jobType },
    tags: tags.rows,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"workspaces":[`;
  for (const [i, space] of spaces.entries()) {
    const { rows: folders } = await db.execute<{ id: number; name: string; order: number }>(
      sql`SELECT id, name, "order" FROM folders WHERE workspace_id = ${space.id} ORDER BY "order", id`,
    );
    const sauces = await spaceSauces(db, space.id, images, copies);
    const folderName = new Map(folders.map((f) => [f.id, f.name]));
    for (const s of sauces) {
      if (s.type !== 'TEXT' || !s.link) continue;
      links.push({
        space: space.name,
        folders: s.folders.flatMap((id) => (folderName.has(id) ? [folderName.get(id)!] : [])),
        title: s.title || s.linkTitle || s.link,
        link: s.link,
        text: s.text ?? '',
        tags: s.tags,
        createdAt: s.createdAt,
      });
    }
    const doc = { id: space.id, name: space.name, isPersonal: space.is_personal, permission: space.permission, folders, sauces };
    yield `${i > 0 ? ',' : ''}${JSON.stringify(doc)}`;
  }
  yield ']}';
}

/**
 * The Netscape bookmarks file (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`) of the text sources'
 * links, one folder per space and one inside it per Sauce folder (a link in two folders is
 * in both), with dates, tags and notes (`<DD>`) — as every browser imports it, and
 * Karakeep, Linkwarden and Raindrop with its folders (issue #22).
 */
function* bookmarksHtml(links: Bookmark[]) {
  yield '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<!-- Exported from Sauce. -->\n' +
    '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n';
  const bySpace = new Map<string, Map<string | null, Bookmark[]>>();
  for (const b of links) {
    const space = bySpace.get(b.space) ?? new Map<string | null, Bookmark[]>();
    for (const folder of b.folders.length ? b.folders : [null]) {
      const list = space.get(folder) ?? [];
      list.push(b);
      space.set(folder, list);
    }
    bySpace.set(b.space, space);
  }
  const entry = (b: Bookmark, indent: string) => {
    const added = Math.floor(Date.parse(b.createdAt) / 1000);
    const tags = b.tags.length ? ` TAGS="${escapeHtml(b.tags.join(','))}"` : '';
    const note = b.text.trim() ? `\n${indent}<DD>${escapeHtml(b.text.trim())}` : '';
    return `${indent}<DT><A HREF="${escapeHtml(b.link)}" ADD_DATE="${added}"${tags}>${escapeHtml(b.title)}</A>${note}\n`;
  };
  for (const [space, folders] of bySpace) {
    yield `    <DT><H3>${escapeHtml(space)}</H3>\n    <DL><p>\n`;
    for (const [folder, list] of folders) {
      if (folder === null) continue;
      yield `        <DT><H3>${escapeHtml(folder)}</H3>\n        <DL><p>\n${list.map((b) => entry(b, '            ')).join('')}        </DL><p>\n`;
    }
    yield (folders.get(null) ?? []).map((b) => entry(b, '        ')).join('');
    yield '    </DL><p>\n';
  }
  yield '</DL><p>\n';
}

export interface ExportStream {
  /** The ZIP, produced as it is read (backpressure pauses the work). */
  stream: Readable;
  /** An estimate of its size, bytes, for a progress bar (the originals are not measured first). */
  estimatedBytes: number;
  /** Aborts the export (the client went away). */
  abort(): void;
}

/**
 * GET /account/export (issue #8): a ZIP, streamed, of everything the person can read —
 * `sauce-export.json` (spaces with folders and sources: text, links, tags, folders, image
 * comments; the person's tags), `bookmarks.html` (Netscape bookmarks of the text sources'
 * links), `images/<space>/<source>-<n>.<ext>` (every original image) and, issue #20,
 * `saved/<space>/<source>/snapshot.html` and `screenshot.<ext>` (saved copies). Nothing is
 * buffered whole: the document is written one space at a time, and each image is read from
 * the file store only when the ZIP reaches it (one open at a time). Images are stored
 * (already compressed), text deflated. A missing image file is left out (and logged).
 */
export async function exportArchive(deps: { db: Db; files: FileStore; log?: FastifyBaseLogger }, userId: number): Promise<ExportStream> {
  const { spaces, images, copies } = await plan(deps.db, userId);
  const allImages = [...images.values()].flat();
  const copyFiles = [...copies.values()].flatMap((c) => c.files);
  const { rows: size } = await deps.db.execute<{ n: number }>(sql`
    SELECT COALESCE(sum(length(s.title) + COALESCE(length(s.text), 0) + COALESCE(length(s.link), 0) + 400), 0)::float8 AS n
    FROM sauces s JOIN workspace_members m ON m.workspace_id = s.workspace_id AND m.user_id = ${userId}`);
  const estimatedBytes = Math.round(
    allImages.reduce((sum, i) => sum + i.bytes * ORIGINAL_SHARE + 100, 0) +
      copyFiles.reduce((sum, f) => sum + f.bytes + 100, 0) +
      size[0]!.n * 1.5 +
      2048,
  );

  const { ZipArchive } = await import('archiver'); // on first use, not at start (issue #11 item 7)
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let aborted = false;
  archive.on('warning', (err) => deps.log?.warn({ err }, 'export warning'));
  const links: Bookmark[] = [];
  const next = () => once(archive, 'entry');

  void (async () => {
    try {
      archive.append(Readable.from(exportDocument(deps.db, userId, spaces, images, copies, links)), { name: SAUCE_EXPORT_FILE });
      await next();
      archive.append(Readable.from(bookmarksHtml(links)), { name: BOOKMARKS_FILE });
      await next();
      // Images stored (already compressed); saved copies' snapshots deflated (issue #20).
      for (const item of [...allImages, ...copyFiles]) {
        if (aborted) return;
        const obj = await deps.files.get(item.key).catch(() => null);
        if (!obj) {
          deps.log?.warn({ key: item.key }, 'export: file missing');
          continue;
        }
        archive.append(obj.body, { name: item.file, store: !item.file.endsWith('.html') });
        await next();
      }
      if (!aborted) await archive.finalize();
    } catch (err) {
      deps.log?.error({ err }, 'export failed');
      archive.destroy(err as Error);
    }
  })();

  return {
    stream: archive,
    estimatedBytes,
    abort: () => {
      aborted = true;
      archive.abort();
    },
  };
}

import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, copyFile, mkdir, open, opendir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore } from './types.ts';

/** Content types by key extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  json: 'application/json',
  // Issue #20: a saved copy's snapshot (served only by /saved, sandboxed).
  html: 'text/html; charset=utf-8',
  txt: 'text/plain',
};

/**
 * The content type a key's extension names (`images/…/display.webp` → `image/webp`), or
 * `application/octet-stream` for other extensions. The local driver keeps no metadata and
 * answers this type, so `createFileStore` refuses a `put` of another type with any driver:
 * a key reads back with the same type whichever driver stores it.
 */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return (ext && CONTENT_TYPES[ext]) || 'application/octet-stream';
}

/** Temporary files of unfinished writes start with this; `list` skips them. */
const TEMP_PREFIX = '.tmp-';

const isCode = (err: unknown, ...codes: string[]) =>
  codes.includes((err as NodeJS.ErrnoException | null)?.code ?? '');

/**
 * The directory driver: key `a/b/c.webp` is the file `<dir>/a/b/c.webp`. Writes are atomic
 * (a temporary file in the same directory, then a rename), so a reader sees the old object
 * or the new one, never part of one. Directories are made 0700 and files 0600: readable by
 * the app's user only. The content type is the key extension's
 * ({@link contentTypeOfKey}); keys are checked by the caller (`createFileStore`).
 */
export function createLocalStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  return {
    async put(key, body) {
      const file = fileOf(key);
      // Only the app's own user may read what people uploaded (issue #9).
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = path.join(path.dirname(file), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body, { mode: 0o600 });
        else {
          await copyFile(body.file, temp);
          await chmod(temp, 0o600);
        }
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      // Open first, then stat the open file: a concurrent delete or overwrite cannot split the two.
      const handle = await open(fileOf(key), 'r').catch((err: unknown) => {
        if (isCode(err, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        return { body: handle.createReadStream(), size: stats.size, contentType: contentTypeOfKey(key) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async delete(keys) {
      for (const key of keys) {
        const file = fileOf(key);
        await rm(file, { force: true });
        const parent = path.dirname(file);
        if (parent === root) continue;
        // Remove the key's directory (`images/<id>/`) once its last file is gone.
        await rmdir(parent).catch((err: unknown) => {
          if (!isCode(err, 'ENOENT', 'ENOTEMPTY', 'EEXIST', 'ENOTDIR')) throw err;
        });
      }
    },

    async ping() {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await access(root, constants.W_OK);
    },

    async *list(prefix) {
      /**
       * The files under `dir`, a directory at a time (not Node's recursive opendir, which
       * throws when a subdirectory is removed while it walks — a delete removes emptied
       * parents): a directory gone meanwhile is simply empty.
       */
      async function* walk(dir: string): AsyncGenerator<string> {
        const handle = await opendir(dir).catch((err: unknown) => {
          if (isCode(err, 'ENOENT', 'ENOTDIR')) return null;
          throw err;
        });
        if (!handle) return;
        for await (const e of handle) {
          const entry = path.join(dir, e.name);
          if (e.isDirectory()) yield* walk(entry);
          else if (e.isFile() && !e.name.startsWith(TEMP_PREFIX)) yield entry;
        }
      }
      // Walk only the deepest directory the prefix names, an entry at a time, then filter
      // by the whole prefix.
      const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
      for await (const file of walk(base ? fileOf(base) : root)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const stats = await stat(file).catch(() => null); // deleted meanwhile
        if (stats) yield { key, modifiedAt: stats.mtimeMs };
      }
    },
  };
}

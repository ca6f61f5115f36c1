// The import reader's process (issue #18): started by ./reader.ts with child_process.fork,
// never imported by the server itself. `npm run build` bundles it into
// apps/api/dist/import-worker.js beside dist/server.js.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ImportFormat } from '@sauce/contract/account';
import { AppError } from '../../errors.ts';
import { parseImport, type ImportEntry } from './parse.ts';

/**
 * A file to read: the path the upload was streamed to, the format the person said it is,
 * and the path to write its entries to.
 */
export interface ParseTask {
  path: string;
  claimed?: ImportFormat;
  out: string;
}

/**
 * What the reader answers: the file's format, entry count and whether the upload must be
 * kept (a Sauce export with images) — its entries are written to the task's `out` (see
 * {@link ENTRY_LINES}); or the error that refuses the file, as plain data (an AppError
 * does not cross the process boundary as itself).
 */
export type ParseResult =
  | { ok: true; format: ImportFormat; total: number; keepFile: boolean; folders?: string[][] }
  | { ok: false; status: number; code: string; message: string; details?: unknown };

/**
 * How the entries are written: one JSON array (of ImportEntry) a line, at most `entries`
 * entries and, past its first entry, at most `bytes` bytes each — so the server sends them
 * to PostgreSQL a line per statement, never copying the whole file's worth at once on its
 * event loop (issue #18).
 */
export const ENTRY_LINES = { entries: 500, bytes: 1 << 20 } as const;

/** Writes `entries` to `out` as {@link ENTRY_LINES} says. */
async function writeEntries(out: string, entries: ImportEntry[]) {
  const lines: string[] = [];
  let line: string[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const json = JSON.stringify(entry);
    const size = Buffer.byteLength(json) + 1;
    if (line.length && (line.length === ENTRY_LINES.entries || bytes + size > ENTRY_LINES.bytes)) {
      lines.push(`[${line.join(',')}]\n`);
      line = [];
      bytes = 0;
    }
    line.push(json);
    bytes += size;
  }
  if (line.length) lines.push(`[${line.join(',')}]\n`);
  await writeFile(out, lines.join(''), { mode: 0o600 });
}

/**
 * Reads the import file of `task` (parse.ts parseImport) and writes its entries.
 * Refusals come back as results; anything else rejects.
 */
export async function parseFile({ path, claimed, out }: ParseTask): Promise<ParseResult> {
  try {
    const parsed = await parseImport(await readFile(path), claimed);
    await writeEntries(out, parsed.entries);
    return { ok: true, format: parsed.format, total: parsed.entries.length, keepFile: parsed.keepFile, ...(parsed.folders ? { folders: parsed.folders } : {}) };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, status: e.status, code: e.code, message: e.message, details: e.details };
    throw e;
  }
}

// Started as the reader's process: one task at a time, until the server lets go of it.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.on('message', (task: ParseTask) => {
    parseFile(task).then(
      (result) => process.send!(result),
      (err: unknown) => {
        console.error('import reader:', err);
        process.exit(1);
      },
    );
  });
  process.on('disconnect', () => process.exit(0));
}

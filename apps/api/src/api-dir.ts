import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The API package's directory (apps/api), whence its data files are read: migrations and
 * the articles seed under src/db. This module sits directly in src/, and the production
 * build bundles everything into dist/server.js (issue #11 item 7), so `..` of this file's
 * directory is apps/api from the sources (tsx, vitest) and from the build alike.
 */
export const API_DIR = path.resolve(import.meta.dirname, '..');

/**
 * A module of the API that runs in a process or thread of its own (the import reader, the page
 * reader): `source`, beside the caller's module (`callerUrl`, its import.meta.url), when the
 * API runs as TypeScript (tsx, vitest) — started with the TypeScript loader (`execArgv`) — and
 * `built`, beside dist/server.js, when it runs from the build (apps/api/build.mjs bundles each
 * such module as an entry point of its own).
 * @returns the module's path, and the Node options that load it.
 */
export function ownModule(callerUrl: string, source: string, built: string): { file: string; execArgv: string[] } {
  const fromSources = callerUrl.endsWith('.ts');
  return {
    file: fileURLToPath(new URL(fromSources ? source : built, callerUrl)),
    execArgv: fromSources ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [],
  };
}

/**
 * A module of the API that runs in worker threads (the page reader), as {@link ownModule} says
 * for processes: from the sources, the thread runs ./ts-thread.mjs, which loads `source` with
 * the TypeScript loader (Node 20's threads ignore it among their options) and hands on its
 * default export; from the build, `built` itself.
 * @returns the file a thread starts with, and the workerData it needs.
 */
export function ownThread(callerUrl: string, source: string, built: string): { file: string; workerData?: { module: string } } {
  if (!callerUrl.endsWith('.ts')) return { file: fileURLToPath(new URL(built, callerUrl)) };
  return { file: path.join(API_DIR, 'src/ts-thread.mjs'), workerData: { module: new URL(source, callerUrl).href } };
}

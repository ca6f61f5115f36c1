import type { ImportJob } from '@sauce/contract/account';
import { IMPORT_QUEUE } from '../services/import/store.ts';
import { body, type TestApp } from './build-app.ts';
import type { TestUser } from './factories.ts';
import { multipartForm, type FormPart } from './upload.ts';

/** POST /api/account/import of `data` into `workspace` as `u` (null: signed out), `extra` fields before the file. */
export function importFile(t: TestApp, u: TestUser | null, workspace: number, data: Buffer, extra: FormPart[] = [], filename = 'bookmarks.html') {
  const f = multipartForm([{ name: 'workspace', value: String(workspace) }, ...extra, { name: 'file', data, filename, contentType: 'text/html' }]);
  return t.app.inject({ method: 'POST', url: '/api/account/import', headers: { ...(u?.headers ?? {}), ...f.headers }, payload: f.payload });
}

/**
 * Runs the app's import jobs until none is due (a run given back is tried again 5 s later:
 * `withinS` brings that forward), then reads import `id`, which must have finished, failed
 * or been cancelled.
 * @throws Error when it has not.
 */
export async function finished(t: TestApp, u: TestUser, id: number): Promise<ImportJob> {
  await t.runUntilIdle([IMPORT_QUEUE], { withinS: 10 });
  const job = body<{ data: ImportJob }>(await t.app.inject({ url: `/api/account/import/${id}`, headers: u.headers })).data;
  if (job.status === 'done' || job.status === 'failed' || job.status === 'cancelled') return job;
  throw new Error(`import ${id} still ${job.status} with no import job due`);
}

/** A Netscape bookmarks file as browsers export it: `links` in a folder. */
export function netscape(links: { href: string; title: string; tags?: string; note?: string; added?: number }[]) {
  const items = links
    .map((l) => `        <DT><A HREF="${l.href}" ADD_DATE="${l.added ?? 1_700_000_000}"${l.tags ? ` TAGS="${l.tags}"` : ''}>${l.title}</A>${l.note ? `\n        <DD>${l.note}` : ''}`)
    .join('\n');
  return Buffer.from(`<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file. -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000">Design</H3>
    <DL><p>
${items}
    </DL><p>
</DL><p>
`);
}

/** `n` links: `https://example.com/page/<i>`, titled `Page <i>`. */
export const many = (n: number) => Array.from({ length: n }, (_, i) => ({ href: `https://example.com/page/${i}`, title: `Page ${i}` }));

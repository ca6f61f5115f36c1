import { beforeAll, describe, expect, it } from 'vitest';
import { closeImportReader, importReaderPid } from '../../services/import/reader.ts';
import { body, buildTestApp, type TestApp } from '../../test/build-app.ts';
import { buildUser } from '../../test/factories.ts';
import { finished, importFile, many, netscape } from '../../test/imports.ts';

// Issue #28 item 7: an import reader that dies mid-read — killed by the kernel's
// out-of-memory killer (SIGKILL), crashed (SIGSEGV) — is the server's trouble of the moment,
// not the file's: 503 with Retry-After, never 500; and the next import is read by a new reader.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

/** The reader's pid once an import has started it (it is started as the file is handed over). */
async function readerPid(): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const pid = importReaderPid();
    if (pid !== undefined) return pid;
    if (Date.now() > deadline) throw new Error('no reader started');
    await new Promise((r) => setTimeout(r, 2));
  }
}

describe('an import reader that dies mid-read (issue #28 item 7)', () => {
  it.each(['SIGKILL', 'SIGSEGV'] as const)('killed by %s: 503 with Retry-After, and the next import works', { timeout: 60_000 }, async (signal) => {
    const u = await buildUser(t);
    // No reader yet: the import starts one and hands it the file; it is killed before it can answer.
    await closeImportReader();
    const pending = importFile(t, u, u.workspaceId, netscape(many(3)));
    process.kill(await readerPid(), signal);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(body(res).error.code).toBe('SERVICE_UNAVAILABLE');

    const next = await importFile(t, u, u.workspaceId, netscape(many(2)));
    expect(next.statusCode, next.body).toBe(200);
    expect(await finished(t, u, body(next).data.id)).toMatchObject({ status: 'done', imported: 2 });
  });
});

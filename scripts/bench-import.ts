// `npm run bench` (third part): importing a browser bookmarks file of 10,000 bookmarks
// (issue #8) through the HTTP API of the server as `npm start` runs it (embedded PostgreSQL,
// local files). Prints the time of the upload request (reading and checking the file,
// recording the job), the time until the background job is done, what it imported and
// skipped (the beta plan takes 100 sources a space; the other 9,900 are listed), how long
// other requests waited meanwhile (a tiny API call every 50 ms: the worst and the 99th
// percentile) and the server's peak resident memory (VmHWM). BENCH_IMPORT_ENTRIES changes
// the count (at most 10,000). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ENTRIES = Math.min(10_000, Math.max(1, Number(process.env.BENCH_IMPORT_ENTRIES ?? 10_000)));

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-import-'));
chmodSync(dataDir, 0o755);
const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(import.meta.dirname, '../apps/api/src/server.ts')], {
  env: {
    MALLOC_ARENA_MAX: '2',
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_DEV_LOGIN: 'true',
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    JOB_POLL_SECONDS: '0.5',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
const mb = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) / 1024;

/** A Netscape bookmarks file as a browser exports it: folders of 500, titles, tags, notes. */
function bookmarksFile(n: number): Buffer {
  const parts = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n'];
  for (let i = 0; i < n; i++) {
    if (i % 500 === 0) parts.push(`${i ? '    </DL><p>\n' : ''}    <DT><H3 ADD_DATE="1700000000">Folder ${i / 500}</H3>\n    <DL><p>\n`);
    parts.push(
      `        <DT><A HREF="https://example.com/articles/${i}?utm_source=bench&amp;n=${i}" ADD_DATE="${1_600_000_000 + i}" TAGS="design,topic${i % 40}">Article number ${i}: a reasonably long bookmark title</A>\n` +
        (i % 3 === 0 ? `        <DD>A note about article ${i}, written when it was saved.\n` : ''),
    );
  }
  parts.push('    </DL><p>\n</DL><p>\n');
  return Buffer.from(parts.join(''));
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/auth/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not start');
    await sleep(100);
  }
  const signIn = await fetch(`${base}/api/auth/dev/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-import-${Date.now()}@example.com` }),
  });
  const { accessToken } = ((await signIn.json()) as { data: { accessToken: string } }).data;
  const auth = { authorization: `Bearer ${accessToken}` };
  const spaces = (await (await fetch(`${base}/api/workspace`, { headers: auth })).json()) as { data: { id: number }[] };
  const workspaceId = spaces.data[0]!.id;

  const file = bookmarksFile(ENTRIES);
  const idleMb = mb('VmRSS');

  // Other requests meanwhile: one every 50 ms; their latency shows whether the server stalls.
  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t0 = performance.now();
      await fetch(`${base}/api/app/config`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await sleep(50);
    }
  })();

  const form = new FormData();
  form.set('workspace', String(workspaceId));
  form.set('file', new Blob([file], { type: 'text/html' }), 'bookmarks.html');
  const t0 = performance.now();
  const res = await fetch(`${base}/api/account/import`, { method: 'POST', headers: auth, body: form });
  const upload = performance.now() - t0;
  if (!res.ok) throw new Error(`import refused: ${res.status} ${await res.text()}`);
  const job = ((await res.json()) as { data: { id: number } }).data;
  let done: { status: string; imported: number; skipped: number; total: number };
  for (;;) {
    done = ((await (await fetch(`${base}/api/account/import/${job.id}`, { headers: auth })).json()) as { data: typeof done }).data;
    if (done.status === 'done' || done.status === 'failed') break;
    await sleep(50);
  }
  const total = performance.now() - t0;
  probing = false;
  await probe;
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;

  console.log(`\nImport of ${ENTRIES.toLocaleString('en')} bookmarks (${(file.length / 1_048_576).toFixed(1)} MB Netscape HTML)`);
  console.log(`  upload request (read, check, record the job): ${upload.toFixed(0)} ms`);
  console.log(`  until the job is done:                        ${total.toFixed(0)} ms (${done.status})`);
  console.log(`  imported ${done.imported}, not imported ${done.skipped} (listed), of ${done.total}`);
  console.log(`  other requests meanwhile: ${latencies.length}, p99 ${p99.toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms`);
  console.log(`  server memory: ${idleMb.toFixed(0)} MB before, peak ${mb('VmHWM').toFixed(0)} MB`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench` (second part): upload and processing of a 4000×3000 JPEG of about 3 MB
// (a real photograph, enlarged), through the HTTP API of the server as `npm start` runs it
// (embedded PostgreSQL, local files). Prints the time of single uploads (median of
// BENCH_UPLOADS, default 7), then of ten at once, and the server process's resident memory:
// idle, its peak over the single uploads, and its peak over the ten at once (VmHWM).
// Issue #3 asks that ten at once stay under 512 MB; issue #9 that 30 uploads of 20 MB at once
// do too (they stream to disk while they wait). Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';

const SINGLE = Math.max(1, Number(process.env.BENCH_UPLOADS ?? 7));
const PARALLEL = 10;

const photo = path.join(import.meta.dirname, '../fixtures/photos/autumn-2560x1600.jpg');
// Enlarged to 4000×3000 with a little grain, so the JPEG is as heavy as a camera's (~3 MB).
const jpeg = await sharp(photo)
  .resize(4000, 3000, { fit: 'cover' })
  .sharpen({ sigma: 1.2 })
  .composite([{ input: await noise(4000, 3000), blend: 'overlay' }])
  .jpeg({ quality: 92 })
  .toBuffer();

async function noise(width: number, height: number) {
  const raw = Buffer.alloc(width * height);
  for (let i = 0; i < raw.length; i++) raw[i] = 118 + Math.floor(Math.random() * 20);
  return sharp(raw, { raw: { width, height, channels: 1 } }).png().toBuffer();
}

const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-upload-'));
chmodSync(dataDir, 0o755);
const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), path.join(import.meta.dirname, '../apps/api/src/server.ts')], {
  env: { MALLOC_ARENA_MAX: '2', ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, AUTH_DEV_LOGIN: 'true', LOG_LEVEL: 'warn', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
const mb = (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) / 1024;
/** Resets the process's peak RSS to its current RSS (Linux ≥ 4.0: write 5 to clear_refs). */
const resetPeak = () => {
  try {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
};

try {
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/auth/config`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error('server did not start');
    await sleep(100);
  }
  const signIn = await fetch(`${base}/api/auth/dev/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', nickname: 'bench' }),
  }).then((r) => r.json() as Promise<{ data: { accessToken: string } }>);
  const auth = { authorization: `Bearer ${signIn.data.accessToken}` };
  const workspaces = (await fetch(`${base}/api/workspace`, { headers: auth }).then((r) => r.json())) as { data: { id: number }[] };
  const workspace = workspaces.data[0]!.id;

  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const res = await fetch(`${base}/api/archive/sauce/${workspace}/image/upload/single`, { method: 'POST', headers: auth, body: form });
    if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    return performance.now() - started;
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

  await upload(); // warm-up: sharp's first use loads libvips
  await sleep(500);
  const idle = mb('VmRSS');
  const canReset = resetPeak();
  const singles = [];
  for (let i = 0; i < SINGLE; i++) singles.push(await upload());
  const singlePeak = mb('VmHWM');
  await sleep(500);
  if (canReset) resetPeak();
  const started = performance.now();
  const parallel = await Promise.all(Array.from({ length: PARALLEL }, upload));
  const wall = performance.now() - started;
  const parallelPeak = mb('VmHWM');

  // Issue #9: 30 uploads of a 20 MB PNG (a small image, then zeros) at once, from 3 people.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff6b3d' } }).png().toBuffer();
  const heavy = Buffer.concat([png, Buffer.alloc(20_971_520 - png.length - 1024)]);
  const people = await Promise.all(
    ['a', 'b', 'c'].map(async (n) => {
      const r = await fetch(`${base}/api/auth/dev/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `bench-${n}@example.com` }),
      }).then((x) => x.json() as Promise<{ data: { accessToken: string } }>);
      const headers = { authorization: `Bearer ${r.data.accessToken}` };
      const ws = ((await fetch(`${base}/api/workspace`, { headers }).then((x) => x.json())) as { data: { id: number }[] }).data[0]!.id;
      return { headers, ws };
    }),
  );
  await sleep(500);
  if (canReset) resetPeak();
  const heavyStarted = performance.now();
  const heavyCodes = await Promise.all(
    Array.from({ length: 30 }, async (_, i) => {
      const who = people[i % 3]!;
      const form = new FormData();
      form.append('file', new Blob([heavy], { type: 'image/png' }), 'big.png');
      return (await fetch(`${base}/api/archive/sauce/${who.ws}/image/upload/single`, { method: 'POST', headers: who.headers, body: form })).status;
    }),
  );
  const heavyWall = performance.now() - heavyStarted;
  const heavyPeak = mb('VmHWM');

  console.log(`Upload of one 4000×3000 JPEG (${(jpeg.length / 1e6).toFixed(2)} MB): stored original, 2560 px display and 640 px thumbnail (WebP q75), EXIF stripped`);
  console.log(`  one at a time: median ${median(singles).toFixed(0)} ms over ${SINGLE} (min ${Math.min(...singles).toFixed(0)}, max ${Math.max(...singles).toFixed(0)})`);
  console.log(`  ${PARALLEL} at once: all done in ${wall.toFixed(0)} ms (each ${Math.min(...parallel).toFixed(0)}–${Math.max(...parallel).toFixed(0)} ms)`);
  console.log(`  30 × 20 MB PNG at once (3 people): ${heavyCodes.filter((c) => c === 200).length}/30 stored in ${heavyWall.toFixed(0)} ms, server peak ${heavyPeak.toFixed(0)} MB (limit 512 MB)`);
  console.log(`  server RSS: idle ${idle.toFixed(0)} MB, peak one at a time ${singlePeak.toFixed(0)} MB, peak ${PARALLEL} at once ${parallelPeak.toFixed(0)} MB (limit 512 MB)${canReset ? '' : ' (peaks since start)'}`);
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

// `npm run bench` (issue #33 part): reading the words in images, through the HTTP API of the
// server as `npm start` runs it (embedded PostgreSQL, local files, IMAGE_TEXT on, one image
// at a time). Prints:
// - seconds per 1440×900 screenshot: from its upload starting to its words being there (GET
//   of the source, polled every 100 ms; reading starts when the upload is stored), one at a
//   time (median of BENCH_TEXT_SINGLE, default 5, of the tests' 20 screenshots), and 30 uploaded
//   and saved one after another (time until the last is read, divided by 30: the engine's pace);
// - the OCR engine's memory: the server's resident memory before any image was read, its
//   peak while 30 are read (VmHWM), the difference (the engine's worker thread and its
//   WebAssembly heap live in the server process), and after the engine closed when idle;
// - list p99: the source list of a space of 100 sources (50 connections, autocannon,
//   BENCH_SECONDS each, default 8) idle, then while 30 images of another person are read;
// - the save of an image source (upload answered to save answered) with reading on and off.
// Two cores shared with whatever else runs: each figure moves with the machine's load, which
// is printed. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

const SINGLE = Math.max(1, Number(process.env.BENCH_TEXT_SINGLE ?? 5));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const AT_ONCE = 30;
const SCREENSHOTS = path.join(import.meta.dirname, '../apps/api/src/test/fixtures/screenshots');
const { pages } = JSON.parse(readFileSync(path.join(SCREENSHOTS, 'pages.json'), 'utf8')) as { pages: { name: string }[] };
const shots = pages.map((p) => readFileSync(path.join(SCREENSHOTS, `${p.name}.png`)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () => os.loadavg()[0]!.toFixed(1);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A server as `npm start` runs it, with `env` added; its base URL, its pid and a way to stop it. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-text-'));
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
      LOG_LEVEL: 'warn',
      ARTICLES_SEED: 'false',
      PLAN_SOURCES_PER_SPACE: 'unlimited',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${base}/api/auth/config`).then((r) => r.ok, () => false)) break;
    if (i > 1800) throw new Error('server did not start in 3 minutes');
    await sleep(100);
  }
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return {
    base,
    mb: (field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())![1]) / 1024,
    /** Resets the peak RSS to the current RSS (Linux ≥ 4.0: write 5 to clear_refs); false when it cannot. */
    resetPeak: () => {
      try {
        writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A person signed in by the development sign-in, and their personal space. */
async function person(base: string, email: string) {
  const r = await fetch(`${base}/api/auth/dev/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  const headers = { authorization: `Bearer ${((await r.json()) as { data: { accessToken: string } }).data.accessToken}` };
  const ws = ((await fetch(`${base}/api/workspace`, { headers }).then((x) => x.json())) as { data: { id: number }[] }).data[0]!.id;
  return { headers, ws };
}
type Person = Awaited<ReturnType<typeof person>>;

async function call<T>(base: string, who: Person, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...who.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Uploads `png` and saves it as an image source. @returns the source's id, when its upload started, and the ms of the upload and of the save. */
async function saveShot(base: string, who: Person, png: Buffer, title: string) {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'shot.png');
  const started = performance.now();
  let t = started;
  const up = await fetch(`${base}/api/archive/sauce/${who.ws}/image/upload/single`, { method: 'POST', headers: who.headers, body: form });
  if (!up.ok) throw new Error(`upload answered ${up.status}`);
  const { id: imageId } = ((await up.json()) as { data: { id: number } }).data;
  const uploadMs = performance.now() - t;
  t = performance.now();
  const { id } = await call<{ id: number }>(base, who, 'POST', `/archive/sauce/${who.ws}`, { type: 'IMAGE', title, imageSauce: [{ id: imageId, comments: [] }] });
  return { id, started, uploadMs, saveMs: performance.now() - t };
}

/** Waits until source `id`'s image has been read; @returns when (performance.now()). */
async function readAt(base: string, who: Person, id: number, everyMs = 100): Promise<number> {
  for (;;) {
    const s = await call<{ imageSauce: { textStatus: string }[] }>(base, who, 'GET', `/archive/sauce/${who.ws}/${id}`);
    if (s.imageSauce[0]!.textStatus !== 'pending') return performance.now();
    await sleep(everyMs);
  }
}

async function listP99(base: string, who: Person) {
  const r = await autocannon({ url: `${base}/api/archive/sauce/${who.ws}/list`, connections: 50, duration: SECONDS, headers: who.headers });
  return { p99: r.latency.p99, rps: r.requests.average, errors: r.errors + r.non2xx };
}

const on = await startServer({ IMAGE_TEXT: 'true' });
try {
  const reader = await person(on.base, 'bench-reader@example.com');
  const other = await person(on.base, 'bench-other@example.com');
  for (let i = 0; i < 100; i++) {
    await call(on.base, reader, 'POST', `/archive/sauce/${reader.ws}`, {
      type: 'TEXT',
      title: `Reference ${i}`,
      textSauce: { text: `Notes for reference ${i} `.repeat(8), link: null },
      tagSet: [`tag${i % 7}`, 'bench'],
    });
  }
  await sleep(1000);
  const idleRss = on.mb('VmRSS');

  // One at a time: the first starts the engine (its languages loaded), the rest are timed.
  const first = await saveShot(on.base, other, shots[0]!, 'warm-up');
  await readAt(on.base, other, first.id);
  const singles: number[] = [];
  const savesOn: number[] = [];
  const uploadsOn: number[] = [];
  for (let i = 0; i < SINGLE; i++) {
    const s = await saveShot(on.base, other, shots[(i + 1) % shots.length]!, `single ${i}`);
    singles.push((await readAt(on.base, other, s.id)) - s.started);
    savesOn.push(s.saveMs);
    uploadsOn.push(s.uploadMs);
  }

  const idle = await listP99(on.base, reader);
  await sleep(500);
  const canReset = on.resetPeak();
  const before = on.mb('VmRSS');
  const ids: number[] = [];
  const batchStarted = performance.now();
  for (let i = 0; i < AT_ONCE; i++) ids.push((await saveShot(on.base, other, shots[i % shots.length]!, `batch ${i}`)).id);
  const savedAll = performance.now();
  const busy = await listP99(on.base, reader);
  const stillReading = (await call<{ imageSauce: { textStatus: string }[] }>(on.base, other, 'GET', `/archive/sauce/${other.ws}/${ids.at(-1)}`)).imageSauce[0]!.textStatus === 'pending';
  const lastRead = await readAt(on.base, other, ids.at(-1)!, 1000);
  const peak = on.mb('VmHWM');
  const perImage = (lastRead - batchStarted) / 1000 / AT_ONCE;
  await sleep(65_000); // the engine closes after 60 s idle
  const closed = on.mb('VmRSS');
  await on.stop();

  const off = await startServer({ IMAGE_TEXT: 'false' });
  const savesOff: number[] = [];
  const uploadsOff: number[] = [];
  try {
    const who = await person(off.base, 'bench-off@example.com');
    await saveShot(off.base, who, shots[0]!, 'warm-up');
    for (let i = 0; i < SINGLE; i++) {
      const s = await saveShot(off.base, who, shots[(i + 1) % shots.length]!, `single ${i}`);
      savesOff.push(s.saveMs);
      uploadsOff.push(s.uploadMs);
    }
  } finally {
    await off.stop();
  }

  console.log(`Words in images (issue #33): Tesseract (tesseract.js 7, kor+eng), one image at a time; machine load ${load()}`);
  console.log(`  a 1440×900 screenshot, its upload started to its words there: median ${(median(singles) / 1000).toFixed(2)} s over ${SINGLE} (min ${(Math.min(...singles) / 1000).toFixed(2)}, max ${(Math.max(...singles) / 1000).toFixed(2)})`);
  console.log(
    `  ${AT_ONCE} uploaded and saved one after another: all read ${((lastRead - batchStarted) / 1000).toFixed(1)} s after the first upload started ` +
      `(${((lastRead - savedAll) / 1000).toFixed(1)} s after the last save): ${perImage.toFixed(2)} s a screenshot`,
  );
  console.log(
    `  server RSS: ${idleRss.toFixed(0)} MB before any reading, ${before.toFixed(0)} MB with the engine started, peak ${peak.toFixed(0)} MB while ${AT_ONCE} were read` +
      `${canReset ? '' : ' (peak since start)'}, ${closed.toFixed(0)} MB after it closed (idle 60 s): the engine about ${(before - closed).toFixed(0)} MB idle, ${(peak - closed).toFixed(0)} MB at its peak`,
  );
  console.log(
    `  list p99 (100 sources, 50 connections): idle ${idle.p99} ms (${idle.rps.toFixed(0)} req/s), while ${AT_ONCE} images are read ${busy.p99} ms (${busy.rps.toFixed(0)} req/s): ` +
      `${((busy.p99 / idle.p99 - 1) * 100).toFixed(0)}%${stillReading ? '' : ' (the reading ended before the measure did)'}${idle.errors + busy.errors ? `, ${idle.errors + busy.errors} errors` : ''}`,
  );
  console.log(
    `  a screenshot's upload, then its save: median ${median(uploadsOn).toFixed(0)} and ${median(savesOn).toFixed(0)} ms with reading on, ` +
      `${median(uploadsOff).toFixed(0)} and ${median(savesOff).toFixed(0)} ms with IMAGE_TEXT=false`,
  );
} catch (e) {
  await on.stop().catch(() => undefined);
  throw e;
}

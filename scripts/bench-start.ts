// `npm run bench` (first): how fast `npm start` serves and how much memory the idle server
// holds (issue #11 item 7: idle RSS ≤ 120 MB). Runs `npm start` itself, as a person would,
// on a new data directory (a first start: PostgreSQL's cluster made, migrations applied),
// then again on the same one (a restart), and prints for each the time from spawn to the
// first `GET /readyz` 200 and the server's own 'ready in' figure; after the restart, a few
// requests (pages, the API, the docs), the resident memory of the server's node process
// (VmRSS) after 5 s and after 20 s of rest. V8's memory reducer gives the start's garbage
// back 8–16 s into the rest (on Node 24 too, since lib/idle-gc.ts), so the second is the
// settled figure (docs/bench.md Memory: 109–114 MB on Node 20 on 12-05, after 5 s 115–119). The build
// is brought up to date first and not counted. Prints figures; asserts nothing.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../apps/api/src/db/embedded.ts';

const root = path.resolve(import.meta.dirname, '..');
/** When the idle server's memory is read, seconds after its last request. */
const IDLE_CHECKS_S = [5, 20];

/** The pid of the server's node process under `npm start` (npm → sh → node), or 0 before it runs. */
function serverPid(ancestor: number): number {
  const queue = [ancestor];
  while (queue.length) {
    const pid = queue.shift()!;
    const cmd = readOr(`/proc/${pid}/cmdline`).split('\0');
    if (path.basename(cmd[0] ?? '').startsWith('node') && cmd.some((a) => a.endsWith('apps/api/dist/server.js'))) return pid;
    for (const task of readdirOr(`/proc/${pid}/task`)) {
      queue.push(...readOr(`/proc/${pid}/task/${task}/children`).split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return 0;
}
function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return ''; // the process is gone
  }
}
function readdirOr(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

interface Started {
  npm: ChildProcess;
  pid: number;
  port: number;
  /** Spawn to the first /readyz 200, ms. */
  readyMs: number;
  /** The server's own 'ready in' figure (database, migrations, app), ms. */
  ownMs: number;
}

/** Runs `npm start` on `dataDir` and waits for /readyz to answer 200. */
async function start(dataDir: string): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ownMs = NaN;
  createInterface({ input: npm.stdout! }).on('line', (l) => {
    const m = /Sauce is running.*ready in (\d+) ms/.exec(l);
    if (m) ownMs = Number(m[1]);
  });
  let exited = false;
  npm.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('npm start stopped before it served');
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    await sleep(20);
  }
  const readyMs = performance.now() - t0;
  while (Number.isNaN(ownMs)) await sleep(10);
  const pid = serverPid(npm.pid!);
  if (!pid) throw new Error('the server process under npm start was not found');
  return { npm, pid, port, readyMs, ownMs };
}

/** Stops the server as a supervisor would (SIGTERM) and waits for `npm start` to end. */
async function stop(s: Started) {
  const done = new Promise((resolve) => s.npm.once('exit', resolve));
  process.kill(s.pid, 'SIGTERM');
  await done;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readOr(`/proc/${pid}/status`))?.[1] ?? 0) / 1024;

const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(1);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-start-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL's user must reach it (else its cluster goes under /var/lib/sauce)
try {
  const first = await start(dataDir);
  await stop(first);
  const again = await start(dataDir);
  for (const p of ['/', '/intro', '/api/auth/config', '/api/discovery/articles', '/api/discovery/articles/category', '/api/docs/json', '/healthz', '/readyz']) {
    await fetch(`http://127.0.0.1:${again.port}${p}`).then((r) => r.arrayBuffer());
  }
  const idle: number[] = [];
  for (const [i, at] of IDLE_CHECKS_S.entries()) {
    await sleep((at - (IDLE_CHECKS_S[i - 1] ?? 0)) * 1000);
    idle.push(rssMb(again.pid));
  }
  await stop(again);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
  console.log(`\nnpm start, from spawn to GET /readyz 200 (build up to date; Node ${process.versions.node})`);
  console.log(`  first start (new database)   ${s(first.readyMs)}   the server's own 'ready in': ${s(first.ownMs)}`);
  console.log(`  restart (same data)          ${s(again.readyMs)}   the server's own 'ready in': ${s(again.ownMs)}`);
  for (const [i, at] of IDLE_CHECKS_S.entries()) {
    console.log(`  idle RSS, ${at} s after 8 requests`.padEnd(35) + `${idle[i]!.toFixed(0)} MB (issue #11 item 7: ≤ 120 MB)`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

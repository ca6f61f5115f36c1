// `npm run bench`: throughput and p99 latency of the source list (100 sources with tags,
// 50 connections), read again and again as a dashboard does: answered from the list cache
// (200) and to a matching If-None-Match (304) — against a bare Fastify route sending the
// same bytes from memory (the ceiling; issue #9 item 12 asks for ≥ 0.5× of it) and a
// minimal raw-SQL route on the same PostgreSQL (what a list without the cache costs); and
// the server's resident memory idle and under load. Prints figures; asserts nothing.
//
// Two cores are shared by autocannon, the server and PostgreSQL (and whatever else runs on
// the machine), so a single run of each target is noisy: ±20 % and worse. The targets are
// therefore measured in turn in short runs, BENCH_ROUNDS times (the order rotates every
// round so drift hits all alike); medians are printed, and each ratio is the median of the
// rounds' paired ratios. Also printed: CPU milliseconds per request of the server's
// Node process, of PostgreSQL and of autocannon, which move less with machine load than
// req/s and show where a difference comes from; the ratio of the two targets' CPU per
// request, a second estimate of the throughput ratio; and the CPU that other processes used
// meanwhile (when it is high, absolute req/s mean little).
// Issue #32 part: boards' first pages (GET /api/board/{id}, 48 sources each, 20 boards in turn)
// as visitors read them — from the board cache (200) and to a matching If-None-Match (304) —
// printed as boards a second beside the budget of 200.
// BENCH_SECONDS (default 5): length of each measured run. BENCH_ROUNDS (default 6).
// BENCH_NODE_ARGS: extra flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=prof".
// BENCH_ACCEPT_ENCODING: sent as accept-encoding to the Sauce API targets (e.g. "br" or
// "gzip"), to measure what compressing the list costs (issue #11 item 1); unset, none is sent.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
const CONNECTIONS = 50;
const CLK_TCK = 100; // Linux USER_HZ: /proc/<pid>/stat times are in 1/100 s

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-'));
chmodSync(dataDir, 0o755);
// node itself (not `npx tsx`) so that child.pid is the server: its RSS and CPU are read from /proc.
const child = spawn(
  process.execPath,
  [
    '--import',
    import.meta.resolve('tsx'),
    ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
    path.join(import.meta.dirname, 'bench-server.ts'),
  ],
  { env: { ...process.env, BENCH_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const server = { apiUrl: '', rawUrl: '', memoryUrl: '', etag: '', token: '', boardBase: '', boards: [] as { path: string; etag: string }[] };
await new Promise<void>((resolve, reject) => {
  // The server prints its URLs once, then a fresh access token (15-minute lifetime) every few minutes.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    Object.assign(server, JSON.parse(line));
    resolve();
  });
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});
const serverPid = child.pid!;

const descendants = (pid: number): number[] => {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    for (const task of safe(() => readdirSync(`/proc/${out[i]}/task`), [])) {
      const kids = safe(() => readFileSync(`/proc/${out[i]}/task/${task}/children`, 'utf8'), '');
      out.push(...kids.split(/\s+/).filter(Boolean).map(Number));
    }
  }
  return out;
};
function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback; // the process is gone
  }
}

/** Resident memory of the server's node process, MB. */
function rssMb(): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(safe(() => readFileSync(`/proc/${serverPid}/status`, 'utf8'), ''));
  return m ? Number(m[1]) / 1024 : 0;
}

/** CPU seconds used so far by the server's node process and by its PostgreSQL processes. */
function cpuSeconds(): { node: number; pg: number } {
  const t = { node: 0, pg: 0 };
  for (const pid of descendants(serverPid)) {
    const stat = safe(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), '');
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const f = stat.slice(close + 2).split(' '); // f[0] is field 3 (state); utime, stime are fields 14, 15
    const s = (Number(f[11]) + Number(f[12])) / CLK_TCK;
    if (pid === serverPid) t.node += s;
    else if (name.startsWith('postgres')) t.pg += s;
  }
  return t;
}

/** Busy CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineBusySeconds(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = f as [number, number, number, number, number, number, number, number];
  return (user + nice + system + irq + softirq + steal) / CLK_TCK;
}
const ownSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

interface Run {
  rps: number;
  p99: number;
  peakRssMb: number;
  nodeMsPerReq: number;
  pgMsPerReq: number;
  /** CPU of autocannon itself (this process) per request: it parses every response. */
  clientMsPerReq: number;
  /** Cores' worth of CPU used by processes other than the server, PostgreSQL and autocannon. */
  otherLoad: number;
}

const TARGETS = ['api', 'api304', 'memory', 'raw', 'board', 'board304'] as const;
type Target = (typeof TARGETS)[number];
const LABELS: Record<Target, string> = {
  api: 'Sauce API list (200)',
  api304: 'Sauce API list (304)',
  memory: 'same bytes, memory',
  raw: 'raw SQL + Fastify',
  board: 'board 1st page (200)',
  board304: 'board 1st page (304)',
};
/** The boards' first pages in turn, each connection going round them (with each one's ETag for the 304 target). */
const boardRequests = (revalidate: boolean) =>
  server.boards.map((b) => ({ method: 'GET' as const, path: b.path, headers: revalidate ? { 'if-none-match': b.etag } : {} }));
const target = (t: Target): { url: string; headers: Record<string, string>; status: number; requests?: ReturnType<typeof boardRequests> } => {
  const auth = {
    authorization: `Bearer ${server.token}`,
    ...(process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : {}),
  };
  switch (t) {
    case 'api':
      return { url: server.apiUrl, headers: auth, status: 200 };
    case 'api304':
      return { url: server.apiUrl, headers: { ...auth, 'if-none-match': server.etag }, status: 304 };
    case 'memory':
      return { url: server.memoryUrl, headers: {}, status: 200 };
    case 'raw':
      return { url: server.rawUrl, headers: {}, status: 200 };
    case 'board':
    case 'board304': {
      const encoding: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : {};
      return { url: server.boardBase, headers: encoding, status: t === 'board' ? 200 : 304, requests: boardRequests(t === 'board304') };
    }
  }
};

async function load(t: Target, seconds: number): Promise<Run> {
  const { url, headers, status, requests } = target(t);
  let peak = rssMb();
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 250);
  const before = cpuSeconds();
  const [busy0, own0, t0] = [machineBusySeconds(), ownSeconds(), performance.now()];
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, ...(requests ? { requests } : {}) });
  const after = cpuSeconds();
  const [busy1, own1, t1] = [machineBusySeconds(), ownSeconds(), performance.now()];
  clearInterval(timer);
  const unexpected = status === 200 ? r.non2xx : r.requests.total - (r.statusCodeStats?.[`${status}`]?.count ?? 0);
  if (unexpected > 0 || r.errors > 0) throw new Error(`${t} ${url}: ${unexpected} answers other than ${status}, ${r.errors} errors`);
  const n = Math.max(1, r.requests.total);
  await sleep(500); // let the sockets close before the next run
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    peakRssMb: peak,
    nodeMsPerReq: ((after.node - before.node) * 1000) / n,
    pgMsPerReq: ((after.pg - before.pg) * 1000) / n,
    clientMsPerReq: ((own1 - own0) * 1000) / n,
    otherLoad:
      Math.max(0, busy1 - busy0 - (own1 - own0) - (after.node - before.node) - (after.pg - before.pg)) /
      ((t1 - t0) / 1000),
  };
}

if (process.env.BENCH_ACCEPT_ENCODING) {
  const { url, headers } = target('api');
  const r = await fetch(url, { headers });
  await r.arrayBuffer();
  console.log(
    `accept-encoding: ${process.env.BENCH_ACCEPT_ENCODING} → the list is sent with content-encoding ` +
      `${r.headers.get('content-encoding') ?? 'none'}, ${r.headers.get('content-length') ?? '?'} bytes`,
  );
}
const idle = rssMb();
// Warm-up: JIT, connection pool, PostgreSQL caches, the list cache; not counted.
for (const t of TARGETS) await load(t, 3);

const runs = Object.fromEntries(TARGETS.map((t) => [t, [] as Run[]])) as Record<Target, Run[]>;
/** Paired per-round ratios of a target's req/s to another's. */
const RATIOS = [
  ['api', 'memory', 'list from the cache / same bytes from memory', 0.5],
  ['api304', 'memory', '304 / same bytes from memory', null],
  ['api', 'raw', 'list from the cache / raw SQL', null],
] as const;
const ratios = RATIOS.map(() => [] as number[]);
for (let round = 0; round < ROUNDS; round++) {
  const order = TARGETS.map((_, i) => TARGETS[(i + round) % TARGETS.length]!);
  for (const t of order) runs[t].push(await load(t, DURATION_S));
  RATIOS.forEach(([a, b], i) => ratios[i]!.push(runs[a][round]!.rps / runs[b][round]!.rps));
  process.stderr.write(
    `  round ${round + 1}/${ROUNDS}: ` +
      TARGETS.map((t) => `${t} ${runs[t][round]!.rps.toFixed(0)}`).join(', ') +
      ` req/s; other load ${median(TARGETS.map((t) => runs[t][round]!.otherLoad)).toFixed(2)} cores\n`,
  );
}

function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const pad = (s: string, n: number) => s.padStart(n);
const col = (xs: number[], digits = 0) =>
  pad(median(xs).toFixed(digits), 6) +
  (xs.length > 1 ? pad(`(${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`, 14) : pad('', 14));
const row = (label: string, rs: Run[]) =>
  `  ${label.padEnd(22)}${col(rs.map((r) => r.rps))}${col(rs.map((r) => r.p99))}` +
  `${pad(Math.max(...rs.map((r) => r.peakRssMb)).toFixed(0), 9)}` +
  `${pad(median(rs.map((r) => r.nodeMsPerReq)).toFixed(2), 19)}${pad(median(rs.map((r) => r.pgMsPerReq)).toFixed(2), 6)}` +
  `${pad(median(rs.map((r) => r.clientMsPerReq)).toFixed(2), 7)}`;

console.log(
  `\nSource list, 100 sources with tags, ${CONNECTIONS} connections, ` +
    `${ROUNDS} rounds of ${DURATION_S} s per target, in rotating order (${os.cpus().length} cores); median (min–max)`,
);
console.log(`                         req/s                p99 ms            peak RSS MB   CPU ms/req: node   pg  autocannon`);
for (const t of TARGETS) console.log(row(LABELS[t], runs[t]));
RATIOS.forEach(([, , label, goal], i) => {
  const xs = ratios[i]!;
  console.log(
    `  ${median(xs).toFixed(2)}` +
      (xs.length > 1 ? ` (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})` : '') +
      `  ${label}` +
      (goal ? `   (target ≥ ${goal.toFixed(2)})` : ''),
  );
});
{
  const boards = runs.board.map((r) => r.rps);
  console.log(
    `  ${median(boards).toFixed(0)} (${Math.min(...boards).toFixed(0)}–${Math.max(...boards).toFixed(0)})  boards' first pages a second, ` +
      `${server.boards.length} boards of 48 sources in turn   (issue #32 budget ≥ 200)`,
  );
}
console.log(`  server RSS idle     ${idle.toFixed(0)} MB`);
const other = median(TARGETS.flatMap((t) => runs[t].map((r) => r.otherLoad)));
console.log(
  `  other processes     ${other.toFixed(2)} cores busy (median)` +
    (other > 0.25 ? '   (a busy machine: trust the ratios and ms/req more than absolute req/s)' : ''),
);

child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });

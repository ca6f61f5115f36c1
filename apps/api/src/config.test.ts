import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, prepareDataDir } from './config.ts';

describe('configuration', () => {
  it('offers the development sign-in only to a local, non-production run unless asked for', () => {
    expect(loadConfig({}).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://sauce.example.com' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' }).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://sauce.example.com', AUTH_DEV_LOGIN: 'true' }).devLogin).toBe(true);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', AUTH_SECRET: 'short' })).toThrow(/PORT[\s\S]*AUTH_SECRET|AUTH_SECRET[\s\S]*PORT/);
  });

  it('makes the data directory readable by the app only (0700, 0711 for root with the embedded database)', () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'sauce-data-')), 'data');
    mkdirSync(dir, { mode: 0o755 });
    prepareDataDir(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@localhost/y' }));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    prepareDataDir(loadConfig({ DATA_DIR: dir }));
    expect(statSync(dir).mode & 0o777).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
});

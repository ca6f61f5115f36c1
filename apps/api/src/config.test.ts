import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_LINKS, loadConfig, PROJECT_URL, prepareDataDir } from './config.ts';

describe('configuration', () => {
  it('offers the development sign-in only to a local, non-production run on loopback unless asked for', () => {
    expect(loadConfig({}).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).devLogin).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }).devLogin).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devLogin).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://sauce.example.com' }).devLogin).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devLogin).toBe(false);
    // Issue #28 item 1: listening beyond loopback turns it off, whatever PUBLIC_URL says.
    for (const HOST of ['0.0.0.0', '::', '192.168.1.10', 'sauce.lan']) expect(loadConfig({ HOST }).devLogin, HOST).toBe(false);
    expect(loadConfig({}).devLoginExposed).toBe(false);
    expect(loadConfig({ AUTH_DEV_LOGIN: 'true' }).devLoginExposed).toBe(false);
    for (const env of [
      { NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' },
      { PUBLIC_URL: 'https://sauce.example.com', AUTH_DEV_LOGIN: 'true' },
      { HOST: '0.0.0.0', AUTH_DEV_LOGIN: 'true' },
    ]) {
      expect(loadConfig(env).devLogin).toBe(true);
      expect(loadConfig(env).devLoginExposed, JSON.stringify(env)).toBe(true);
    }
    expect(loadConfig({ HOST: '0.0.0.0', AUTH_DEV_LOGIN: 'false' }).devLoginExposed).toBe(false);
  });

  it('leaves the development sign-in off in every deployment recipe of docs/operating.md, as written (issue #28)', () => {
    const operating = readFileSync(path.resolve(import.meta.dirname, '../../../docs/operating.md'), 'utf8');
    const blocks = [...operating.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map(([, lang, text]) => ({ lang, text: text! }));
    const pairs = (text: string) => Object.fromEntries([...text.matchAll(/([A-Z][A-Z0-9_]*)=(\S+)/g)].map(([, k, v]) => [k!, v!]));
    const unit = blocks.find((b) => b.lang === 'ini' && b.text.includes('[Service]'))!.text;
    const envFile = blocks.find((b) => b.text.startsWith('# /etc/sauce.env'))!.text;
    const dockerfile = blocks.find((b) => b.lang === 'dockerfile')!.text;
    const dockerRun = blocks.find((b) => b.text.includes('docker run'))!.text;
    const recipes = {
      // systemd: Environment= lines, then /etc/sauce.env (EnvironmentFile).
      systemd: { ...pairs(unit.split('\n').filter((l) => l.startsWith('Environment=')).map((l) => l.slice(12)).join(' ')), ...pairs(envFile) },
      container: { ...pairs(dockerfile.split('\n').filter((l) => l.startsWith('ENV ')).join(' ')), ...pairs([...dockerRun.matchAll(/-e (\S+)/g)].map((m) => m[1]).join(' ')) },
    };
    expect(recipes.systemd.PUBLIC_URL).toMatch(/^https:/);
    expect(recipes.container.HOST).toBe('0.0.0.0');
    for (const [name, env] of Object.entries(recipes)) {
      const config = loadConfig({ ...env, GOOGLE_CLIENT_ID: 'x' });
      expect(config.devLogin, name).toBe(false);
    }
    // The container recipe without its PUBLIC_URL and NODE_ENV is still off: it listens on every interface.
    expect(loadConfig({ HOST: recipes.container.HOST }).devLogin).toBe(false);
  });

  describe('the shell’s links (SPEC §1, §2 Sidebar; issue #31 item 25)', () => {
    const vars = { feedback: 'FEEDBACK_URL', android: 'ANDROID_APP_URL', ios: 'IOS_APP_URL', plugin: 'FIGMA_PLUGIN_URL' } as const;

    it('point at the project’s own pages by default: its issue tracker for feedback, its page for the apps and the plugin', () => {
      expect(loadConfig({}).links).toEqual({ feedback: `${PROJECT_URL}/issues`, android: PROJECT_URL, ios: PROJECT_URL, plugin: PROJECT_URL });
      expect(loadConfig({}).links).toEqual(DEFAULT_LINKS);
      expect(PROJECT_URL).toMatch(/^https:\/\/[^/]+\/.+[^/]$/);
    });

    it('take the operator’s http(s) URL instead', () => {
      const env = {
        FEEDBACK_URL: 'https://forms.example/sauce?ref=app',
        ANDROID_APP_URL: 'https://play.google.com/store/apps/details?id=example.sauce',
        IOS_APP_URL: ' https://apps.apple.com/app/id1 ',
        FIGMA_PLUGIN_URL: 'http://plugins.example/sauce',
      };
      expect(loadConfig(env).links).toEqual({
        feedback: 'https://forms.example/sauce?ref=app',
        android: 'https://play.google.com/store/apps/details?id=example.sauce',
        ios: 'https://apps.apple.com/app/id1',
        plugin: 'http://plugins.example/sauce',
      });
    });

    it('hide one set to off (any case) or to the empty string, and only that one', () => {
      for (const [key, name] of Object.entries(vars)) {
        for (const off of ['off', 'OFF', '', ' ']) {
          const links = loadConfig({ [name]: off }).links;
          expect(links, `${name}=${JSON.stringify(off)}`).toEqual({ ...DEFAULT_LINKS, [key]: null });
        }
      }
    });

    it('refuse to start on a value that is not an http(s) URL, naming the variable', () => {
      for (const name of Object.values(vars)) {
        for (const bad of ['javascript:alert(1)', 'ftp://files.example/sauce', 'example.com/feedback', 'no', 'false', 'data:text/html,hi']) {
          expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(new RegExp(`Invalid configuration:[\\s\\S]*${name}: expected an http\\(s\\) URL, or 'off'`));
        }
      }
    });
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

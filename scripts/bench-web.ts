// `npm run bench:web` (issue #11 item 3): Lighthouse (mobile, its default simulated
// throttling) on the public pages and axe on every page, signed out and signed in, against
// the built app as `npm start` runs it, on a fresh embedded database, in the system Chromium
// (CHROMIUM_PATH, else /usr/bin/chromium). A measurement, not a test: it prints tables and
// exits 0, as scores vary by machine. Knobs: BENCH_WEB_PORT (default: a free one),
// BENCH_WEB_LOCALES (axe, default "ko,en"), BENCH_WEB_LIGHTHOUSE=0 or BENCH_WEB_AXE=0 to
// skip one, BENCH_WEB_VERBOSE=1 for the elements at fault.
import { spawn, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A free loopback TCP port. */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** JSON from the API with the seed account's bearer token; throws on a non-2xx answer. */
async function call<T>(base: string, token: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}/api${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/**
 * The seed: an account (dev sign-in), a shared text source and a shared image source (a
 * fixture photo with a comment pin) in its personal space. Returns the paths to measure.
 */
async function seed(base: string, email: string) {
  const signin = await fetch(`${base}/api/auth/dev/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, nickname: 'Bench' }),
  });
  const { accessToken } = ((await signin.json()) as { data: { accessToken: string } }).data;
  const spaces = await call<{ id: number; isPersonal: boolean }[]>(base, accessToken, '/workspace');
  const ws = spaces.find((s) => s.isPersonal)!.id;
  const text = await call<{ id: number }>(base, accessToken, `/archive/sauce/${ws}`, {
    method: 'POST',
    body: JSON.stringify({
      type: 'TEXT',
      title: 'Type scale notes',
      textSauce: { text: 'A 4 px grid and a small type scale: 12/14/16/20/24/32. Headings 1.25, text 1.5.\n'.repeat(6), link: null },
      tagSet: ['type', 'grid'],
    }),
  });
  const photo = path.join(root, 'fixtures/photos/autumn-2560x1600.jpg');
  const form = new FormData();
  form.append('file', new Blob([readFileSync(photo)], { type: 'image/jpeg' }), path.basename(photo));
  const upload = await call<{ id: number }>(base, accessToken, `/archive/sauce/${ws}/image/upload/single`, { method: 'POST', body: form });
  const image = await call<{ id: number }>(base, accessToken, `/archive/sauce/${ws}`, {
    method: 'POST',
    body: JSON.stringify({
      type: 'IMAGE',
      title: 'Autumn palette',
      imageSauce: [{ id: upload.id, comments: [{ id: 'c1', message: 'Warm orange against the grey', x: 0.4, y: 0.35 }] }],
      tagSet: ['color'],
    }),
  });
  const share = async (id: number) =>
    new URL(
      (await call<{ link: string }>(base, accessToken, `/archive/sauce/${ws}/${id}/share`, {
        method: 'POST',
        body: JSON.stringify({ isShareEnabled: true }),
      })).link,
    ).pathname;
  return {
    textId: text.id,
    imageId: image.id,
    textShare: await share(text.id),
    imageShare: await share(image.id),
    board: await seedBoard(base, accessToken, ws),
  };
}

/**
 * Issue #32's Lighthouse budget: a folder of 60 image sources (the fixture photos in turn,
 * each as its own upload) shared as a board its owner lets search engines index (else
 * Lighthouse's SEO score counts its `noindex`). Returns the board's path.
 */
async function seedBoard(base: string, token: string, ws: number): Promise<string> {
  const dir = path.join(root, 'fixtures/photos');
  const photos = readdirSync(dir).filter((f) => /\.(jpe?g|png|webp)$/i.test(f));
  const folder = await call<{ id: number }>(base, token, `/archive/folder/${ws}`, { method: 'POST', body: JSON.stringify({ name: 'Moodboard' }) });
  for (let i = 0; i < 60; i++) {
    const photo = photos[i % photos.length]!;
    const form = new FormData();
    form.append('file', new Blob([readFileSync(path.join(dir, photo))]), photo);
    const upload = await call<{ id: number }>(base, token, `/archive/sauce/${ws}/image/upload/single`, { method: 'POST', body: form });
    await call(base, token, `/archive/sauce/${ws}`, {
      method: 'POST',
      body: JSON.stringify({ type: 'IMAGE', title: `Reference ${i + 1}`, imageSauce: [{ id: upload.id, comments: [] }], folderSet: [folder.id], tagSet: ['board'] }),
    });
  }
  const state = await call<{ url: string }>(base, token, `/archive/folder/${ws}/${folder.id}/share`, { method: 'PATCH', body: JSON.stringify({ enabled: true, indexable: true }) });
  return new URL(state.url).pathname;
}

/** Starts the compiled server as `npm start` runs it (serving apps/web/dist) on a temporary embedded database; resolves when it answers. */
async function startServer(port: number, dataDir: string) {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '1000', MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 90 s');
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failing: string[];
}

/** Lighthouse's default network of the mobile profile (constants.throttling.mobileSlow4G), for a CPU slowed otherwise. */
const MOBILE_SLOW_4G = { rttMs: 150, throughputKbps: 1638.4, requestLatencyMs: 562.5, downloadThroughputKbps: 1474.56, uploadThroughputKbps: 675 };

/** One Lighthouse run (default config: mobile, simulated throttling) of each URL in one Chromium. */
async function runLighthouse(chromePath: string, base: string, pages: [string, string][]): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    for (const [name, url] of pages) {
      const result = await lighthouse(`${base}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        // BENCH_WEB_CPU=8: a slower phone (Lighthouse's default slows the CPU 4×), or this machine read as a slower one would be.
        ...(process.env.BENCH_WEB_CPU ? { throttling: { ...MOBILE_SLOW_4G, cpuSlowdownMultiplier: Number(process.env.BENCH_WEB_CPU) } } : {}),
      });
      const lhr = result!.lhr;
      // A run that failed (no paint, a timeout on a busy machine) scores 0: say why.
      if (lhr.runtimeError) console.log(`  ${name}: Lighthouse failed, ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      // Audits that cost points outside performance, to say what to fix.
      const failing = ['accessibility', 'best-practices', 'seo'].flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
          .map((r) => `${c}:${r.id}`),
      );
      if (process.env.BENCH_WEB_VERBOSE) {
        // What moved (CLS culprits) and what cost points, element by element.
        const shifts = (lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string }; score?: number }[] } | undefined)?.items ?? [];
        for (const s of shifts) console.log(`  ${name} shift ${s.score?.toFixed(3)} ${s.node?.selector ?? '?'}`);
        // What kept the main thread busy (behind the blocking time), script by script.
        const boot = (lhr.audits['bootup-time']?.details as { items?: { url?: string; total?: number; scripting?: number }[] } | undefined)?.items ?? [];
        for (const b of boot.slice(0, 5)) console.log(`  ${name} main thread ${Math.round(b.total ?? 0)} ms (script ${Math.round(b.scripting ?? 0)}) ${b.url}`);
        const kinds = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel?: string; duration?: number }[] } | undefined)?.items ?? [];
        console.log(`  ${name} main thread by kind: ${kinds.map((k) => `${k.groupLabel} ${Math.round(k.duration ?? 0)} ms`).join(', ')}`);
      }
      rows.push({
        page: name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(num('largest-contentful-paint')),
        cls: Math.round(num('cumulative-layout-shift') * 1000) / 1000,
        tbtMs: Math.round(num('total-blocking-time')),
        failing,
      });
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** The screens axe looks at: desktop, and a phone (where tap targets and the drawer matter). */
const SCREENS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

interface AxeRow {
  page: string;
  /** Locale, screen and signed out/in, e.g. 'ko phone in'. */
  view: string;
  serious: number;
  critical: number;
  /** Moderate and minor violations (nodes): reported, not a target. */
  lesser: number;
  rules: string[];
}

/** Opens `url` and waits until the app has drawn it (network quiet, fonts loaded). */
async function settle(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  await page.evaluate('document.fonts.ready');
  await page.waitForTimeout(300);
  return page;
}

/** A violating element for BENCH_WEB_VERBOSE: its selector, and for contrast the colours and ratio axe measured. */
function describeNode(node: { target: unknown[]; any: { data?: unknown }[] }): string {
  const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1` : '';
  return `${node.target.join(' ')}${colours}`;
}

/** axe (every rule) on each page; counts serious and critical violations by rule. */
async function runAxe(context: BrowserContext, base: string, pages: [string, string][], view: string) {
  const rows: AxeRow[] = [];
  for (const [name, url] of pages) {
    const page = await settle(context, `${base}${url}`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    rows.push({
      page: name,
      view,
      serious: bad.filter((v) => v.impact === 'serious').reduce((n, v) => n + v.nodes.length, 0),
      critical: bad.filter((v) => v.impact === 'critical').reduce((n, v) => n + v.nodes.length, 0),
      lesser: violations.filter((v) => !bad.includes(v)).reduce((n, v) => n + v.nodes.length, 0),
      // Verbose: every violation with its elements; else the serious and critical rules.
      rules: (process.env.BENCH_WEB_VERBOSE ? violations : bad).map(
        (v) => `${v.id}×${v.nodes.length}${process.env.BENCH_WEB_VERBOSE ? ` (${v.impact}) [${v.nodes.map(describeNode).join(' | ')}]` : ''}`,
      ),
    });
    await page.close();
  }
  return rows;
}

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: set CHROMIUM_PATH or install chromium.`);
  process.exit(0);
}
// Builds the web app and the API when their sources are newer than their builds (a stale build measures old code).
execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
const port = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sauce-bench-web-'));
chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as 'postgres' and must reach it
const server = await startServer(port, dataDir);
try {
  const ids = await seed(base, 'bench-web@example.com');
  const publicPages: [string, string][] = [
    ['intro', '/intro'],
    ['article', '/article'],
    ['share (text)', ids.textShare],
    ['share (image)', ids.imageShare],
    ['board (60 images)', ids.board],
  ];
  const appPages: [string, string][] = [
    ['dashboard', '/dashboard'],
    ['archive chooser', '/archive'],
    ['text editor', '/archive/text'],
    ['image editor', '/archive/image'],
    ['text source', `/archive/text?sauceId=${ids.textId}&archiveType=TEXT`],
    ['image source', `/archive/image?sauceId=${ids.imageId}&archiveType=IMAGE`],
    ['mypage profile', '/mypage/profile'],
    ['mypage tags', '/mypage/tags'],
    ['mypage notice', '/mypage/notice'],
    ['members', '/workspace/memberManagement'],
    ['usage', '/workspace/usageStatus'],
    ['space settings', '/workspace/spaceManagement'],
  ];

  if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') {
    // BENCH_WEB_ONLY=board,image: the public pages whose names hold one of these words (one page's runs, quicker).
    const only = (process.env.BENCH_WEB_ONLY ?? '').split(',').filter(Boolean);
    const chosen = only.length ? publicPages.filter(([name]) => only.some((w) => name.includes(w))) : publicPages;
    const lh = await runLighthouse(chromePath, base, chosen);
    console.log('\nLighthouse (mobile, simulated throttling)');
    console.table(lh.map(({ failing: _, ...r }) => r));
    for (const r of lh) if (r.failing.length) console.log(`  ${r.page}: ${r.failing.join(', ')}`);
  }

  if (process.env.BENCH_WEB_AXE !== '0') {
    const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS.filter((f) => f !== '--headless=new') });
    const axeRows: AxeRow[] = [];
    try {
      for (const locale of (process.env.BENCH_WEB_LOCALES ?? 'ko,en').split(',')) {
        for (const [screen, viewport] of Object.entries(SCREENS)) {
          for (const state of ['out', 'in'] as const) {
            const context = await browser.newContext({ locale, viewport, isMobile: screen === 'phone', hasTouch: screen === 'phone' });
            if (state === 'in') await context.request.post(`${base}/api/auth/dev/signin`, { data: { email: 'bench-web@example.com' } });
            axeRows.push(...(await runAxe(context, base, [...publicPages, ...appPages], `${locale} ${screen} ${state}`)));
            await context.close();
          }
        }
      }
    } finally {
      await browser.close();
    }
    console.log('\naxe: violations (elements) per page: serious, critical, and moderate or minor (lesser)');
    console.table(axeRows.map((r) => ({ ...r, rules: r.rules.join(' ') })));
    const total = axeRows.reduce((n, r) => n + r.serious + r.critical, 0);
    console.log(`axe total serious+critical: ${total} on ${axeRows.filter((r) => r.serious + r.critical).length} of ${axeRows.length} page views`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page, type TestInfo, type TestType } from '@playwright/test';

/**
 * Helpers shared by the browser specs: the app's i18n labels for the project's language,
 * a linked page with Open Graph tags on loopback, screenshots, and the dev sign-in.
 */

// ---------------------------------------------------------------------------------------
// The servers (e2e/playwright.config.ts): one per worker, each in a folder of the run's own
// ---------------------------------------------------------------------------------------

/** The folder of server `slot` (a worker's TEST_PARALLEL_INDEX): its data, and its copy of the web build. */
export function serverDir(slot: number): string {
  const run = process.env.E2E_RUN_DIR;
  if (!run) throw new Error('E2E_RUN_DIR is unset: run the browser tests with e2e/playwright.config.ts');
  return path.join(run, `server-${slot}`);
}

/** The web build server `slot` serves (WEB_DIST), a copy of its own: pwa.spec.ts changes its sw.js as a deploy would. */
export const servedWebDist = (slot: number) => path.join(serverDir(slot), 'dist');

/** The web build the server of the calling worker serves. */
export const myWebDist = () => servedWebDist(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

// ---------------------------------------------------------------------------------------
// i18n: the app's JSON bundles, looked up like i18next does ('ns:a.b', {{var}}, plurals)
// ---------------------------------------------------------------------------------------

/** The UI language; each Playwright project is named after one. */
export type Lang = 'ko' | 'en';

/** 'ns:a.b' (namespace 'common' when omitted) → the UI text, with {{vars}} filled in. */
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

const I18N_DIR = path.resolve(import.meta.dirname, '../apps/web/src/i18n');
/** Namespaces whose texts travel with their feature's chunk: `<dir>/<lang>.json` (issue #21's ⌘K search and finding aids). */
const FEATURE_NAMESPACES: Record<string, string> = {
  search: path.resolve(import.meta.dirname, '../apps/web/src/features/search/i18n'),
  finding: path.resolve(import.meta.dirname, '../apps/web/src/features/sauce-editor/i18n'),
  'finding-colour': path.resolve(import.meta.dirname, '../apps/web/src/features/sauce-list/i18n'),
};

/**
 * Looks keys up in the app's JSON bundles for `lang`. A numeric `count` var picks the
 * plural form (`key_one`, `key_other`, …) when the bundle has one. Throws on a missing key.
 */
export function translator(lang: Lang): Translate {
  const bundles = new Map<string, Record<string, unknown>>();
  const bundle = (ns: string) => {
    const file = FEATURE_NAMESPACES[ns] ? path.join(FEATURE_NAMESPACES[ns], `${lang}.json`) : path.join(I18N_DIR, lang, `${ns}.json`);
    if (!bundles.has(ns)) bundles.set(ns, JSON.parse(readFileSync(file, 'utf8')));
    return bundles.get(ns)!;
  };
  const lookup = (ns: string, key: string): string | undefined => {
    let node: unknown = bundle(ns);
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (fullKey, vars = {}) => {
    const [ns, key] = fullKey.includes(':') ? (fullKey.split(':') as [string, string]) : ['common', fullKey];
    const plural = typeof vars.count === 'number' ? `${key}_${new Intl.PluralRules(lang).select(vars.count)}` : undefined;
    const text = (plural && lookup(ns, plural)) ?? lookup(ns, key);
    if (text === undefined) throw new Error(`No ${lang} text for ${fullKey}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
  };
}

// ---------------------------------------------------------------------------------------
// The linked page: HTML with Open Graph tags and its preview image, on 127.0.0.1
// ---------------------------------------------------------------------------------------

/** A page served by {@link serveLinkedPage}; `close` stops its server. */
export interface LinkedPage {
  url: string;
  imageUrl: string;
  title: string;
  description: string;
  /** Lets a slow site's held reads of `/article` answer. */
  release: () => void;
  close: () => Promise<void>;
}

/**
 * Serves `/article` (og:title, og:description when given, og:image) and its preview image
 * `/preview.svg` on a free loopback port, for a source's link preview. A slow site
 * (`slow`): the first read of `/article` is a 404, every later one waits until `release()`.
 */
export async function serveLinkedPage(title: string, description = '', opts: { slow?: boolean } = {}): Promise<LinkedPage> {
  let origin = '';
  let reads = 0;
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const server = http.createServer(async (req, res) => {
    if (req.url === '/article' && opts.slow && reads++ === 0) return void res.writeHead(404).end();
    if (req.url === '/article' && opts.slow) await released;
    if (req.url === '/preview.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
      res.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">' +
          '<rect width="640" height="360" fill="#ff6b3d"/><circle cx="320" cy="180" r="110" fill="#fff3c4"/></svg>',
      );
    } else if (req.url === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const describe = description ? `\n<meta property="og:description" content="${description}">` : '';
      res.end(`<!doctype html>
<html><head>
<meta charset="utf-8">
<title>fallback title</title>
<meta property="og:title" content="${title}">${describe}
<meta property="og:image" content="${origin}/preview.svg">
</head><body><h1>${title}</h1><p>${description}</p></body></html>`);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/article`,
    imageUrl: `${origin}/preview.svg`,
    title,
    description,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------
// Page helpers
// ---------------------------------------------------------------------------------------

/** Attaches a full-page screenshot of `page` to the test report as `name`. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/**
 * Calls the API as the signed-in `page` (its cookies), with the anti-forgery cookie echoed as
 * the header; `multipart` sends a form instead of JSON. Fails the test on any answer but 2xx.
 * @returns the answer's `data`.
 */
export async function callApi<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
  multipart?: Record<string, string>,
): Promise<T> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await page.request.fetch(`/api${url}`, { method, data, multipart, headers: { 'x-csrf-token': csrf } });
  expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Signs in with the development form of the sign-in dialog; waits for the app shell. */
export async function signIn(page: Page, t: Translate, email: string) {
  const dialog = page.getByRole('dialog', { name: t('auth:title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t('auth:dev.email')).fill(email);
  await dialog.getByRole('button', { name: t('auth:dev.submit') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: t('shell:header.create') })).toBeVisible();
}

// ---------------------------------------------------------------------------------------
// Content-Security-Policy (issue #11 item 5)
// ---------------------------------------------------------------------------------------

/**
 * Collects the Content-Security-Policy violations of `page` from now on: each
 * `securitypolicyviolation` event (directive and blocked address) and each console error
 * Chromium writes for one. The returned array fills as they happen.
 */
export async function recordCspViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__sauceCspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __sauceCspViolation(v: string): void }).__sauceCspViolation(`${e.effectiveDirective} ${e.blockedURI}`),
    ),
  );
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** Makes every test of the spec fail when its page met a Content-Security-Policy violation. */
export function failOnCspViolations(test: TestType<any, any>) {
  let seen: string[] = [];
  test.beforeEach(async ({ page }: { page: Page }) => {
    seen = await recordCspViolations(page);
  });
  test.afterEach(() => {
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
}

/**
 * Records from now on, across reloads, every text among `texts` that enters the page (an
 * element or text added, or text changed) for however short a time; the returned array fills
 * as they appear.
 */
export async function recordAppearances(page: Page, texts: string[]): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__sauceTextSeen', (text: string) => seen.push(text));
  await page.addInitScript((wanted: string[]) => {
    const report = (window as unknown as { __sauceTextSeen(text: string): void }).__sauceTextSeen;
    const check = (node: Node) => {
      const text = node.textContent ?? '';
      for (const w of wanted) if (text.includes(w)) report(w);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') check(r.target);
        r.addedNodes.forEach(check);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, texts);
  return seen;
}

// ---------------------------------------------------------------------------------------
// Image sources (image-sources.spec.ts, image-text.spec.ts)
// ---------------------------------------------------------------------------------------

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Header 'Create source' → type selector → Image: the new image source editor. */
export async function startImageSauce(page: Page, t: Translate) {
  await page.getByRole('button', { name: t('shell:header.create') }).click();
  const chooser = page.getByRole('dialog', { name: t('shell:archiveType.title') });
  await chooser.getByRole('button', { name: new RegExp(`^${escapeRegExp(t('shell:archiveType.IMAGE'))}`) }).click();
  await expect(page).toHaveURL(/\/archive\/image$/);
}

/** Adds images with the file input and waits until every upload has finished. */
export async function addPhotos(page: Page, t: Translate, files: string[]) {
  await page.getByLabel(t('images:add.input')).setInputFiles(files);
  const strip = page.getByRole('list', { name: t('images:strip.label') });
  await expect(strip.getByRole('button', { name: t('images:strip.image', { n: files.length }), exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

/** Opens the save dialog of the image editor, sets the title, saves; ends in view mode of the saved source. */
export async function saveImageSauce(page: Page, t: Translate, title: string) {
  await page.getByRole('button', { name: t('images:save'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('archive:saveDialog.title') });
  await dialog.getByLabel(t('archive:saveDialog.titleLabel')).fill(title);
  await dialog.getByRole('button', { name: t('archive:saveDialog.save'), exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/archive\/image\?sauceId=\d+&archiveType=IMAGE$/);
}

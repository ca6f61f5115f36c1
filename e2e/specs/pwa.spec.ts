import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { failOnCspViolations, type Lang, myWebDist, serveLinkedPage, signIn, snap, translator } from '../support';

/**
 * Installable (issue #11 item 9), in Chromium, installing nothing: the manifest and its
 * icons, the service worker serving the shell with the network gone, a new build announced
 * by the 'new version' toast, and the share target — the GET page a shared link opens and
 * the POST the service worker turns into the text or the image editor.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/autumn-2560x1600.jpg');

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * Opens `url` and waits until the service worker controls the page. A public page the
 * server rendered loads the app, which registers the worker, on the visitor's first
 * intent: the pointer moves over it first, as a person's would.
 */
async function controlled(page: Page, url: string) {
  await page.goto(url);
  await page.mouse.move(40, 40);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 30_000 });
}

/** A full-page screenshot attached to the report and kept beside it as `name`.png, at the desktop and the phone size. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`) });
    await snap(page, testInfo, `${name}-${size}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Posts a share to the share target as a phone's share sheet does: a multipart form, navigating. */
async function postShare(page: Page, fields: Record<string, string>, file?: string) {
  await page.evaluate((entries) => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    for (const [name, value] of entries) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    const files = document.createElement('input');
    files.type = 'file';
    files.name = 'files';
    files.id = 'share-files';
    form.append(files);
    document.body.append(form);
  }, Object.entries(fields));
  if (file) await page.locator('#share-files').setInputFiles(file);
  await page.evaluate(() => (document.querySelector('form[action="/share-target"]') as HTMLFormElement).submit());
}

test.describe('installable app', () => {
  test('the manifest is served and complete, and its icons exist at their sizes', async ({ page, request }) => {
    await page.goto('/intro');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'Sauce',
      short_name: 'Sauce',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      lang: 'ko',
      theme_color: '#ffffff',
      background_color: '#f7f7f8',
      share_target: {
        action: '/share-target',
        method: 'POST',
        enctype: 'multipart/form-data',
        params: { url: 'url', text: 'text', title: 'title', files: [{ name: 'files' }] },
      },
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    for (const need of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
      expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toContain(need);
    }
    for (const icon of icons) {
      const png = await request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await png.body())).toEqual({ width: w, height: h });
    }
    expect((await request.get('/icons/apple-touch-icon.png')).status()).toBe(200);
  });

  test('the service worker serves the shell when the network is gone', async ({ page, context }) => {
    await controlled(page, '/intro');
    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline).toBeVisible();
    const text = await headline.innerText();

    // Offline, and every request that still reaches the network (the service worker's
    // own fetches included) refused: what the page shows comes from the precache.
    let refused = 0;
    await context.setOffline(true);
    await context.route('**/*', (route) => {
      refused += 1;
      return route.abort('internetdisconnected');
    });
    const res = await page.reload();
    expect(res?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
    expect(refused).toBeGreaterThan(0);
    await context.unroute('**/*');
    await context.setOffline(false);
  });

  test('a new build is announced with a toast, and its button switches to it', async ({ page }, testInfo) => {
    const t = translator(testInfo.project.name as Lang);
    await controlled(page, '/intro');
    const version = () => page.evaluate(() => fetch('/sw.js', { cache: 'no-store' }).then((r) => r.text()));
    const before = await version();
    // A new deploy: the served worker changes by one comment, a new version to the browser.
    const restore = deployNewWorker();
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      const toast = page.getByRole('status').filter({ hasText: t('pwa:update.message') });
      await expect(toast).toBeVisible({ timeout: 30_000 });
      await shots(page, testInfo, 'update-toast');
      const reloaded = page.waitForEvent('load');
      await toast.getByRole('button', { name: t('pwa:update.reload') }).click();
      await reloaded;
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(t('pwa:update.message'))).toHaveCount(0);
      // The page now runs under the new worker, and nothing waits.
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting)).toBe(false);
      expect(await version()).not.toBe(before);
    } finally {
      restore();
    }
  });

  test('a shared link opens a new text source with it, after signing in', async ({ page }, testInfo) => {
    const t = translator(testInfo.project.name as Lang);
    const linked = await serveLinkedPage(`Shared page ${Date.now()}`, 'Shared from another app.');
    try {
      const url = `/archive/text?sharedUrl=${encodeURIComponent(linked.url)}&sharedTitle=${encodeURIComponent('Worth keeping')}`;
      // Signed out: the sign-in dialog first, then the same page with the link.
      await page.goto(url);
      await signIn(page, t, `pwa-link-${testInfo.project.name}-${Date.now()}@example.com`);
      await expect(page).toHaveURL(url);
      await expect(page.getByLabel(t('archive:text.titleLabel'), { exact: true })).toHaveValue('Worth keeping');
      await expect(page.getByText(linked.title, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t('archive:text.removeLink') })).toBeVisible();
      await shots(page, testInfo, 'shared-link-editor');
    } finally {
      await linked.close();
    }
  });

  test('the share target turns a shared link or image into the right editor', async ({ page }, testInfo) => {
    const t = translator(testInfo.project.name as Lang);
    const linked = await serveLinkedPage(`Posted page ${Date.now()}`, 'Posted by the share sheet.');
    try {
      await page.goto('/dashboard');
      await signIn(page, t, `pwa-post-${testInfo.project.name}-${Date.now()}@example.com`);
      await controlled(page, '/dashboard');

      // Many apps put the link in the text.
      await postShare(page, { title: '', text: `Look at this ${linked.url}`, url: '' });
      await expect(page).toHaveURL(/\/archive\/text\?/);
      await expect(page.getByText(linked.title, { exact: true })).toBeVisible();
      await expect(page.getByLabel(t('archive:text.textLabel'), { exact: true })).toHaveValue('Look at this');

      await controlled(page, '/dashboard');
      await postShare(page, { title: '', text: '', url: '' }, PHOTO);
      await expect(page).toHaveURL(/\/archive\/image\?shared=images$/);
      const strip = page.getByRole('list', { name: t('images:strip.label') });
      await expect(strip.getByRole('button', { name: t('images:strip.image', { n: 1 }), exact: true })).toBeVisible();
      await expect(strip.getByRole('button', { name: t('images:strip.image', { n: 2 }), exact: true })).toHaveCount(0);
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
      // Taken once: opening the page again adds nothing.
      await expect.poll(() => page.evaluate(() => caches.has('sauce-share-target'))).toBe(false);
      // The API and uploaded files went past the service worker: nothing of theirs is cached.
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
        return urls;
      });
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((p) => /^\/(api|files)\//.test(p))).toEqual([]);
    } finally {
      await linked.close();
    }
  });
});

/**
 * Changes the served /sw.js on disk by a comment, as a new deploy would (the server reads
 * files when asked); returns what puts the build back. The build is this worker's server's
 * own copy (e2e/playwright.config.ts): the other worker's pages see no deploy.
 */
function deployNewWorker(): () => void {
  const file = path.join(myWebDist(), 'sw.js');
  const built = readFileSync(file);
  writeFileSync(file, Buffer.concat([built, Buffer.from(`\n// next build ${Date.now()}\n`)]));
  return () => writeFileSync(file, built);
}

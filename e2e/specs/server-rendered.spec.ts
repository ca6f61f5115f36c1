import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ConsoleMessage, expect, request, type Request, test, type Page } from '@playwright/test';
import { failOnCspViolations, type Lang, recordCspViolations, snap, translator } from '../support';

/**
 * Issue #11 items 2 and 3, as a signed-out visitor meets them: /intro, /article and a shared
 * source arrive complete as HTML rendered by the server, readable without JavaScript, and
 * load no more than 80 KB of script (the boot module) until the visitor shows intent; then
 * the app hydrates the page without a mismatch, and what the visitor did meanwhile — a click,
 * text typed into the search — still happens. Signed in, the same pages are the app's.
 */

failOnCspViolations(test);

const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/autumn-2560x1600.jpg');
/** Issue #11 item 2: the public pages' first-load budget, bytes of compressed script. */
const BUDGET_BYTES = 80 * 1024;
/** A title that would be markup if the server wrote it unescaped. */
const HOSTILE_TITLE = 'Palette <img src=x onerror=alert(1)> & "light"';

/** An API client signed in (bearer) as `email` through the development sign-in. */
async function apiAs(baseURL: string, email: string) {
  const anon = await request.newContext({ baseURL });
  const res = await anon.post('/api/auth/dev/signin', { data: { email, nickname: 'Mina' } });
  expect(res.ok()).toBe(true);
  const token = (await res.json()).data.accessToken as string;
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** A shared image source with two pinned comments and `HOSTILE_TITLE`; its share path. */
async function sharedImageSauce(baseURL: string, run: string): Promise<string> {
  const api = await apiAs(baseURL, `ssr-${run}@example.com`);
  const ws = (await (await api.get('/api/workspace')).json()).data[0].id as number;
  const upload = await api.post(`/api/archive/sauce/${ws}/image/upload/single`, {
    multipart: { file: { name: 'autumn.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
  });
  expect(upload.ok()).toBe(true);
  const image = (await upload.json()).data.id as number;
  const created = await api.post(`/api/archive/sauce/${ws}`, {
    data: {
      type: 'IMAGE',
      title: HOSTILE_TITLE,
      imageSauce: [{ id: image, comments: [{ id: 'a', message: 'Warm orange', x: 0.3, y: 0.4 }, { id: 'b', message: 'Sky', x: 0.7, y: 0.2 }] }],
      tagSet: ['autumn'],
    },
  });
  expect(created.ok()).toBe(true);
  const share = await api.post(`/api/archive/sauce/${ws}/${(await created.json()).data.id}/share`, { data: { isShareEnabled: true } });
  const link = (await share.json()).data.link as string;
  await api.dispose();
  return new URL(link).pathname;
}

/**
 * What `page` does from now on until `stop()`: its console errors and uncaught errors (a
 * hydration mismatch is one; a resource that failed to load is not), and the compressed
 * bytes of every script it receives.
 */
function watch(page: Page) {
  const seen = { errors: [] as string[], scriptBytes: 0, scripts: [] as string[] };
  const sizing: Promise<unknown>[] = [];
  // Pictures of other sites that do not load (an article's cover) are the network's, not the page's.
  const onConsole = (m: ConsoleMessage) =>
    void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && seen.errors.push(m.text()));
  const onError = (e: Error) => void seen.errors.push(e.message);
  const onFinished = (req: Request) => {
    if (req.resourceType() !== 'script') return;
    seen.scripts.push(new URL(req.url()).pathname);
    sizing.push(req.sizes().then((s) => (seen.scriptBytes += s.responseBodySize)));
  };
  page.on('console', onConsole);
  page.on('pageerror', onError);
  page.on('requestfinished', onFinished);
  const stop = () => {
    page.off('console', onConsole);
    page.off('pageerror', onError);
    page.off('requestfinished', onFinished);
  };
  /** `seen` once every script received so far is counted. */
  const settled = async () => {
    await Promise.all(sizing);
    return seen;
  };
  return { seen, settled, stop };
}

/** Holds the app's chunks (everything but the boot module and its helper) for `ms`, so that the visitor acts before it runs. */
async function slowApp(page: Page, ms: number) {
  await page.route('**/assets/*.js', async (route) => {
    if (!/\/(boot|preload-helper)-[^/]+\.js$/.test(route.request().url())) await new Promise((r) => setTimeout(r, ms));
    await route.continue();
  });
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => !document.documentElement.hasAttribute('data-ssr'), null, { timeout: 15_000 });

test('public pages arrive complete, within 80 KB of script, and hydrate without a mismatch', async ({ browser, baseURL }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const share = await sharedImageSauce(baseURL!, `${lang}-${Date.now()}`);
  const pages = [
    { path: '/intro', heading: t('shell:intro.headline').split('\n')[0]! },
    { path: '/article', heading: new RegExp(t('articles:categories.all')) },
    { path: share, heading: HOSTILE_TITLE },
  ];

  await test.step('without JavaScript, each page is already there', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
    const plain = await noJs.newPage();
    for (const p of pages) {
      await plain.goto(p.path);
      await expect(plain.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    }
    // The shared source: its pins, its comments, and a title written as text, not markup.
    await expect(plain.getByText('Warm orange')).toBeVisible();
    await expect(plain.locator('img[src="x"]')).toHaveCount(0);
    await expect(plain.getByRole('button', { name: t('shell:header.login') })).toBeVisible();
    await noJs.close();
  });

  for (const p of pages) {
    await test.step(`${p.path}: ${BUDGET_BYTES / 1024} KB of script at most until intent, then the app takes over`, async () => {
      // A new visitor: nothing cached, no service worker yet.
      const visitor = await browser.newContext({ locale: lang === 'ko' ? 'ko-KR' : 'en-US', viewport: { width: 1440, height: 900 } });
      const tab = await visitor.newPage();
      const csp = await recordCspViolations(tab);
      const { seen, settled, stop } = watch(tab);
      await tab.goto(p.path, { waitUntil: 'networkidle' });
      await expect(tab.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      expect(await tab.locator('html').getAttribute('data-ssr')).toBe('');
      await settled();
      expect(seen.scripts.some((f) => f.includes('/boot-'))).toBe(true);
      expect(seen.scriptBytes, seen.scripts.join(', ')).toBeGreaterThan(0);
      expect(seen.scriptBytes, seen.scripts.join(', ')).toBeLessThanOrEqual(BUDGET_BYTES);

      // Hydration adopts the server's elements: the same nodes before and after, none added.
      await tab.evaluate(() => {
        const w = window as unknown as { ssrNodes: Element[] };
        w.ssrNodes = [document.getElementById('root')!.firstElementChild!, document.querySelector('h1')!];
      });
      await tab.mouse.move(200, 300);
      await hydrated(tab);
      await tab.waitForLoadState('networkidle');
      await settled();
      expect(seen.scriptBytes).toBeGreaterThan(BUDGET_BYTES); // the app itself came after
      await expect(tab.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
      const adopted = await tab.evaluate(() => {
        const [shell, heading] = (window as unknown as { ssrNodes: Element[] }).ssrNodes;
        const root = document.getElementById('root')!;
        return shell === root.firstElementChild && heading === document.querySelector('h1') && document.querySelectorAll('h1').length === 1;
      });
      expect(adopted, 'the hydrated page is the server’s markup, not a second copy').toBe(true);
      stop();
      expect(seen.errors, 'console errors').toEqual([]);
      expect(csp, 'Content-Security-Policy violations').toEqual([]);
      if (p.path === share) await snap(tab, testInfo, 'shared-source-hydrated');
      await visitor.close();
    });
  }
});

test('what the visitor does while the app loads is not lost', async ({ page }, testInfo) => {
  const t = translator(testInfo.project.name as Lang);
  await slowApp(page, 1500);

  await test.step('a click on “sign in” opens the sign-in dialog once the app runs', async () => {
    await page.goto('/intro');
    await page.getByRole('banner').getByRole('button', { name: t('shell:header.login') }).click();
    expect(await page.locator('html').getAttribute('data-ssr')).toBe(''); // still loading
    await expect(page.getByRole('dialog', { name: t('auth:title') })).toBeVisible();
  });

  await test.step('text typed into the article search searches once the app runs', async () => {
    await page.goto('/article');
    await page.getByRole('searchbox', { name: t('articles:page.searchLabel') }).fill('zzqx-nothing');
    expect(await page.locator('html').getAttribute('data-ssr')).toBe('');
    await expect(page).toHaveURL(/search=zzqx-nothing/);
    await expect(page.getByText(t('articles:page.empty'))).toBeVisible();
  });
});

test('signed in, the public pages are the app’s own', async ({ page, baseURL }) => {
  const res = await page.request.post(`${baseURL}/api/auth/dev/signin`, { data: { email: `ssr-in-${Date.now()}@example.com` } });
  expect(res.ok()).toBe(true);
  const html = await (await page.request.get('/article')).text();
  expect(html).not.toContain('data-ssr');
  expect(html).toContain('<div id="root"></div>');
  await page.goto('/article');
  await expect(page.locator('html')).not.toHaveAttribute('data-ssr');
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, request, type Request, test } from '@playwright/test';
import { type Lang, translator } from '../support';

/**
 * Issue #19 item 2: the weight of the app's JavaScript as a browser receives it. A new visitor
 * (fresh context, nothing cached, service workers blocked) signed in opens `/dashboard` in a
 * space of three folders and 20 sources; once the network is idle and 3 s more have passed (what the app loads
 * when the browser is first idle included), the script responses' encoded (compressed) sizes
 * add up to at most 250 KB, in at most 30 files (issue #31: it was 64 requests). The
 * breakdown by file is printed and attached to the report.
 * Drag and drop is not among them: it loads on the folder list's first use.
 */

/** Issue #19 item 2's figure, bytes of compressed script. */
const DASHBOARD_BUDGET_BYTES = 250 * 1024;
/** Issue #31's figure: script requests of the dashboard's first load. */
const DASHBOARD_MAX_SCRIPTS = 30;
const SAUCES = 20;
/** Of the 20 sources, how many are images (the rest are text). */
const IMAGES = 4;
const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/autumn-2560x1600.jpg');

/** Fills the signed-in account's personal space through the API: three folders and `SAUCES` sources, most of them in a folder. */
async function fill(api: APIRequestContext) {
  const spaces = (await (await api.get('/api/workspace')).json()).data as { id: number; isPersonal: boolean }[];
  const ws = spaces.find((s) => s.isPersonal)!.id;
  const folders: number[] = [];
  for (const name of ['Colour', 'Type', 'Layout']) {
    const folder = await api.post(`/api/archive/folder/${ws}`, { data: { name } });
    expect(folder.ok(), await folder.text()).toBe(true);
    folders.push((await folder.json()).data.id as number);
  }
  for (let i = 0; i < SAUCES; i++) {
    const folderSet = i % 4 === 3 ? [] : [folders[i % 3]!];
    let data: object;
    if (i < IMAGES) {
      const upload = await api.post(`/api/archive/sauce/${ws}/image/upload/single`, {
        multipart: { file: { name: 'autumn.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PHOTO) } },
      });
      expect(upload.ok()).toBe(true);
      data = { type: 'IMAGE', title: `Palette ${i + 1}`, imageSauce: [{ id: (await upload.json()).data.id, comments: [] }], tagSet: ['color'], folderSet };
    } else {
      data = { type: 'TEXT', title: `Note ${i + 1}`, textSauce: { text: 'A 4 px grid and a small type scale.\n'.repeat(4), link: null }, tagSet: ['grid', 'type'], folderSet };
    }
    const created = await api.post(`/api/archive/sauce/${ws}`, { data });
    expect(created.ok(), await created.text()).toBe(true);
  }
}

test('/dashboard, signed in with an empty cache, transfers at most 250 KB of JavaScript', async ({ browser, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'ko', 'one measurement (Korean, the larger strings) is enough');
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 1440, height: 900 }, serviceWorkers: 'block' });
  const signin = await context.request.post('/api/auth/dev/signin', { data: { email: `weight-${Date.now()}@example.com`, nickname: 'Weight' } });
  expect(signin.ok()).toBe(true);
  const token = (await signin.json()).data.accessToken as string;
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  await fill(api);
  await api.dispose();

  const page = await context.newPage();
  const scripts: { file: string; bytes: number }[] = [];
  const sizing: Promise<unknown>[] = [];
  page.on('requestfinished', (req: Request) => {
    if (req.resourceType() !== 'script') return;
    sizing.push(req.sizes().then((s) => scripts.push({ file: new URL(req.url()).pathname, bytes: s.responseBodySize })));
  });
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: t('shell:header.create') })).toBeVisible();
  await expect(page.getByText('Note 20')).toBeVisible();
  await page.waitForTimeout(3_000);
  await page.waitForLoadState('networkidle');
  await Promise.all(sizing);

  const total = scripts.reduce((n, s) => n + s.bytes, 0);
  const table = [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((s) => `${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${s.file}`)
    .join('\n');
  const report =
    `/dashboard: ${(total / 1024).toFixed(1)} KB of script in ${scripts.length} files ` +
    `(budget ${DASHBOARD_BUDGET_BYTES / 1024} KB in at most ${DASHBOARD_MAX_SCRIPTS} files)\n${table}`;
  console.log(report);
  await testInfo.attach('dashboard-scripts.txt', { body: report, contentType: 'text/plain' });
  expect(scripts.length).toBeGreaterThan(3);
  expect(total, report).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  expect(scripts.length, report).toBeLessThanOrEqual(DASHBOARD_MAX_SCRIPTS);

  // Drag and drop is no part of it: it loads when the folder list is first used (the pointer over it).
  const dnd = /\/assets\/(draggable-folder-list|dnd\.esm)-[^/]+\.js$/;
  expect(scripts.filter((s) => dnd.test(s.file))).toEqual([]);
  const loading = page.waitForResponse((r) => dnd.test(new URL(r.url()).pathname));
  await page.getByRole('navigation', { name: t('shell:sidebar.folders') }).getByRole('button', { name: 'Colour', exact: true }).hover();
  expect((await loading).ok()).toBe(true);

  // A keyboard user is not kept waiting: Space pressed on a folder before drag and drop has
  // arrived (held back here) lifts it once it has.
  const keyboard = await context.newPage();
  await keyboard.route(dnd, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await keyboard.goto('/dashboard', { waitUntil: 'networkidle' });
  const nav = keyboard.getByRole('navigation', { name: t('shell:sidebar.folders') });
  const colour = nav.getByRole('button', { name: 'Colour', exact: true });
  await colour.focus();
  await keyboard.keyboard.press('Space');
  await expect(keyboard.getByText(t('folders:dragStart', { name: 'Colour', position: 1 }), { exact: true })).toBeAttached();
  await expect(nav.getByRole('button', { name: 'Colour', exact: true })).toBeFocused();
  await keyboard.keyboard.press('Escape');
  await expect(keyboard.getByText(t('folders:dragCancel', { name: 'Colour' }), { exact: true })).toBeAttached();

  // Nor is a mouse (issue #31 item 19): a folder pressed at once, before drag and drop has
  // arrived (held back here), is dragged by the moves after it arrived, and dropped.
  const mouse = await context.newPage();
  await mouse.route(dnd, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await mouse.goto('/dashboard', { waitUntil: 'networkidle' });
  const mouseNav = mouse.getByRole('navigation', { name: t('shell:sidebar.folders') });
  const first = (await mouseNav.getByRole('button', { name: 'Colour', exact: true }).boundingBox())!;
  const last = (await mouseNav.getByRole('button', { name: 'Layout', exact: true }).boundingBox())!;
  await mouse.mouse.move(first.x + 40, first.y + first.height / 2);
  await mouse.mouse.down();
  await mouse.waitForResponse((r) => dnd.test(new URL(r.url()).pathname));
  // Drag and drop has replaced the plain list (its handles carry its attributes); the press is
  // handed to it on a timer set as it did, so one more turn of the page's timers has passed it on.
  await expect(mouseNav.locator('[data-rfd-drag-handle-draggable-id]').first()).toBeAttached();
  await mouse.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (let step = 1; step <= 10; step++) {
    await mouse.mouse.move(first.x + 40, first.y + first.height / 2 + ((last.y - first.y + 4) * step) / 10);
  }
  await mouse.mouse.up();
  await expect(mouse.getByText(t('folders:dragDrop', { name: 'Colour', position: 3 }), { exact: true })).toBeAttached();
  await context.close();
});

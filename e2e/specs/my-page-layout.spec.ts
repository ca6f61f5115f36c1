import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import sharp from 'sharp';
import { failOnCspViolations, type Lang, signIn, snap, type Translate, translator } from '../support';

/**
 * What the browser audit of issue #31 found on My page and the header, measured as laid out,
 * in the Korean and the English UI, on a desktop and a phone (390×844): the import's formats
 * shown whole (item 17), 'Remove image' with the picture (item 18), and the unread-notice dot
 * standing apart from an avatar of its own colour (item 21).
 */

failOnCspViolations(test);

const PHONE = { width: 390, height: 844 };

/** A run-unique e-mail address for `who`. */
function email(lang: Lang, who: string) {
  return `e2e-mypage-${who}-${lang}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A square PNG of one colour. */
const square = (r: number, g: number, b: number) => sharp({ create: { width: 256, height: 256, channels: 3, background: { r, g, b } } }).png().toBuffer();

/** Sets the signed-in person's profile image through the API. */
async function setProfileImage(page: Page, png: Buffer) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await page.request.patch('/api/auth/profile/image', {
    multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: png } },
    headers: { 'x-csrf-token': csrf },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openMyPage(page: Page, t: Translate, who: string, lang: Lang) {
  await page.goto('/mypage/profile');
  await signIn(page, t, email(lang, who));
  await expect(page.getByRole('heading', { name: t('account:title'), level: 1 })).toBeVisible();
}

for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', PHONE]] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, hasTouch: device === 'phone' });

    test('the import row shows its formats whole, inside the section (issue #31 item 17)', async ({ page }, testInfo) => {
      const lang = testInfo.project.name as Lang;
      const t = translator(lang);
      await openMyPage(page, t, 'formats', lang);
      const hint = page.getByText(t('account:import.formats'), { exact: true });
      await hint.scrollIntoViewIfNeeded();
      await expect(hint).toBeVisible();
      // Not cut with an ellipsis: the text fits its box, on as many lines as it needs.
      const cut = await hint.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(cut, 'the formats are cut off').toBe(false);
      // And the box is inside the page and the section.
      const box = (await hint.boundingBox())!;
      const section = (await page.getByRole('region', { name: t('account:import.title') }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(section.x);
      expect(box.x + box.width).toBeLessThanOrEqual(Math.min(section.x + section.width, viewport.width) + 0.5);
      // The buttons it sits with stay whole and clickable.
      for (const name of [t('account:import.choose'), t('account:import.check')]) {
        const b = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
        expect(b.x + b.width, name).toBeLessThanOrEqual(viewport.width);
      }
      await snap(page, testInfo, `import-formats-${device}`);
    });

    test("'Remove image' sits with the profile picture, not under the fields (issue #31 item 18)", async ({ page }, testInfo) => {
      const lang = testInfo.project.name as Lang;
      const t = translator(lang);
      await openMyPage(page, t, 'remove', lang);
      await setProfileImage(page, await square(40, 110, 220));
      await page.reload();
      const picker = page.getByRole('button', { name: t('account:fields.image'), exact: true });
      const remove = page.getByRole('button', { name: t('account:profile.removeImage'), exact: true });
      await expect(remove).toBeVisible();
      const p = (await picker.boundingBox())!;
      const r = (await remove.boundingBox())!;
      const nickname = (await page.getByText(t('account:fields.nickname'), { exact: true }).boundingBox())!;
      // Right under the picture's box (or beside it), before the fields start.
      const under = r.y >= p.y + p.height - 0.5 && r.y - (p.y + p.height) <= 16 && r.x >= p.x - 0.5 && r.x <= p.x + 16;
      const beside = r.y < p.y + p.height && r.y + r.height > p.y && r.x >= p.x + p.width - 0.5 && r.x - (p.x + p.width) <= 24;
      expect(under || beside, `remove ${JSON.stringify(r)} picture ${JSON.stringify(p)}`).toBe(true);
      expect(r.y + r.height).toBeLessThanOrEqual(nickname.y);
      await snap(page, testInfo, `remove-image-${device}`);

      // It still removes the picture: the initial comes back and the button goes.
      await remove.click();
      await expect(remove).toHaveCount(0);
      await expect(picker.locator('img')).toHaveCount(0);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, deviceScaleFactor: 2 });

  test('the unread-notice dot has a ring of the header’s colour, so it shows on an avatar of its own colour (issue #31 item 21)', async ({ page, baseURL }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    // A notice the person has not read.
    const admin = await playwrightRequest.newContext({ baseURL });
    const signin = await admin.post('/api/auth/dev/signin', { data: { email: 'e2e-admin@example.com' } });
    const { accessToken } = ((await signin.json()) as { data: { accessToken: string } }).data;
    const res = await admin.post('/api/notice', { data: { title: `Dot ${Date.now()}`, body: 'A notice.' }, headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.ok()).toBe(true);
    await admin.dispose();

    await openMyPage(page, t, 'dot', lang);
    // The worst case: a picture of the dot's own colour (the accent).
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim());
    const [ar, ag, ab] = [1, 3, 5].map((i) => parseInt(accent.slice(i, i + 2), 16)) as [number, number, number];
    await setProfileImage(page, await square(ar, ag, ab));
    await page.reload();
    const button = page.getByRole('button', { name: new RegExp(`^${t('shell:header.account')} \\(.*${t('shell:header.unreadNotices')}$`) });
    await expect(button.locator('img')).toBeVisible();
    await expect.poll(() => button.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const dot = button.locator('span[aria-hidden]').last();
    const d = (await dot.boundingBox())!;
    const a = (await button.locator('img').boundingBox())!;
    await snap(page, testInfo, 'unread-dot');

    // Walk from the dot's centre to the avatar's centre on the screenshot: dot pixels, then a
    // band of the header's colour (the ring) at least 2 CSS px wide, then the avatar.
    const scale = 2;
    const shot = await page.screenshot({ clip: { x: a.x - 8, y: a.y - 8, width: a.width + 16, height: a.height + 16 } });
    const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => {
      const i = (Math.round((y - a.y + 8) * scale) * info.width + Math.round((x - a.x + 8) * scale)) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    };
    const near = (c: readonly number[], to: readonly number[], tol = 40) => c.every((v, i) => Math.abs(v - to[i]!) <= tol);
    // The header as painted, beside the avatar.
    const bg = px(a.x - 4, a.y + a.height / 2);
    const from = { x: d.x + d.width / 2, y: d.y + d.height / 2 };
    const to = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
    const steps = Math.round(Math.hypot(to.x - from.x, to.y - from.y) * scale);
    const kinds: string[] = [];
    for (let s = 0; s <= steps; s++) {
      const c = px(from.x + ((to.x - from.x) * s) / steps, from.y + ((to.y - from.y) * s) / steps);
      kinds.push(near(c, [ar, ag, ab]) ? 'A' : near(c, bg, 24) ? 'R' : '?');
    }
    const run = kinds.join('');
    // Accent (the dot), the ring, accent (the avatar): the ring at least 2 CSS px (4 device px).
    expect(run, run).toMatch(/^A+\?{0,2}R{4,}\?{0,2}A+$/);
  });
});

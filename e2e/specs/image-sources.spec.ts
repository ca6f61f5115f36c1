import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addPhotos, failOnCspViolations, type Lang, saveImageSauce, signIn, snap, startImageSauce, type Translate, translator } from '../support';

/**
 * Image sources as a new person makes them, in the Korean and the English UI: two real
 * photographs, three comments pinned on them and one reply, saved, reloaded (the pins are
 * where they were put), then one image deleted and the other (the source goes with it).
 * And the draft flow: leave a new source, save the draft, come back and continue it.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

const PHOTOS = path.resolve(import.meta.dirname, '../../fixtures/photos');
const AUTUMN = path.join(PHOTOS, 'autumn-2560x1600.jpg');
const CUPS = path.join(PHOTOS, 'colorful-cups-2560x1600.jpg');

/** The image under comment in edit mode; clicking it at a point starts a comment there. */
const stage = (page: Page, t: Translate, n: number) => page.getByRole('button', { name: t('images:stage.addComment', { n }), exact: true });

/** Clicks the selected image at relative (x, y) and writes `message` as comment `n`. */
async function comment(page: Page, t: Translate, image: number, x: number, y: number, n: number, message: string) {
  const target = stage(page, t, image);
  const box = (await target.boundingBox())!;
  await target.click({ position: { x: box.width * x, y: box.height * y } });
  const field = page.getByRole('textbox', { name: t('images:composer.label', { n }), exact: true });
  await field.fill(message);
  await field.press('Enter');
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}

/** Centre of `pin` relative to `image`'s box, as fractions of its width and height. */
async function relativeCentre(pin: Locator, image: Locator) {
  const [p, i] = [(await pin.boundingBox())!, (await image.boundingBox())!];
  return { x: (p.x + p.width / 2 - i.x) / i.width, y: (p.y + p.height / 2 - i.y) / i.height };
}

test.describe('image sources', () => {
  test('two photographs, three comments and a reply, saved, reloaded, then deleted image by image', async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    await page.goto('/dashboard');
    await signIn(page, t, `images-${lang}-${Date.now()}@example.com`);
    await startImageSauce(page, t);
    await addPhotos(page, t, [AUTUMN, CUPS]);

    // Two comments and a reply on the first photo, one comment on the second.
    await page.getByRole('button', { name: t('images:strip.image', { n: 1 }), exact: true }).click();
    await comment(page, t, 1, 0.3, 0.35, 1, 'Warm light on the leaves');
    await comment(page, t, 1, 0.72, 0.7, 2, 'Shadow depth');
    await page.getByRole('button', { name: t('images:comments.replyTo', { n: 1 }) }).click();
    const reply = page.getByRole('textbox', { name: t('images:composer.replyLabel', { n: 1 }), exact: true });
    await reply.fill('Same tone as the cups');
    await reply.press('Enter');
    await expect(page.getByText('Same tone as the cups', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t('images:strip.image', { n: 2 }), exact: true }).click();
    await comment(page, t, 2, 0.5, 0.25, 1, 'Cup colours');
    await snap(page, testInfo, `image-editor-${lang}`);

    await saveImageSauce(page, t, 'Autumn and cups');
    await page.reload();

    // View mode after a reload: the first photo's pins are where they were placed.
    const first = page.getByRole('img', { name: t('images:stage.image', { n: 1, total: 2 }) });
    await expect(first).toBeVisible();
    await expect(page.getByText('Warm light on the leaves', { exact: true })).toBeVisible();
    await expect(page.getByText('Same tone as the cups', { exact: true })).toBeVisible();
    for (const [n, x, y] of [[1, 0.3, 0.35], [2, 0.72, 0.7]] as const) {
      const at = await relativeCentre(page.getByRole('button', { name: t('images:comments.pin', { n }), exact: true }), first);
      expect(Math.abs(at.x - x)).toBeLessThan(0.02);
      expect(Math.abs(at.y - y)).toBeLessThan(0.02);
    }
    await snap(page, testInfo, `image-view-${lang}`);

    // The dashboard shows the card with its thumbnail (decorative: the title names the card).
    await page.goto('/dashboard');
    const card = page.getByRole('article').filter({ hasText: 'Autumn and cups' });
    const thumbnail = card.locator('img').first();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await card.getByRole('link', { name: 'Autumn and cups' }).click();

    // Delete the first image (with its comments), save; then the last one: the source goes.
    await page.getByRole('button', { name: t('images:edit'), exact: true }).click();
    await page.getByRole('button', { name: t('images:strip.remove', { n: 1 }), exact: true }).click();
    const removeDialog = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t('images:removeWithComments.title', { n: 1 }) });
    await removeDialog.getByRole('button', { name: t('images:removeWithComments.confirm'), exact: true }).click();
    await expect(page.getByText('Warm light on the leaves', { exact: true })).toHaveCount(0);
    const patched = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/archive\/sauce\/\d+\/\d+$/.test(r.url()));
    await page.getByRole('button', { name: t('images:save'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('archive:saveDialog.title') });
    await dialog.getByRole('button', { name: t('archive:saveDialog.save'), exact: true }).click();
    expect((await patched).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('img', { name: t('images:stage.image', { n: 1, total: 1 }) })).toBeVisible();
    await expect(page.getByText('Cup colours', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: t('images:edit'), exact: true }).click();
    await page.getByRole('button', { name: t('images:strip.remove', { n: 1 }), exact: true }).click();
    const last = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t('images:lastImage.title') });
    await last.getByRole('button', { name: t('images:lastImage.confirm'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole('article').filter({ hasText: 'Autumn and cups' })).toHaveCount(0);
  });

  test('leaving a new image source saves a draft that can be continued', async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    await page.goto('/dashboard');
    await signIn(page, t, `drafts-${lang}-${Date.now()}@example.com`);
    await startImageSauce(page, t);
    await addPhotos(page, t, [AUTUMN]);
    await page.getByLabel(t('images:titleLabel')).fill('Half-finished board');
    await comment(page, t, 1, 0.4, 0.6, 1, 'Keep this crop');

    // Leave by the back link: DraftConfirm offers to save a draft.
    await page.getByRole('link', { name: t('images:back') }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t('common:draftConfirm.title') });
    await confirm.getByRole('button', { name: t('common:draftConfirm.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // Create source again: the selector offers the draft; continue it.
    await page.getByRole('button', { name: t('shell:header.create') }).click();
    const chooser = page.getByRole('dialog', { name: t('shell:archiveType.draftTitle') });
    await expect(chooser.getByText('Half-finished board')).toBeVisible();
    await chooser.getByRole('button', { name: t('shell:archiveType.continue'), exact: true }).click();
    await expect(page).toHaveURL(/\/archive\/image\?draft=true&archiveType=IMAGE$/);
    await expect(page.getByLabel(t('images:titleLabel'))).toHaveValue('Half-finished board');
    await expect(page.getByRole('button', { name: t('images:strip.image', { n: 1 }), exact: true })).toBeVisible();
    await expect(page.getByText('Keep this crop', { exact: true })).toBeVisible();
    // Issue #19 item 3: both editors say the draft was restored.
    await expect(page.getByRole('status').getByText(t('sauces:draft.restored'))).toBeVisible();

    // Edited, the browser's Back asks first (issue #19 item 8); closing the dialog stays.
    await page.getByLabel(t('images:titleLabel')).fill('Half-finished board, edited');
    await page.goBack();
    const again = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t('common:draftConfirm.title') });
    await expect(again).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(page).toHaveURL(/\/archive\/image\?draft=true&archiveType=IMAGE$/);

    // Saving it clears the draft: the next Create source goes straight to the type choice.
    await saveImageSauce(page, t, 'Half-finished board');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: t('shell:header.create') }).click();
    await expect(page.getByRole('dialog', { name: t('shell:archiveType.title') })).toBeVisible();
  });

  test('leaving while an image still uploads: Save draft waits for it, and the draft has it', async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    await page.goto('/dashboard');
    await signIn(page, t, `uploading-draft-${lang}-${Date.now()}@example.com`);
    // A slow connection: the upload answers 2 s late.
    await page.route('**/image/upload/single', async (route) => {
      await new Promise((r) => setTimeout(r, 2_000));
      await route.continue();
    });
    await startImageSauce(page, t);
    await page.getByLabel(t('images:add.input')).setInputFiles([CUPS]);
    await expect(page.getByRole('progressbar')).toHaveCount(1);
    await page.getByLabel(t('images:titleLabel')).fill('Still uploading');
    await page.getByRole('link', { name: t('images:back') }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: t('common:draftConfirm.title') });
    await confirm.getByRole('button', { name: t('common:draftConfirm.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
    await page.unroute('**/image/upload/single');

    await page.getByRole('button', { name: t('shell:header.create') }).click();
    const chooser = page.getByRole('dialog', { name: t('shell:archiveType.draftTitle') });
    await chooser.getByRole('button', { name: t('shell:archiveType.continue'), exact: true }).click();
    await expect(page.getByLabel(t('images:titleLabel'))).toHaveValue('Still uploading');
    await expect(page.getByRole('button', { name: t('images:strip.image', { n: 1 }), exact: true })).toBeVisible();
  });
});

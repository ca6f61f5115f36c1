import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { addPhotos, failOnCspViolations, type Lang, saveImageSauce, signIn, snap, startImageSauce, translator } from '../support';

/**
 * Issue #33 in the browser, in the Korean and the English UI: a screenshot of a web page is
 * saved as an image source; its words are read in the background (the save does not wait)
 * and appear under it as 'Text in image' once read, without a reload; the space's search
 * then finds the source by a word of the screenshot's headline, says it was found in an
 * image, and opens the source at that image with the word marked in its text.
 */

failOnCspViolations(test);

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../apps/api/src/test/fixtures/screenshots');
/** The page each language saves: its file, a word of its headline to search, and a line of its text. */
const PAGES: Record<Lang, { file: string; word: string; line: string }> = {
  en: { file: 'en-04.png', word: 'reviews', line: 'Design reviews without the chaos' },
  ko: { file: 'ko-02.png', word: '협업', line: '디자이너를 위한 협업 도구' },
};
/** Where the screenshots of the viewer are kept to be looked at (ko and en, desktop and phone). */
const SHOTS = process.env.IMAGE_TEXT_SHOTS ?? '';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('a screenshot’s words are read after the save, shown under it and found by search', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const { file, word, line } = PAGES[lang];
  const title = `Landing ${lang} ${Date.now().toString(36)}`;
  await page.goto('/dashboard');
  await signIn(page, t, `image-text-${lang}-${Date.now()}@example.com`);

  await test.step('save a screenshot as an image source', async () => {
    await startImageSauce(page, t);
    await addPhotos(page, t, [path.join(SCREENSHOTS, file)]);
    await saveImageSauce(page, t, title);
  });

  await test.step("its words appear under it as 'Text in image', selectable", async () => {
    const text = page.getByRole('region', { name: t('images:text.title') });
    // Read in the background: the view follows the space's live updates, no reload.
    await expect(text).toBeVisible({ timeout: 90_000 });
    await expect(text).toContainText(line);
    // A section of the page beside 'Comments' (h2), under the source's title (h1): no level
    // skipped (Lighthouse's heading-order cost the shared image 2 points of accessibility).
    await expect(page.getByRole('heading', { level: 2, name: t('images:text.title') })).toBeVisible();
    expect(await text.evaluate((el) => getComputedStyle(el).userSelect)).not.toBe('none');
    await expect(page.getByRole('button', { name: t('images:text.copy'), exact: true })).toBeVisible();
    await snap(page, testInfo, '01-text-in-image');
    await shoot(page, `viewer-${lang}-desktop`);
    await page.setViewportSize({ width: 390, height: 844 });
    await text.scrollIntoViewIfNeeded();
    await shoot(page, `viewer-${lang}-phone`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('the search finds it by a word of the screenshot, and opens it at that image', async () => {
    await page.goto('/dashboard');
    await page.getByRole('searchbox', { name: t('dashboard:search.label') }).fill(word);
    await expect(page).toHaveURL((u) => u.searchParams.get('search') === word);
    const card = page.getByRole('list', { name: t('dashboard:listLabel') }).getByRole('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText(t('sauces:card.inImage', { n: 1 }))).toBeVisible();
    await snap(page, testInfo, '02-found-in-image');
    await shoot(page, `search-${lang}-desktop`);
    await card.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(/\/archive\/image\?sauceId=\d+&archiveType=IMAGE&image=1&mark=/);
    await expect(page.getByRole('region', { name: t('images:text.title') }).locator('mark').first()).toHaveText(new RegExp(`^${escapeRe(word)}`, 'i'));
  });
});

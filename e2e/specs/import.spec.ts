import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { failOnCspViolations, type Lang, signIn, snap, translator } from '../support';

/**
 * Issue #22: moving in. A person imports a browser's bookmarks with nested folders, more
 * folders than the beta plan allows, a bookmarklet and tags Sauce cleans: the preview says
 * what will come in, into which folders, what the plan stops; the import recreates the
 * folders; the report lists every entry skipped or changed. In Korean and English, on a
 * desktop and a phone (390×844).
 */

failOnCspViolations(test);

/** A bookmarks file: 7 folders (2 past the plan's 5), one nested, a bookmarklet, tags to clean. */
function bookmarks(run: string) {
  const folder = (name: string, i: number) =>
    `<DT><H3>${name}</H3>\n<DL><p>\n<DT><A HREF="https://example.com/${run}/${i}" ADD_DATE="1700000000" TAGS="design-systems,to:fb">${name} link ${run}</A>\n</DL><p>`;
  return Buffer.from(
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n' +
      '<DT><H3 PERSONAL_TOOLBAR_FOLDER="true">Bookmarks bar</H3>\n<DL><p>\n' +
      `<DT><H3>Design Systems</H3>\n<DL><p>\n<DT><H3>Typography Resources</H3>\n<DL><p>\n<DT><A HREF="https://example.com/${run}/type" ADD_DATE="1700000000">Type scale ${run}</A>\n<DD>Pick a ratio first\n</DL><p>\n</DL><p>\n` +
      ['Inspiration', 'Icons', 'Colour', 'Motion', 'Research', 'Writing'].map(folder).join('\n') +
      '\n</DL><p>\n<DT><A HREF="javascript:alert(1)">Bookmarklet</A>\n</DL><p>\n',
  );
}

test('imports a browser’s bookmarks after a preview: folders recreated within the plan, a report of what changed', async ({ page }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const run = `${lang}${Date.now().toString(36)}`.slice(-8);

  await page.goto('/mypage/profile');
  await signIn(page, t, `e2e-import-${run}@example.com`);

  await test.step('the file is read for a preview; nothing is written yet', async () => {
    await page.getByLabel(t('account:import.file')).setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: bookmarks(run) });
    await page.getByRole('button', { name: t('account:import.check') }).click();
    const preview = page.getByRole('group', { name: t('account:import.preview.title') });
    await expect(preview.getByText(t('account:import.preview.importing', { count: 7, total: '8' }))).toBeVisible();
    await expect(preview.getByText(t('account:import.preview.skipped', { count: 1, reason: t('account:import.reasons.invalidLink') }))).toBeVisible();
    const table = preview.getByRole('table', { name: t('account:import.preview.foldersTitle') });
    await expect(table.getByRole('row')).toHaveCount(8);
    await expect(table.getByRole('row', { name: /Design Systems \/ Typography Resources/ })).toContainText('Typography Res…');
    await expect(table.getByText(t('account:import.preview.status.overLimit'))).toHaveCount(2);
    await page.screenshot({ path: testInfo.outputPath(`import-preview-${lang}-desktop.png`), fullPage: true });
    await snap(page, testInfo, 'import-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`import-preview-${lang}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('imports into the recreated folders, and the report lists each change', async () => {
    await page.getByRole('button', { name: t('account:import.preview.startCount', { count: 7 }) }).click();
    await expect(page.getByText(t('account:import.done', { imported: 7, skipped: 1, changed: 7 }))).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath(`import-done-${lang}-desktop.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath(`import-done-${lang}-phone.png`), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('account:import.report') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sauce-import-\d+-report\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8');
    expect(csv).toContain(lang === 'ko' ? '바꿔서 가져옴' : 'Imported with changes');
    expect(csv).toContain('design-systems');
    expect(csv).toContain('Bookmarklet');
  });

  await test.step('the folders are in the space', async () => {
    await page.goto('/dashboard');
    for (const name of ['Typography Res…', 'Inspiration', 'Icons', 'Colour', 'Motion']) {
      await expect(page.getByRole('navigation').getByText(name, { exact: true }).first()).toBeVisible();
    }
    await page.screenshot({ path: testInfo.outputPath(`import-dashboard-${lang}.png`), fullPage: true });
  });
});

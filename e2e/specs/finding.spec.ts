import { expect, test } from '@playwright/test';
import { callApi, failOnCspViolations, type Lang, signIn, snap, translator } from '../support';

/**
 * Issue #21 items 3, 5 and 6 in the browser, in Korean and in English: ⌘K / Ctrl+K opens
 * the search across spaces from anywhere, typing finds sources of the personal and a team
 * space, Enter opens the chosen one (switching space); a link saved again says where it is
 * already; the tag input offers the space's tags and a click adds one.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

test('⌘K searches every space and opens a result; a saved link is pointed out; tags are suggested', async ({ page }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const run = `${lang}${Date.now().toString(36)}`;
  const word = lang === 'ko' ? '타이포그래피' : 'typography';
  const link = `https://example.com/${run}/guide`;

  await test.step('sign in and keep a few sources in two spaces', async () => {
    await page.goto('/');
    await signIn(page, t, `e2e-find-${run}@example.com`);
    const spaces = await callApi<{ id: number; isPersonal: boolean }[]>(page, 'GET', '/workspace');
    const personal = spaces.find((s) => s.isPersonal)!.id;
    const team = await callApi<{ id: number }>(page, 'POST', '/workspace', undefined, { name: `Team ${run}`.slice(0, 15) });
    const save = (ws: number, title: string, text: string, tagSet: string[] = [], withLink: string | null = null) =>
      callApi(page, 'POST', `/archive/sauce/${ws}`, { type: 'TEXT', title, textSauce: { text, link: withLink }, tagSet, folderSet: [] });
    await save(personal, lang === 'ko' ? `${word} 노트` : `Notes on ${word}`, 'kerning, leading', ['type'], link);
    await save(team.id, lang === 'ko' ? `팀 ${word} 가이드` : `Team ${word} guide`, 'shared with the team', ['type']);
    await save(team.id, lang === 'ko' ? '색상 팔레트' : 'Colour palettes', 'warm tones');
    await page.reload();
    await expect(page.getByRole('button', { name: t('shell:header.create') })).toBeVisible();
  });

  await test.step('⌘K opens the palette; typing finds both spaces; Enter opens a result', async () => {
    const palette = page.getByRole('dialog', { name: t('search:title') });
    // Pressed as soon as the page shows, before the header's search may have loaded (issue #31 item 6).
    await page.keyboard.press('ControlOrMeta+k');
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox', { name: t('search:label') });
    await expect(input).toBeFocused();
    await expect(palette.getByText(t('search:empty'))).toBeVisible();
    await input.fill(word.slice(0, 5));
    const options = palette.getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(palette.getByRole('group', { name: `Team ${run}`.slice(0, 15) })).toBeVisible();
    await expect(palette.locator('mark').first()).toBeVisible();
    await snap(page, testInfo, 'palette');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    const chosen = (await options.nth(1).locator('span > span').first().textContent())!.trim();
    await input.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page).toHaveURL(/\/archive\/text\?sauceId=\d+&archiveType=TEXT$/);
    await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();

    // Escape closes it; nothing found says so.
    await page.getByRole('button', { name: t('search:open') }).click();
    await expect(palette).toBeVisible();
    await palette.getByRole('combobox').fill('zzqx');
    await expect(palette.getByText(t('search:none', { search: 'zzqx' }))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
  });

  await test.step('a link the space has already is pointed out as it is typed, with a way to open it', async () => {
    // The personal space's editor (the palette switched to the team's: switch back by opening a personal result).
    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByRole('dialog', { name: t('search:title') });
    await palette.getByRole('combobox').fill(lang === 'ko' ? `${word} 노트` : `notes ${word}`);
    await expect(palette.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sauceId=/);
    await page.goto('/archive/text');
    await page.getByRole('button', { name: t('archive:text.addLink') }).click();
    const dialog = page.getByRole('dialog', { name: t('sauces:link.addTitle') });
    await dialog.getByLabel(t('sauces:link.field')).fill(`http://www.example.com/${run}/guide/?utm_source=newsletter#top`);
    const notice = dialog.getByTestId('duplicate-notice');
    await expect(notice).toContainText(t('finding:duplicate.lead'));
    await expect(notice).toContainText(lang === 'ko' ? `${word} 노트` : `Notes on ${word}`);
    // 'Open' goes to the saved source instead.
    await notice.getByRole('link', { name: t('finding:duplicate.open') }).click();
    await expect(page).toHaveURL(/\/archive\/text\?sauceId=\d+&archiveType=TEXT$/);
    await expect(page.getByRole('heading', { level: 1, name: lang === 'ko' ? `${word} 노트` : `Notes on ${word}` })).toBeVisible();
    // It does not block adding the link either.
    await page.goto('/archive/text');
    await page.getByRole('button', { name: t('archive:text.addLink') }).click();
    await dialog.getByLabel(t('sauces:link.field')).fill(`https://example.com/${run}/guide?fbclid=abc`);
    await expect(dialog.getByTestId('duplicate-notice')).toBeVisible();
    await dialog.getByRole('button', { name: t('sauces:link.add') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('duplicate-notice')).toBeVisible();
    await snap(page, testInfo, 'duplicate');
  });

  await test.step("the tag input offers the space's tags; a click adds one", async () => {
    const chips = page.getByTestId('tag-suggestions');
    const chip = chips.getByRole('button', { name: t('tags:suggest.add', { name: 'type' }) });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page.getByRole('list', { name: t('tags:selected') }).getByText('type')).toBeVisible();
    await expect(chip).toBeHidden();
  });
});

import { expect, test } from '@playwright/test';
import { callApi, failOnCspViolations, type Lang, translator } from '../support';

/**
 * Issue #31 items 8 and 22, as a person meets them in the Korean and the English UI: a
 * dashboard filtered by a tag keeps the filter when a folder is chosen in the sidebar; the
 * header's global action never shows a disabled 'Create source' on the way.
 */

failOnCspViolations(test);

test('choosing a folder keeps the tag filter', async ({ page }, testInfo) => {
  const t = translator(testInfo.project.name as Lang);
  const signin = await page.request.post('/api/auth/dev/signin', { data: { email: `filters-${testInfo.project.name}-${Date.now()}@example.com` } });
  expect(signin.ok()).toBe(true);
  const spaces = await callApi<{ id: number; isPersonal: boolean }[]>(page, 'GET', '/workspace');
  const ws = spaces.find((s) => s.isPersonal)!.id;
  const mood = await callApi<{ id: number }>(page, 'POST', `/archive/folder/${ws}`, { name: 'Mood' });
  const save = (title: string, tagSet: string[], folderSet: number[]) =>
    callApi(page, 'POST', `/archive/sauce/${ws}`, { type: 'TEXT', title, textSauce: { text: 'note', link: null }, tagSet, folderSet });
  await save('Landing in Mood', ['landing'], [mood.id]);
  await save('Pricing in Mood', ['pricing'], [mood.id]);
  await save('Landing elsewhere', ['landing'], []);

  await page.goto('/dashboard?tag=landing&title=landing');
  // The global action appears once the role is known: never a disabled 'Create source' first.
  await expect(page.getByRole('button', { name: t('shell:header.create') })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Landing elsewhere', exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: t('shell:sidebar.folders') }).getByRole('button', { name: 'Mood', exact: true }).click();
  await expect(page).toHaveURL(/[?&]folder=\d+/);
  expect(new URL(page.url()).searchParams.getAll('tag')).toEqual(['landing']);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mood');
  await expect(page.getByRole('link', { name: 'Landing in Mood', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pricing in Mood', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Landing elsewhere', exact: true })).toHaveCount(0);
  // Back returns to the tag's list.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Landing elsewhere', exact: true })).toBeVisible();
});

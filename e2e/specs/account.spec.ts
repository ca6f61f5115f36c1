import path from 'node:path';
import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { callApi, failOnCspViolations, type Lang, signIn, snap, translator } from '../support';

/**
 * A new person's account from start to end (issue #8), in the Korean and the English UI:
 * changes nickname and job, uploads a profile photo, favorites and renames a tag, reads a
 * notice the administrator wrote through the API (the avatar menu's dot goes), exports
 * their data, imports a bookmarks file, and withdraws — the old session then gets 401, and
 * signing in again with the same address makes a fresh account.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/autumn-2560x1600.jpg');

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

test('a new person edits their profile, manages tags, reads a notice, exports, imports and withdraws', async ({ page, baseURL }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const run = `${lang}${Date.now().toString(36)}`.slice(-8);
  const email = `e2e-account-${run}@example.com`;
  const nickname = lang === 'ko' ? `소스${run.slice(-4)}` : `Mina${run.slice(-4)}`;
  const noticeTitle = lang === 'ko' ? `새 기능 안내 ${run}` : `What's new ${run}`;

  await test.step('the administrator publishes a notice through the API', async () => {
    const admin = await playwrightRequest.newContext({ baseURL });
    const signin = await admin.post('/api/auth/dev/signin', { data: { email: 'e2e-admin@example.com' } });
    const { accessToken } = ((await signin.json()) as { data: { accessToken: string } }).data;
    const res = await admin.post('/api/notice', {
      data: { title: noticeTitle, body: lang === 'ko' ? '이제 북마크를 가져올 수 있어요.' : 'You can now import your bookmarks.' },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(res.status()).toBe(200);
    await admin.dispose();
  });

  await test.step('signs in on My page; the avatar shows unread notices', async () => {
    await page.goto('/mypage/profile');
    await signIn(page, t, email);
    await expect(page.getByRole('heading', { name: t('account:title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(t('shell:header.unreadNotices')) })).toBeVisible();
  });

  await test.step('changes nickname and job in EditUserInformation', async () => {
    await page.getByRole('button', { name: t('account:profile.edit') }).click();
    const dialog = page.getByRole('dialog', { name: t('account:edit.title') });
    const field = dialog.getByLabel(t('account:fields.nickname'));
    await field.fill('with space');
    await expect(dialog.getByText(t('account:nickname.space'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('common:save') })).toBeDisabled();
    await field.fill(nickname);
    await dialog.getByRole('radio', { name: t('account:jobs.Developer') }).click();
    await snap(page, testInfo, 'edit-user-information');
    await dialog.getByRole('button', { name: t('common:save') }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, t('account:edit.saved'))).toBeVisible();
    await expect(page.getByText(nickname, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(t('account:jobs.Developer'), { exact: true })).toBeVisible();
  });

  await test.step('uploads a profile photo', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: t('account:fields.image') }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(toast(page, t('account:profile.imageSaved'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('account:fields.image') }).locator('img')).toHaveAttribute('src', /\/files\/avatars\//);
  });

  await test.step('favorites and renames a tag on My page › Tags', async () => {
    const [space] = await callApi<{ id: number }[]>(page, 'GET', '/workspace');
    await callApi(page, 'POST', `/archive/sauce/${space!.id}`, { type: 'TEXT', title: 'Tagged', textSauce: { text: 'note' }, tagSet: ['moodboard'] });
    await page.getByRole('link', { name: t('account:tabs.tags'), exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/tags$/);
    const star = page.getByRole('button', { name: t('tags:manage.favorite', { name: 'moodboard' }) });
    await star.click();
    await expect(page.getByRole('button', { name: t('tags:manage.unfavorite', { name: 'moodboard' }) })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: t('tags:manage.rename', { name: 'moodboard' }) }).click();
    const dialog = page.getByRole('dialog', { name: t('tags:manage.renameTitle') });
    await dialog.getByLabel(t('tags:manage.newName')).fill('mood');
    await dialog.getByRole('button', { name: t('tags:manage.save') }).click();
    await expect(page.getByRole('button', { name: t('tags:manage.unfavorite', { name: 'mood' }) })).toBeVisible();
    await expect(page.getByText(t('tags:manage.uses', { count: 1 }))).toBeVisible();
    await snap(page, testInfo, 'tags');
  });

  await test.step('reads the notice; the dot goes', async () => {
    await page.getByRole('button', { name: new RegExp(t('shell:header.account')) }).click();
    await page.getByRole('menuitem', { name: new RegExp(t('shell:header.notice')) }).click();
    await expect(page).toHaveURL(/\/mypage\/notice$/);
    await expect(page.getByRole('heading', { name: noticeTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: `${t('shell:header.account')} (${nickname})`, exact: true })).toBeVisible();
  });

  await test.step('exports everything as a ZIP', async () => {
    await page.getByRole('link', { name: t('account:tabs.profile'), exact: true }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: t('account:export.action') }).click();
    expect((await download).suggestedFilename()).toMatch(/^sauce-export-\d{4}-\d{2}-\d{2}\.zip$/);
    await expect(page.getByRole('progressbar', { name: t('account:export.progress') })).toHaveAttribute('aria-valuenow', '100');
  });

  await test.step('a bookmarks file nested 100,000 levels deep is refused at once, saying why (issue #18)', async () => {
    const deep = Buffer.from('<!DOCTYPE NETSCAPE-Bookmark-file-1>\n' + '<DL><p>'.repeat(100_000) + '</DL><p>'.repeat(100_000));
    await page.getByLabel(t('account:import.file')).setInputFiles({ name: 'deep.html', mimeType: 'text/html', buffer: deep });
    await page.getByRole('button', { name: t('account:import.check') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('account:import.invalid.tooDeep') })).toBeVisible();
    await snap(page, testInfo, 'import-too-deep');
  });

  await test.step('imports a bookmarks file', async () => {
    const file = Buffer.from(
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n' +
        `<DT><A HREF="https://example.com/${run}/a" ADD_DATE="1700000000" TAGS="ref">Bookmark A ${run}</A>\n` +
        `<DT><A HREF="https://example.com/${run}/b" ADD_DATE="1700000001">Bookmark B ${run}</A>\n` +
        '<DT><A HREF="javascript:alert(1)">Bookmarklet</A>\n</DL><p>\n',
    );
    await page.getByLabel(t('account:import.file')).setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: file });
    await page.getByRole('button', { name: t('account:import.check') }).click();
    // Issue #22: a preview first; nothing is written until the person starts it.
    await page.getByRole('button', { name: t('account:import.preview.startCount', { count: 2 }) }).click();
    await expect(page.getByText(t('account:import.done', { imported: 2, skipped: 1, changed: 0 }))).toBeVisible({ timeout: 20_000 });
    await snap(page, testInfo, 'profile-after-import');
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: `Bookmark A ${run}` })).toBeVisible();
  });

  const oldCookies = await page.context().cookies();

  await test.step('withdraws: a reason, the consequences, confirm', async () => {
    await page.goto('/mypage/profile');
    await page.getByRole('button', { name: t('account:withdrawal.open') }).click();
    const survey = page.getByRole('dialog', { name: t('account:withdrawal.surveyTitle') });
    await expect(survey.getByRole('button', { name: t('account:withdrawal.next') })).toBeDisabled();
    await survey.getByRole('radio', { name: t('account:withdrawal.reasons.4') }).check();
    await survey.getByRole('button', { name: t('account:withdrawal.next') }).click();
    const confirm = page.getByRole('dialog', { name: t('account:withdrawal.confirmTitle') });
    await expect(confirm.getByText(t('account:withdrawal.irreversible'))).toBeVisible();
    await snap(page, testInfo, 'withdrawal-confirm');
    await confirm.getByRole('button', { name: t('account:withdrawal.confirm') }).click();
    await expect(page).toHaveURL(/\/article$/);
    await expect(toast(page, t('account:withdrawal.done'))).toBeVisible();
  });

  await test.step('the old session no longer works; a new sign-in makes a fresh account', async () => {
    const access = oldCookies.find((c) => c.name === 'access_token')!.value;
    const old = await playwrightRequest.newContext({ baseURL });
    const res = await old.get('/api/auth/profile', { headers: { authorization: `Bearer ${access}` } });
    expect(res.status()).toBe(401);
    await old.dispose();

    await page.goto('/mypage/profile');
    await signIn(page, t, email);
    await expect(page.getByText(nickname, { exact: true })).toHaveCount(0);
    const count = await callApi<{ sauceCount: number; tagCount: number }>(page, 'GET', '/auth/profile/count');
    expect(count).toMatchObject({ sauceCount: 0, tagCount: 0 });
  });
});

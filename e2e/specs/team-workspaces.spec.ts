import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { callApi, failOnCspViolations, type Lang, signIn, snap, type Translate, translator } from '../support';

/**
 * Team spaces as two new people use them (issue #7), in the Korean and the English UI:
 * A creates a space with an image, invites B as a viewer; B signs in from the link, joins,
 * sees A's source and no create button; A promotes B to editor and B's header follows
 * without a reload; B creates a source and A's open dashboard shows it without a reload;
 * A removes B and B loses the space at once. Labels come from the app's own i18n files.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

const PHOTO = path.resolve(import.meta.dirname, '../../fixtures/photos/autumn-2560x1600.jpg');

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });
const cards = (page: Page, t: Translate) => page.getByRole('list', { name: t('dashboard:listLabel') }).getByRole('article');
const card = (page: Page, t: Translate, title: string) =>
  cards(page, t).filter({ has: page.getByRole('link', { name: title, exact: true }) });
const createButton = (page: Page, t: Translate) => page.getByRole('button', { name: t('shell:header.create'), exact: true });
const viewOnlyButton = (page: Page, t: Translate) =>
  page.getByRole('button', { name: `${t('shell:header.viewOnly')} · ${t('shell:header.viewOnlyHint')}` });

/** Avatar menu → Space settings → the Members tab. */
async function openMembers(page: Page, t: Translate, nickname: string) {
  await page.getByRole('button', { name: `${t('shell:header.account')} (${nickname})` }).click();
  await page.getByRole('menuitem', { name: t('shell:header.spaceSettings') }).click();
  await expect(page).toHaveURL(/\/workspace\/usageStatus$/);
  await page.getByRole('link', { name: t('workspaces:tabs.members'), exact: true }).click();
  await expect(page).toHaveURL(/\/workspace\/memberManagement$/);
}

test('two people share a team space: invite, join as viewer, promote, live updates, removal', async ({ page, browser, baseURL }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const run = `${lang}${Date.now().toString(36)}`.slice(-8);
  const spaceName = lang === 'ko' ? `디자인팀 ${run.slice(-4)}` : `Studio ${run.slice(-4)}`;
  const aTitle = lang === 'ko' ? `A의 레퍼런스 ${run}` : `A's reference ${run}`;
  const bTitle = lang === 'ko' ? `B의 메모 ${run}` : `B's note ${run}`;
  let b: BrowserContext | undefined;

  try {
    const { aNickname, spaceId } = await test.step('A signs in and creates a space with an image', async () => {
      await page.goto('/dashboard');
      await signIn(page, t, `e2e-team-a-${run}@example.com`);
      const sidebar = page.getByRole('complementary', { name: t('shell:sidebar.label') });
      await sidebar.getByRole('button', { name: `${t('shell:sidebar.mySpace')} · ${t('shell:sidebar.showWorkspaces')}` }).click();
      await sidebar.getByRole('navigation', { name: t('shell:sidebar.workspaces') }).getByRole('button', { name: t('shell:sidebar.addSpace') }).click();
      const dialog = page.getByRole('dialog', { name: t('workspaces:create.title') });
      const create = dialog.getByRole('button', { name: t('workspaces:create.submit'), exact: true });
      await expect(create).toBeDisabled();
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: t('workspaces:fields.image') }).click();
      await (await chooser).setFiles(PHOTO);
      await dialog.getByRole('textbox', { name: t('workspaces:fields.name') }).fill(spaceName);
      await snap(page, testInfo, 'create-space-dialog');
      await create.click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, t('workspaces:create.done', { name: spaceName }))).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(sidebar.getByRole('button', { name: `${spaceName} · ${t('shell:sidebar.showWorkspaces')}` })).toBeVisible();
      const profile = await callApi<{ nickname: string }>(page, 'GET', '/auth/profile');
      const spaces = await callApi<{ id: number; name: string }[]>(page, 'GET', '/workspace');
      return { aNickname: profile.nickname, spaceId: spaces.find((s) => s.name === spaceName)!.id };
    });

    await test.step('A saves a source in the space', async () => {
      await callApi(page, 'POST', `/archive/sauce/${spaceId}`, { type: 'TEXT', title: aTitle, textSauce: { text: 'For the team.' } });
      await page.reload();
      await expect(card(page, t, aTitle)).toBeVisible();
    });

    const viewerLink = await test.step('A opens the invite dialog and copies the viewer link', async () => {
      await openMembers(page, t, aNickname);
      await page.getByRole('button', { name: t('workspaces:members.invite'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('workspaces:invite.title') });
      const viewer = t('workspaces:permission.READER');
      const field = dialog.getByRole('textbox', { name: t('workspaces:invite.linkLabel', { role: viewer }) });
      await expect(field).toHaveValue(/\/workspace\/invitation\?id=[A-Za-z0-9_-]{43}$/);
      for (const p of ['OWNER', 'EDITOR'] as const) {
        await expect(dialog.getByRole('textbox', { name: t('workspaces:invite.linkLabel', { role: t(`workspaces:permission.${p}`) }) })).toHaveValue(/id=/);
      }
      await snap(page, testInfo, 'invite-dialog');
      const link = await field.inputValue();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      return link;
    });

    b = await browser.newContext({ baseURL, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
    const bPage = await b.newPage();
    const bNickname = await test.step('B opens the link signed out, signs in, sees the invitation and joins as viewer', async () => {
      await bPage.goto(viewerLink);
      await signIn(bPage, t, `e2e-team-b-${run}@example.com`);
      await expect(bPage).toHaveURL(viewerLink);
      await expect(bPage.getByRole('heading', { name: spaceName, level: 1 })).toBeVisible();
      await expect(bPage.getByText(t('workspaces:invitation.invitedBy', { name: aNickname, role: t('workspaces:permission.READER') }))).toBeVisible();
      await snap(bPage, testInfo, 'invitation');
      await bPage.getByRole('button', { name: t('workspaces:invitation.accept'), exact: true }).click();
      await expect(bPage).toHaveURL(/\/dashboard$/);
      await expect(toast(bPage, t('workspaces:invitation.joined', { name: spaceName }))).toBeVisible();
      await expect(card(bPage, t, aTitle)).toBeVisible();
      // A viewer has no create button; the global action explains why.
      await expect(createButton(bPage, t)).toHaveCount(0);
      await viewOnlyButton(bPage, t).click();
      const notice = bPage.getByRole('dialog', { name: t('shell:header.readerTitle') });
      await expect(notice).toBeVisible();
      await snap(bPage, testInfo, 'viewer-dashboard');
      await notice.getByRole('button', { name: t('common:confirm') }).click();
      return (await callApi<{ nickname: string }>(bPage, 'GET', '/auth/profile')).nickname;
    });

    await test.step('A promotes B to editor; B’s header follows without a reload', async () => {
      await page.reload();
      const select = page.getByRole('combobox', { name: t('workspaces:members.permissionOf', { name: bNickname }) });
      await expect(select).toHaveValue('READER');
      await select.selectOption('EDITOR');
      await expect(toast(page, t('workspaces:members.changed', { name: bNickname, role: t('workspaces:permission.EDITOR') }))).toBeVisible();
      await snap(page, testInfo, 'members');
      await expect(createButton(bPage, t)).toBeVisible({ timeout: 5_000 });
      await expect(viewOnlyButton(bPage, t)).toHaveCount(0);
    });

    await test.step('B creates a source; A’s open dashboard shows it without a reload', async () => {
      await page.getByRole('link', { name: t('common:appName'), exact: true }).click(); // the wordmark
      await expect(card(page, t, aTitle)).toBeVisible();
      await createButton(bPage, t).click();
      await bPage.getByRole('dialog', { name: t('shell:archiveType.title') }).getByRole('button', { name: new RegExp(`^${t('shell:archiveType.TEXT')}`) }).click();
      await bPage.getByLabel(t('archive:text.titleLabel'), { exact: true }).fill(bTitle);
      await bPage.getByLabel(t('archive:text.textLabel'), { exact: true }).fill('Found this for us.');
      await bPage.getByRole('button', { name: t('archive:text.save'), exact: true }).click();
      const save = bPage.getByRole('dialog', { name: t('archive:saveDialog.title') });
      const saved = bPage.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/archive/sauce/${spaceId}`);
      await save.getByRole('button', { name: t('archive:saveDialog.save'), exact: true }).click();
      expect((await saved).ok()).toBe(true);
      // Issue #7: within 2 s, no reload.
      await expect(card(page, t, bTitle)).toBeVisible({ timeout: 2_000 });
      // B lands on the saved source's view (issue #19 item 3); its Back leads to the dashboard.
      await expect(bPage).toHaveURL(/\/archive\/text\?sauceId=\d+/);
      await bPage.getByRole('link', { name: t('archive:text.back') }).click();
      await expect(card(bPage, t, bTitle)).toBeVisible();
      await snap(page, testInfo, 'owner-dashboard-live');
    });

    await test.step('A removes B; B loses the space at once', async () => {
      await openMembers(page, t, aNickname);
      await page.getByRole('button', { name: t('workspaces:members.removeLabel', { name: bNickname }) }).click();
      const confirm = page.getByRole('dialog', { name: t('workspaces:members.removeTitle', { name: bNickname }) });
      await confirm.getByRole('button', { name: t('workspaces:members.remove'), exact: true }).click();
      await expect(toast(page, t('workspaces:members.removed', { name: bNickname }))).toBeVisible();
      await expect(page.getByRole('combobox', { name: t('workspaces:members.permissionOf', { name: bNickname }) })).toHaveCount(0);

      await expect(toast(bPage, t('workspaces:events.lostAccess', { name: spaceName }))).toBeVisible({ timeout: 5_000 });
      await expect(card(bPage, t, aTitle)).toHaveCount(0);
      const sidebar = bPage.getByRole('complementary', { name: t('shell:sidebar.label') });
      await expect(sidebar.getByRole('button', { name: `${t('shell:sidebar.mySpace')} · ${t('shell:sidebar.showWorkspaces')}` })).toBeVisible();
      await snap(bPage, testInfo, 'removed');
      // The space is gone from B's list, and its sources from B's reach.
      const spaces = await callApi<{ id: number }[]>(bPage, 'GET', '/workspace');
      expect(spaces.map((s) => s.id)).not.toContain(spaceId);
      const direct = await bPage.request.get(`/api/archive/sauce/${spaceId}/list`);
      expect(direct.status()).toBe(404);
    });
  } finally {
    await b?.close();
  }
});

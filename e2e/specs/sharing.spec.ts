import { expect, test } from '@playwright/test';
import { callApi, failOnCspViolations, type Lang, serveLinkedPage, signIn, snap, translator } from '../support';

/**
 * Link sharing (SPEC §2 Share dialog, §4 Sharing, §6 shared source without login), in the
 * Korean and the English UI: the owner turns sharing on and copies the link; a signed-out
 * visitor in a separate browser context opens it and reads the source; the owner turns
 * sharing off and the same link shows the not-found state. Labels come from the app's
 * own i18n files, so one spec serves both projects.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

test('an owner shares a text source by link; a signed-out visitor reads it until sharing is off', async ({
  page,
  browser,
  context,
  baseURL,
}, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  const run = `${lang}${Date.now().toString(36)}`;
  const title = lang === 'ko' ? `공유할 메모 ${run}` : `Notes to share ${run}`;
  const text = lang === 'ko' ? '링크로 보여 줄 내용이에요.' : 'Something worth showing by link.';
  const tags = ['share', lang === 'ko' ? '공유' : 'public'];
  const linked = await serveLinkedPage(`Shared page ${run}`);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const visitor = await browser.newContext({ baseURL, locale: lang === 'ko' ? 'ko-KR' : 'en-US' });
  const pub = await visitor.newPage();

  try {
    const { id, createdAt, nickname } = await test.step('sign in and create a text source through the API', async () => {
      await page.goto('/');
      await signIn(page, t, `e2e-share-${run}@example.com`);
      const [workspace] = await callApi<{ id: number }[]>(page, 'GET', '/workspace');
      const sauce = await callApi<{ id: number; createdAt: string }>(page, 'POST', `/archive/sauce/${workspace!.id}`, {
        type: 'TEXT',
        title,
        textSauce: { text, link: linked.url },
        tagSet: tags,
      });
      const profile = await callApi<{ nickname: string }>(page, 'GET', '/auth/profile');
      return { ...sauce, nickname: profile.nickname };
    });

    const shareButton = (shared: boolean) =>
      page.getByRole('button', { name: shared ? t('share:buttonShared') : t('share:button'), exact: true });
    const dialog = page.getByRole('dialog', { name: t('share:dialog.title') });
    const toggle = dialog.getByRole('switch', { name: t('share:dialog.toggle') });
    const linkField = dialog.getByRole('textbox', { name: t('share:dialog.linkLabel') });
    const copy = dialog.getByRole('button', { name: t('share:dialog.copy') });

    let link = '';
    await test.step('open it, open the share dialog: sharing is off and copy is disabled', async () => {
      await page.goto(`/archive/text?sauceId=${id}&archiveType=TEXT`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await shareButton(false).click();
      await expect(dialog).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(linkField).toHaveValue('');
      await expect(copy).toBeDisabled();
    });

    await test.step('turn sharing on, copy the link', async () => {
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(linkField).toHaveValue(/\/archive\/sauce\/share\/[\w-]{16,}$/);
      link = await linkField.inputValue();
      await copy.click();
      await expect(page.getByRole('status').getByText(t('share:dialog.copied'))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await snap(page, testInfo, '01-share-dialog-on');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // The view now says the source is shared.
      await expect(shareButton(true)).toBeVisible();
    });

    await test.step('a signed-out visitor opens the link and reads the source', async () => {
      await pub.goto(link);
      await expect(pub.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(pub).toHaveTitle(`${title} · Sauce`);
      await expect(pub.getByText(text, { exact: true })).toBeVisible();
      await expect(pub.getByText(nickname, { exact: true })).toBeVisible();
      await expect(pub.locator('time')).toHaveText(createdAt.slice(0, 10).replace(/-/g, '.'));
      const preview = pub.getByRole('link', { name: new RegExp(linked.title) });
      await expect(preview).toHaveAttribute('href', linked.url);
      await expect(preview.getByText(new URL(linked.url).host, { exact: true })).toBeVisible();
      await expect(preview.locator(`img[src="${linked.imageUrl}"]`)).toBeVisible();
      const tagList = pub.getByRole('list', { name: t('share:page.tags') });
      await expect(tagList.getByRole('listitem')).toHaveText(tags);
      // Read-only: no edit controls, no sign-in wall, and a way to try Sauce.
      await expect(pub.getByRole('button', { name: t('archive:text.edit'), exact: true })).toHaveCount(0);
      await expect(pub.getByRole('dialog')).toHaveCount(0);
      await expect(pub.getByRole('link', { name: t('share:page.ctaButton') })).toHaveAttribute('href', '/intro');
      await snap(pub, testInfo, '02-public-page');
    });

    await test.step('the owner reopens the dialog: the same link; turning sharing off hides it', async () => {
      await shareButton(true).click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(linkField).toHaveValue(link);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(linkField).toHaveValue('');
      await expect(copy).toBeDisabled();
      await page.keyboard.press('Escape');
      await expect(shareButton(false)).toBeVisible();
    });

    await test.step('the link now says the source is private (SPEC §8); an unknown one, not found', async () => {
      await pub.reload();
      await expect(pub.getByRole('heading', { level: 1, name: t('share:page.private') })).toBeVisible();
      await expect(pub.getByText(t('share:page.privateDescription'))).toBeVisible();
      await expect(pub.getByText(title)).toHaveCount(0);
      await expect(pub).toHaveTitle(`${t('share:page.private')} · Sauce`);
      await snap(pub, testInfo, '03-public-page-off');
      await pub.goto(link.replace(/[^/]{8}$/, 'AAAAAAAA'));
      await expect(pub.getByRole('heading', { level: 1, name: t('share:page.notFound') })).toBeVisible();
      await expect(pub).toHaveTitle(`${t('share:page.notFound')} · Sauce`);
      await snap(pub, testInfo, '04-public-page-unknown');
    });
  } finally {
    await visitor.close();
    await linked.close();
  }
});

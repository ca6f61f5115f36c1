import { expect, type Page, type Request, test } from '@playwright/test';
import sharp from 'sharp';
import { callApi, failOnCspViolations, type Lang, recordAppearances, signIn, snap, type Translate, translator } from '../support';

/**
 * Defects of issue #31 that had only unit and API tests, as a person meets them in the Korean
 * and the English UI: a new person's Apple sign-up goes through the terms (item 4), a deleted
 * source's last tag leaves (item 9), dates are written one way
 * (item 13), a continued draft's leave dialog says the draft stays (item 15), deleting the
 * source on screen never flashes 'This source does not exist' (item 20), and the session is
 * refreshed before the access token expires, so no request meets a 401 (item 24). Each test
 * says in a comment how it fails on the old code.
 */

// Issue #11: the Content-Security-Policy blocks nothing the app does.
failOnCspViolations(test);

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cards = (page: Page, t: Translate) => page.getByRole('list', { name: t('dashboard:listLabel') }).getByRole('article');
const card = (page: Page, t: Translate, title: string) => cards(page, t).filter({ has: page.getByRole('link', { name: title, exact: true }) });
/** A confirmation (Radix's alert dialog or dialog) by its title. */
const confirmation = (page: Page, title: string) => page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: title });

/** A run-unique e-mail address for `who`. */
function email(lang: Lang, who: string) {
  return `e2e-more-${who}-${lang}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** The id of the signed-in person's personal space. */
async function personalSpace(page: Page): Promise<number> {
  return (await callApi<{ id: number; isPersonal: boolean }[]>(page, 'GET', '/workspace')).find((s) => s.isPersonal)!.id;
}

/** A text source saved in `space` through the API; its id. */
async function textSauce(page: Page, space: number, title: string, tagSet: string[] = []): Promise<number> {
  return (await callApi<{ id: number }>(page, 'POST', `/archive/sauce/${space}`, { type: 'TEXT', title, textSauce: { text: 'note', link: null }, tagSet })).id;
}

/** Header 'Create source' → the type selector → `type`: a new source's editor. */
async function startSauce(page: Page, t: Translate, type: 'TEXT' | 'IMAGE') {
  await page.getByRole('button', { name: t('shell:header.create') }).click();
  await page
    .getByRole('dialog', { name: t('shell:archiveType.title') })
    .getByRole('button', { name: new RegExp(`^${escapeRe(t(`shell:archiveType.${type}`))}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/archive/${type.toLowerCase()}$`));
}

/** A small photograph (640×400 JPEG) for an image source: quick to upload. */
async function photo(name: string) {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 212, g: 64, b: 31 } } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><circle cx="320" cy="200" r="120" fill="#fff3c4"/></svg>') }])
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Adds one photo in the image editor and waits for its upload. */
async function addPhoto(page: Page, t: Translate) {
  await page.getByLabel(t('images:add.input')).setInputFiles(await photo('board.jpg'));
  await expect(page.getByRole('list', { name: t('images:strip.label') }).getByRole('button', { name: t('images:strip.image', { n: 1 }), exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

// ---------------------------------------------------------------------------------------
// Item 4: a person new to Sauce who continues with Apple sees the terms first
// ---------------------------------------------------------------------------------------

// The servers sign in with Apple against e2e/apple-provider.ts, a real OpenID provider whose
// every authorization is a person Sauce has never seen. On the old code the callback made the
// account at once and the person landed signed in, never asked to agree.
test('a person new to Sauce who continues with Apple agrees to the terms before an account is made (item 4)', async ({ page }, testInfo) => {
  const t = translator(testInfo.project.name as Lang);
  await page.goto('/dashboard');
  await page.getByRole('dialog', { name: t('auth:title') }).getByRole('button', { name: t('auth:apple') }).click();

  // Apple's form_post comes back to the page the sign-in started on, with the terms open.
  const terms = page.getByRole('dialog', { name: t('auth:terms.title') });
  await expect(terms).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?signup=apple$/);
  expect((await page.request.get('/api/workspace')).status(), 'no account and no session before the terms').toBe(401);
  await snap(page, testInfo, 'apple-terms');

  const submit = terms.getByRole('button', { name: t('auth:terms.submit') });
  await expect(submit).toBeDisabled();
  await terms.getByText(t('auth:terms.all'), { exact: true }).click();
  await submit.click();

  await expect(terms).toBeHidden();
  await expect(page.getByRole('button', { name: t('shell:header.create') })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const spaces = await callApi<{ isPersonal: boolean }[]>(page, 'GET', '/workspace');
  expect(spaces.filter((s) => s.isPersonal)).toHaveLength(1);
});

// ---------------------------------------------------------------------------------------
// Item 9: a deleted source takes its last tags with it
// ---------------------------------------------------------------------------------------

test('deleting a source leaves no "0 sources" tag on My page → Tags or in the tag filter (item 9)', async ({ page }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  await page.goto('/dashboard');
  await signIn(page, t, email(lang, 'tags'));
  const space = await personalSpace(page);
  await textSauce(page, space, 'Gone with its tag', ['solo', 'shared']);
  await textSauce(page, space, 'Stays', ['shared']);
  const tagRows = page.getByRole('region', { name: t('tags:manage.label') }).getByRole('listitem');
  const row = (name: string) => tagRows.filter({ hasText: new RegExp(`^${name}`) });
  const openTagsPage = async () => {
    // My page by the account menu, then its Tags tab: the app's own way there (cached lists included).
    const profile = await callApi<{ nickname: string }>(page, 'GET', '/auth/profile');
    await page.getByRole('button', { name: `${t('shell:header.account')} (${profile.nickname})` }).click();
    await page.getByRole('menuitem', { name: t('shell:header.profile') }).click();
    await page.getByRole('navigation', { name: t('account:tabs.label') }).getByRole('link', { name: t('account:tabs.tags'), exact: true }).click();
    await expect(page).toHaveURL(/\/mypage\/tags$/);
  };
  const filterPanel = page.getByRole('group', { name: t('tags:filter.title') });
  const openFilter = async () => {
    await page.getByRole('button', { name: t('tags:filter.button'), exact: true }).click();
    await expect(filterPanel.getByRole('checkbox', { name: 'shared', exact: true })).toBeVisible();
  };

  // Before: both tags, with their counts, in both places.
  await page.reload();
  await openFilter();
  await expect(filterPanel.getByRole('checkbox', { name: 'solo', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await openTagsPage();
  await expect(row('solo')).toContainText(t('tags:manage.uses', { count: 1 }));
  await expect(row('shared')).toContainText(t('tags:manage.uses', { count: 2 }));

  // The source carrying 'solo' is deleted from its card's menu.
  await page.getByRole('link', { name: t('common:appName'), exact: true }).click(); // the wordmark
  const gone = card(page, t, 'Gone with its tag');
  await gone.getByRole('button', { name: t('sauces:card.menu', { title: 'Gone with its tag' }) }).click();
  await page.getByRole('menuitem', { name: t('sauces:delete.action') }).click();
  const confirm = confirmation(page, t('sauces:delete.confirm'));
  await confirm.getByRole('button', { name: t('sauces:delete.action'), exact: true }).click();
  await expect(toast(page, t('sauces:delete.done'))).toBeVisible();
  await expect(gone).toHaveCount(0);

  // The old server (before c3b4b72) kept the tag's row when its last source went: My page →
  // Tags listed '#solo · 0 sources' (the row and count checks below fail on it). Now the tag
  // leaves with its last source, and the dashboard's filter does not offer it either.
  await openFilter();
  await expect(filterPanel.getByRole('checkbox', { name: 'solo', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await openTagsPage();
  await expect(row('shared')).toContainText(t('tags:manage.uses', { count: 1 }));
  await expect(row('solo')).toHaveCount(0);
  await expect(tagRows.filter({ hasText: t('tags:manage.uses', { count: 0 }) })).toHaveCount(0);
  await expect(page.getByText(t('tags:manage.total', { count: 1 }), { exact: true })).toBeVisible();
  // A reload reads the list afresh: the same.
  await page.reload();
  await expect(row('shared')).toBeVisible();
  await expect(tagRows).toHaveCount(1);
  await snap(page, testInfo, 'tags-after-delete');
});

// ---------------------------------------------------------------------------------------
// Item 13: dates are written one way
// ---------------------------------------------------------------------------------------

/** The person's time zone in the date test: not UTC, so the date written is the person's own. */
const TIME_ZONE = 'Asia/Seoul';
/** 'YYYY.MM.DD', and 'YYYY.MM.DD HH:mm' (apps/web/src/lib/dates.ts), anywhere in a text. */
const DATE = /\d{4}\.\d{2}\.\d{2}/;
const DATE_TIME = /\d{4}\.\d{2}\.\d{2} \d{2}:\d{2}/;
/** What the old formatters wrote instead: month names, 오전/오후 and AM/PM, 'Dec 2, 2026', '2026년 12월'. */
const OTHER_DATES = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|[AP]M\b|오전|오후|\d{4}년|\d+월 \d+일|\d{1,2}\/\d{1,2}\/\d{2,4}/;

/** `iso` as the app writes it in {@link TIME_ZONE}: 'YYYY.MM.DD' and, with `time`, ' HH:mm'. */
function written(iso: string, time = false): string {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const p = Object.fromEntries(f.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}.${p.month}.${p.day}${time ? ` ${p.hour}:${p.minute}` : ''}`;
}

/** `text` (a translated sentence around a date) as a pattern: the date where {{var}} was. */
function around(text: string, date: RegExp) {
  return new RegExp(escapeRe(text).replace('@@', date.source));
}

// The old formatters wrote each screen its own way: 'Joined Dec 2, 2026', an invitation's
// 'December 9, 2026 at 1:27 PM' / '2026년 12월 9일 오후 1:27', tokens' toLocaleString: each
// exact text and pattern below fails on them. The person is in Seoul (UTC+9), so a date
// written in UTC would fail too.
test.describe('dates (item 13)', () => {
  test.use({ timezoneId: TIME_ZONE });

  test('cards, the source page, members, invitations and tokens write dates as 2026.12.01 and 2026.12.01 23:17', async ({ page, browser, baseURL }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    await page.goto('/dashboard');
    await signIn(page, t, email(lang, 'dates-a'));
    const spaceName = `Dates ${Date.now().toString(36).slice(-4)}`;
    const space = (await callApi<{ id: number }>(page, 'POST', '/workspace', undefined, { name: spaceName })).id;
    const sauceId = await textSauce(page, space, 'Dated note');
    const sauce = await callApi<{ createdAt: string }>(page, 'GET', `/archive/sauce/${space}/${sauceId}`);
    const links = new Map<string, { link: string; expiresAt: string }>();
    for (const permission of ['OWNER', 'EDITOR', 'READER'] as const) {
      links.set(permission, await callApi(page, 'POST', '/workspace/invite/create', { workspace: { id: space }, permission }));
    }
    const token = await callApi<{ id: number; token: string; createdAt: string; expiresAt: string }>(page, 'POST', '/auth/tokens', {
      name: 'Build script',
      scope: 'read',
      expiresInDays: 30,
    });
    // Used once, so the list has a last use to write.
    expect((await page.request.get('/api/workspace', { headers: { authorization: `Bearer ${token.token}` } })).ok()).toBe(true);
    let lastUsedAt = '';
    await expect
      .poll(async () => {
        lastUsedAt = (await callApi<{ id: number; lastUsedAt: string | null }[]>(page, 'GET', '/auth/tokens')).find((x) => x.id === token.id)?.lastUsedAt ?? '';
        return lastUsedAt;
      })
      .not.toBe('');

    // The invited person sees the link's expiry, then joins (the members list then has two).
    const b = await browser.newContext({ baseURL, locale: lang === 'ko' ? 'ko-KR' : 'en-US', timezoneId: TIME_ZONE });
    try {
      const bPage = await b.newPage();
      expect((await bPage.request.post('/api/auth/dev/signin', { data: { email: email(lang, 'dates-b') } })).ok()).toBe(true);
      const reader = links.get('READER')!;
      await bPage.goto(reader.link);
      await expect(bPage.getByRole('heading', { name: spaceName, level: 1 })).toBeVisible();
      const expiry = bPage.getByRole('term').filter({ hasText: t('workspaces:invitation.expires') }).locator('xpath=following-sibling::dd[1]');
      await expect(expiry).toHaveText(written(reader.expiresAt, true));
      await expect(expiry).toHaveText(new RegExp(`^${DATE_TIME.source}$`));
      await snap(bPage, testInfo, 'invitation-expiry');
      await bPage.getByRole('button', { name: t('workspaces:invitation.accept'), exact: true }).click();
      await expect(bPage).toHaveURL(/\/dashboard$/);
    } finally {
      await b.close();
    }

    // The card, in the team space.
    await page.reload();
    const sidebar = page.getByRole('complementary', { name: t('shell:sidebar.label') });
    await sidebar.getByRole('button', { name: `${t('shell:sidebar.mySpace')} · ${t('shell:sidebar.showWorkspaces')}` }).click();
    await sidebar.getByRole('navigation', { name: t('shell:sidebar.workspaces') }).getByRole('button', { name: new RegExp(escapeRe(spaceName)) }).click();
    const dated = card(page, t, 'Dated note');
    await expect(dated.locator('time')).toHaveText(written(sauce.createdAt));
    await expect(dated.locator('time')).toHaveText(new RegExp(`^${DATE.source}$`));
    await snap(page, testInfo, 'card-date');
    // The source's own page.
    await dated.getByRole('link', { name: 'Dated note', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`sauceId=${sauceId}`));
    await expect(page.locator(`time[datetime="${sauce.createdAt}"]`)).toHaveText(written(sauce.createdAt));

    // The members list: each member's joined date.
    await page.goto('/workspace/memberManagement');
    const members = await callApi<{ users: { id: number; nickname: string; joinedAt: string }[] }>(page, 'GET', `/workspace/${space}`);
    expect(members.users).toHaveLength(2);
    for (const m of members.users) {
      const memberRow = page.getByRole('main').getByRole('listitem').filter({ hasText: m.nickname });
      await expect(memberRow).toContainText(t('workspaces:members.joined', { date: written(m.joinedAt) }));
      await expect(memberRow).toContainText(around(t('workspaces:members.joined', { date: '@@' }), DATE));
      await expect(memberRow).not.toContainText(OTHER_DATES);
    }
    await snap(page, testInfo, 'members-dates');

    // The invite dialog: each link's expiry, to the minute.
    await page.getByRole('button', { name: t('workspaces:members.invite'), exact: true }).click();
    const invite = page.getByRole('dialog', { name: t('workspaces:invite.title') });
    for (const [permission, link] of links) {
      const role = t(`workspaces:permission.${permission}`);
      const linkRow = invite.getByRole('listitem').filter({ has: page.getByRole('textbox', { name: t('workspaces:invite.linkLabel', { role }) }) });
      await expect(linkRow.getByText(t('workspaces:invite.validUntil', { date: written(link.expiresAt, true) }), { exact: true })).toBeVisible();
    }
    await expect(invite.getByText(around(t('workspaces:invite.validUntil', { date: '@@' }), DATE_TIME))).toHaveCount(3);
    await expect(invite).not.toContainText(OTHER_DATES);
    await snap(page, testInfo, 'invite-dates');
    await page.keyboard.press('Escape');

    // The personal tokens list: created, last used and expiry, to the minute.
    await page.goto('/mypage/profile');
    const tokenRow = page.getByRole('list', { name: t('account:tokens.listLabel') }).getByRole('listitem').filter({ hasText: 'Build script' });
    await expect(tokenRow).toContainText(t('account:tokens.createdAt', { when: written(token.createdAt, true) }));
    await expect(tokenRow).toContainText(t('account:tokens.lastUsed', { when: written(lastUsedAt, true) }));
    await expect(tokenRow).toContainText(t('account:tokens.expires', { when: written(token.expiresAt, true) }));
    for (const key of ['createdAt', 'lastUsed', 'expires']) {
      await expect(tokenRow).toContainText(around(t(`account:tokens.${key}`, { when: '@@' }), DATE_TIME));
    }
    await expect(tokenRow).not.toContainText(OTHER_DATES);
    await snap(page, testInfo, 'token-dates');
  });
});

// ---------------------------------------------------------------------------------------
// Item 15: the leave dialog of a continued draft
// ---------------------------------------------------------------------------------------

for (const type of ['TEXT', 'IMAGE'] as const) {
  test(`the leave dialog of a continued ${type.toLowerCase()} draft says the draft stays, and it does (item 15)`, async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    const ns = type === 'TEXT' ? 'archive:text.' : 'images:';
    const titleField = page.getByRole('textbox', { name: t(`${ns}titleLabel`) });
    const leaveDialog = page.getByRole('dialog', { name: t('common:draftConfirm.title') });
    const continueDraft = async () => {
      await page.getByRole('button', { name: t('shell:header.create') }).click();
      const chooser = page.getByRole('dialog', { name: t('shell:archiveType.draftTitle') });
      await chooser.getByRole('button', { name: t('shell:archiveType.continue'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/archive/${type.toLowerCase()}\\?draft=true`));
    };
    await page.goto('/dashboard');
    await signIn(page, t, email(lang, `draft-${type}`));

    // A new source: leaving deletes it, the dialog says (the control: this text is right here).
    await startSauce(page, t, type);
    if (type === 'IMAGE') await addPhoto(page, t);
    await titleField.fill('Kept draft');
    await page.getByRole('link', { name: t(`${ns}back`) }).click();
    await expect(leaveDialog).toContainText(t('common:draftConfirm.description'));
    await leaveDialog.getByRole('button', { name: t('common:draftConfirm.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // The draft continued and edited: the old dialog said 'this source will be deleted' here
    // too, though leaving keeps the saved draft. Now it says the draft stays.
    await continueDraft();
    await expect(titleField).toHaveValue('Kept draft');
    await titleField.fill('Kept draft, edited');
    await page.getByRole('link', { name: t(`${ns}back`) }).click();
    await expect(leaveDialog).toBeVisible();
    await expect(leaveDialog).toContainText(t('common:draftConfirm.descriptionFromDraft'));
    await expect(leaveDialog).not.toContainText(t('common:draftConfirm.description'));
    await snap(page, testInfo, `continued-draft-leave-${type.toLowerCase()}`);
    await leaveDialog.getByRole('button', { name: t('common:draftConfirm.leave'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    // It did stay, as it was before the edit.
    await page.getByRole('button', { name: t('shell:header.create') }).click();
    const chooser = page.getByRole('dialog', { name: t('shell:archiveType.draftTitle') });
    await expect(chooser.getByText(t(`shell:archiveType.draft${type}`, { title: 'Kept draft' }))).toBeVisible();
    await chooser.getByRole('button', { name: t('shell:archiveType.continue'), exact: true }).click();
    await expect(titleField).toHaveValue('Kept draft');
  });
}

// ---------------------------------------------------------------------------------------
// Item 20: no 'This source does not exist' on the way out of a deleted source
// ---------------------------------------------------------------------------------------

/**
 * Records from now on the page's API answers 404: the deleted source read again, whose 404
 * is what draws 'This source does not exist'.
 */
function recordNotFound(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (r.status() === 404 && path.startsWith('/api/')) seen.push(`${r.request().method()} ${path}`);
  });
  return seen;
}

test.describe('deleting the source on screen (item 20)', () => {
  // The old code dropped the deleted source's query under the page that still showed it, and
  // the page read the source again: its 404 drew 'This source does not exist or was deleted'
  // for a moment, then the list came. The recorder sees that text however briefly it shows
  // (each test ends by showing it on purpose, to prove it), and the tests refuse the 404 too:
  // with the old web app, Delete on a text source's page read it again in every run (6 of 6)
  // and painted the text in 4 of 6 before the list.
  const notFoundTexts = (t: Translate) => [t('sauces:load.notFound'), t('common:errors.SAUCE_NOT_FOUND')];

  // The editor's own path. With the old web app this one passed in Chromium (6 runs): nothing
  // re-rendered the page between dropping the query and leaving, so nothing read the source
  // again. It fails on the same bug as soon as anything does (the text or the 404 seen).
  test('removing the last image of a source goes to the list without "This source does not exist"', async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    const seen = await recordAppearances(page, notFoundTexts(t));
    await page.goto('/dashboard');
    await signIn(page, t, email(lang, 'last-image'));
    await textSauce(page, await personalSpace(page), 'Stays a while');
    await startSauce(page, t, 'IMAGE');
    await addPhoto(page, t);
    await page.getByRole('button', { name: t('images:save'), exact: true }).click();
    const save = page.getByRole('dialog', { name: t('archive:saveDialog.title') });
    await save.getByLabel(t('archive:saveDialog.titleLabel')).fill('One image');
    await save.getByRole('button', { name: t('archive:saveDialog.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/archive\/image\?sauceId=\d+/);
    const sauceId = new URL(page.url()).searchParams.get('sauceId');

    await page.getByRole('button', { name: t('images:edit'), exact: true }).click();
    const answered404 = recordNotFound(page);
    await page.getByRole('button', { name: t('images:strip.remove', { n: 1 }), exact: true }).click();
    await confirmation(page, t('images:lastImage.title')).getByRole('button', { name: t('images:lastImage.confirm'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(toast(page, t('sauces:delete.done'))).toBeVisible();
    await expect(card(page, t, 'Stays a while')).toBeVisible();
    await expect(card(page, t, 'One image')).toHaveCount(0);
    expect(seen, 'texts seen on the way to the list').toEqual([]);
    expect(answered404, 'API answers 404 on the way to the list').toEqual([]);

    // The recorder works: the deleted source's own address says it.
    await page.goto(`/archive/image?sauceId=${sauceId}&archiveType=IMAGE`);
    await expect(page.getByText(t('sauces:load.notFound'))).toBeVisible();
    expect(seen).toContain(t('sauces:load.notFound'));
  });

  test('Delete on a text source\'s page goes to the list without "This source does not exist"', async ({ page }, testInfo) => {
    const lang = testInfo.project.name as Lang;
    const t = translator(lang);
    const seen = await recordAppearances(page, notFoundTexts(t));
    await page.goto('/dashboard');
    await signIn(page, t, email(lang, 'delete-shown'));
    const space = await personalSpace(page);
    await textSauce(page, space, 'Stays a while');
    const sauceId = await textSauce(page, space, 'Deleted on screen');
    await page.goto(`/archive/text?sauceId=${sauceId}`);
    await expect(page.getByRole('heading', { name: 'Deleted on screen' }).or(page.getByText('Deleted on screen', { exact: true })).first()).toBeVisible();

    const answered404 = recordNotFound(page);
    await page.getByRole('button', { name: t('sauces:delete.action'), exact: true }).click();
    await confirmation(page, t('sauces:delete.confirm')).getByRole('button', { name: t('sauces:delete.action'), exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(toast(page, t('sauces:delete.done'))).toBeVisible();
    await expect(card(page, t, 'Stays a while')).toBeVisible();
    await expect(card(page, t, 'Deleted on screen')).toHaveCount(0);
    expect(seen, 'texts seen on the way to the list').toEqual([]);
    expect(answered404, 'API answers 404 on the way to the list').toEqual([]);

    await page.goto(`/archive/text?sauceId=${sauceId}`);
    await expect(page.getByText(t('sauces:load.notFound'))).toBeVisible();
    expect(seen).toContain(t('sauces:load.notFound'));
  });
});

// ---------------------------------------------------------------------------------------
// Item 24: no 401 across an access-token refresh
// ---------------------------------------------------------------------------------------

test('an expired access token is refreshed before the next request: no 401 in the network or the console (item 24)', async ({ page, baseURL }, testInfo) => {
  const lang = testInfo.project.name as Lang;
  const t = translator(lang);
  await page.goto('/dashboard');
  await signIn(page, t, email(lang, 'refresh'));
  const space = await personalSpace(page);
  await textSauce(page, space, 'Still here');
  const nickname = (await callApi<{ nickname: string }>(page, 'GET', '/auth/profile')).nickname;
  await page.reload();
  await expect(card(page, t, 'Still here')).toBeVisible();

  // The server's access token lasts 15 minutes (ACCESS_TTL_S, not configurable), too long to
  // wait. So the test plays the server past it: from `expire()` on, until the page refreshes
  // its session, every API request that needs the signed-in person (the same request sent
  // without the session answers 401) is answered as the server answers an expired token,
  // 401 TOKEN_EXPIRED; and the readable `access_expires` cookie says the token expired, as the
  // server wrote it at sign-in. The old page sent its request anyway, met that 401 (the
  // browser logs 'Failed to load resource: … 401') and refreshed after; now it refreshes first.
  // The first fix still let the requests made beside that early refresh go out with the expired
  // token (My page's token list met the 401 in 3 of 4 runs): lib/api.ts now holds them too.
  let expired = false;
  const refreshes: string[] = [];
  const unauthorized: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/auth/token/refresh' && r.ok()) {
      expired = false;
      refreshes.push(path);
    }
    if (r.status() === 401) unauthorized.push(`${r.request().method()} ${path}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || /\b401\b/.test(m.text())) consoleErrors.push(m.text());
  });
  page.on('pageerror', (e) => consoleErrors.push(e.message));
  const needsSession = async (request: Request) => {
    const sent = await request.allHeaders();
    // The request as it was, but for the session (no cookies).
    const headers = Object.fromEntries(Object.entries(sent).filter(([name]) => ['accept', 'content-type', 'api-version'].includes(name)));
    const body = request.postDataBuffer();
    const res = await fetch(request.url(), { method: request.method(), headers, body: body ? new Uint8Array(body) : undefined });
    await res.body?.cancel();
    return res.status === 401;
  };
  await page.route(
    (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/token/refresh',
    async (route) => {
      if (expired && (await needsSession(route.request()))) {
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: { code: 'TOKEN_EXPIRED', message: 'The access token has expired.' } }),
        });
      }
      return route.fallback();
    },
  );
  const expire = async () => {
    await page.context().addCookies([{ name: 'access_expires', value: String(Date.now() - 1_000), url: baseURL! }]);
    expired = true;
  };

  // Expired while the page was open: the next clicks move about the app.
  await expire();
  await page.getByRole('button', { name: `${t('shell:header.account')} (${nickname})` }).click();
  await page.getByRole('menuitem', { name: t('shell:header.profile') }).click();
  await expect(page.getByRole('list', { name: t('account:tokens.listLabel') }).or(page.getByText(t('account:tokens.empty')))).toBeVisible();
  await page.getByRole('navigation', { name: t('account:tabs.label') }).getByRole('link', { name: t('account:tabs.tags'), exact: true }).click();
  await expect(page.getByRole('region', { name: t('tags:manage.label') })).toBeVisible();
  await page.getByRole('link', { name: t('common:appName'), exact: true }).click();
  await expect(card(page, t, 'Still here')).toBeVisible();
  expect(refreshes).toHaveLength(1);
  expect(expired).toBe(false);

  // Expired while the tab slept: it is opened again (a reload), and a folder is made.
  await expire();
  await page.reload();
  await expect(card(page, t, 'Still here')).toBeVisible();
  const folders = page.getByRole('navigation', { name: t('shell:sidebar.folders') });
  await folders.getByRole('button', { name: t('folders:add'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('folders:addTitle') });
  await dialog.getByRole('textbox', { name: t('folders:nameLabel') }).fill('Refreshed');
  await dialog.getByRole('button', { name: t('folders:create'), exact: true }).click();
  await expect(folders.getByRole('button', { name: 'Refreshed', exact: true })).toBeVisible();
  expect(refreshes).toHaveLength(2);

  expect(unauthorized, 'responses with status 401').toEqual([]);
  expect(consoleErrors.filter((m) => /\b401\b|Unauthorized/i.test(m)), 'console messages about a 401').toEqual([]);
  // The route did answer for the server: a request needing the session, sent without one, is refused.
  expect((await fetch(new URL('/api/auth/tokens', baseURL)).then((r) => r.status))).toBe(401);
});

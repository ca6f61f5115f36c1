import { expect, test } from '@playwright/test';
import { type Lang, recordCspViolations, signIn, translator } from '../support';

/**
 * Issue #11 item 5 in Chromium: the app signs in and works under its Content-Security-Policy
 * with no violation; a script injected into the page (what a cross-site scripting hole would
 * run) is refused and reported, and the page carries on; the API browser renders under its
 * policy too.
 */

test('signs in under the CSP; an injected script is refused and reported, and the page carries on', async ({ page }, testInfo) => {
  const t = translator(testInfo.project.name as Lang);
  const violations = await recordCspViolations(page);
  const reports: number[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/csp-report') reports.push(r.status());
  });

  await test.step('sign in and reach the dashboard: nothing is blocked', async () => {
    await page.goto('/');
    await signIn(page, t, `e2e-csp-${Date.now()}-${testInfo.project.name}@example.com`);
    expect(violations).toEqual([]);
  });

  await test.step('an injected inline script does not run; the browser reports it', async () => {
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.startsWith('script-src'))).toBe(true);
  });

  await test.step('the page carries on: the app still answers and navigates', async () => {
    await page.getByText(t('shell:header.article'), { exact: true }).first().click();
    await expect(page).toHaveURL(/\/article/);
    expect(reports.every((s) => s === 204)).toBe(true);
  });
});

test('the API browser renders under its policy', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Sauce API/ })).toBeVisible();
  await expect(page.getByText('operationId').or(page.getByText('Sign in with a Google ID token')).first()).toBeVisible();
  expect(violations).toEqual([]);
});

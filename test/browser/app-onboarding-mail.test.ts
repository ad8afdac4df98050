/**
 * Onboarding and mail that happen (issue 23, part 6), as a new user meets
 * them: signing up lands in the app's onboarding; the Day 0 welcome is in
 * the local inbox (/dev/inbox) within seconds, without waiting for a sweep;
 * the welcome interview sent empty marks each field with what to write, in
 * plain words; an upgrade brings its billing notice to the inbox too.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, openPage, saveScreenshot, startWebApp, type WebApp } from './browser-harness.ts';

/** Reloads the development inbox until a mail with this subject is listed (the runner polls every 200 ms here). */
async function waitForMail(page: Page, subject: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.goto('/dev/inbox');
    if ((await page.getByRole('link', { name: subject }).count()) > 0) return;
    if (Date.now() > deadline) expect.fail(`no mail "${subject}" in /dev/inbox within ${timeoutMs} ms`);
    await page.waitForTimeout(250);
  }
}

describe('onboarding and mail', () => {
  let web: WebApp;
  beforeAll(async () => {
    // The runner polls as a deployed service does (faster): the mail is sent by the event, not by the test.
    web = await startWebApp({ backgroundWork: true, env: { OUTBOX_POLL_MS: '200' } });
  });
  afterAll(() => web.close());

  for (const phone of [false, true]) {
    it(`signs up into onboarding, finds the welcome in the inbox, and is told per field what the interview needs (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      const sub = phone ? 'newcomer_phone' : 'newcomer_desk';
      await page.goto('/sign-up');
      await page.locator('[name="sub"]').fill(sub);
      await page.locator('[name="email"]').fill(`${sub}@example.test`);
      await Promise.all([page.waitForURL((url) => url.pathname === '/app/onboarding'), page.getByRole('button', { name: 'Create my account' }).click()]);
      await expectVisible(page.getByRole('heading', { level: 1 }));

      const started = Date.now();
      await waitForMail(page, 'Welcome: your 30-day trial has started');
      expect(Date.now() - started).toBeLessThan(60_000);
      await page.getByRole('link', { name: 'Welcome: your 30-day trial has started' }).first().click();
      await expectVisible(page.getByText(`${sub}@example.test`).first());

      await page.goto('/app/onboarding/interview');
      await page.getByRole('button', { name: 'Complete the interview' }).click();
      await expectVisible(page.getByRole('alert').getByText('4 answers need a change: each marked field says what.'));
      for (const [field, words] of [
        ['#interview-role-problem', 'Tell us your role, for example Head of Product.'],
        ['#interview-goals-problem', 'Write at least one goal, one per line.'],
        ['#interview-product-name-problem', 'Name the product you want to score.'],
        ['#interview-team-size-problem', 'Say how many people work on the product, as a number.'],
      ] as const) {
        await expectVisible(page.locator(field).getByText(words));
      }
      expect(await page.getByText(/must NOT|Invalid body/).count()).toBe(0);
      // The first field to fix has the focus, and each marked field names its problem to a screen reader.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('interview-role');
      expect(await page.getByLabel('Your role').getAttribute('aria-describedby')).toContain('interview-role-problem');
      await expectAccessible(page, `the interview's field problems${phone ? ' on a phone' : ''}`);
      await saveScreenshot(page, phone ? 'interview-problems-phone' : 'interview-problems-desktop');

      // Fixing one field takes its mark away at the next try.
      await page.getByLabel('Your role').fill('Head of Product');
      await page.getByLabel('Team size').fill('0');
      await page.getByRole('button', { name: 'Complete the interview' }).click();
      await expectVisible(page.locator('#interview-team-size-problem').getByText('Enter 1 or more.'));
      expect(await page.locator('#interview-role-problem').count()).toBe(0);
      expectNoConsoleErrors({ ignore: [/status of 400 \(Bad Request\)/] });
    }, 90_000);
  }

  it('brings the billing notice of an upgrade to the inbox', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/sign-up');
    await page.locator('[name="sub"]').fill('upgrader');
    await page.locator('[name="email"]').fill('upgrader@example.test');
    await page.locator('[name="account"]').fill('org_upgrader');
    await Promise.all([page.waitForURL((url) => url.pathname === '/app/onboarding'), page.getByRole('button', { name: 'Create my account' }).click()]);
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/payment\/local-checkout\?/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/pricing\/complete/);
    await waitForMail(page, 'Organisation org_upgrader is on Pro now');
    await expectAccessible(page, '/dev/inbox');
    await saveScreenshot(page, 'dev-inbox');
    expectNoConsoleErrors();
  }, 90_000);
});

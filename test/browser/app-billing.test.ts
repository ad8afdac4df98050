/**
 * The billing page's invoices and cancelling (issue 23, part 7), as an owner
 * meets them: after paying for Pro in the local checkout, its invoice is
 * listed; cancelling goes to the end of the period unless "Cancel now" is
 * chosen, a second, plainly worded choice; a cancellation can be taken back;
 * the local billing portal offers the same two choices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

describe('invoices and cancelling on the billing page', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  for (const phone of [false, true]) {
    it(`lists the invoice of a paid plan, cancels at the end of the period, keeps it, then cancels now (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await signIn(page, { sub: phone ? 'billing_phone' : 'billing_desk', account: phone ? 'org_billing_phone' : 'org_billing_desk', role: 'owner' });
      await page.goto('/pricing');
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.waitForURL(/\/payment\/local-checkout\?/);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\/pricing\/complete/);

      await page.goto('/app/settings/billing');
      const invoices = page.locator('.invoice-table');
      await expectVisible(invoices.getByText('Pro plan, first month'));
      await expectVisible(invoices.getByText('$49'));
      await expectVisible(invoices.getByText('Paid'));

      // The end of the period is the way; "now" waits behind a disclosure, in plain words.
      const endOfPeriod = page.getByRole('button', { name: 'Cancel at the end of the period' });
      await expectVisible(endOfPeriod);
      expect(await page.getByRole('button', { name: 'Cancel now, without a refund' }).isVisible()).toBe(false);
      expect(await endOfPeriod.getAttribute('class')).toContain('button-quiet');
      await expectAccessible(page, `the billing page with invoices${phone ? ' on a phone' : ''}`);
      expect(await fitsTheViewport(page)).toBe(true);
      await saveScreenshot(page, phone ? 'billing-cancel-phone' : 'billing-cancel-desktop');

      await endOfPeriod.click();
      await expectVisible(page.getByRole('heading', { name: 'Subscription ending' }));
      await expectVisible(page.getByText(/Pro ends on \d{1,2} \w+ \d{4}, the end of the period paid for/));
      const account = async () => ((await (await page.request.get('/api/account')).json()) as { plan: string }).plan;
      expect(await account()).toBe('pro');
      await saveScreenshot(page, phone ? 'billing-ending-phone' : 'billing-ending-desktop');

      await page.getByRole('button', { name: 'Keep the subscription' }).click();
      await expectVisible(page.getByRole('heading', { name: 'Cancel the subscription' }));

      await page.getByText('Cancel now instead').click();
      await page.getByRole('button', { name: 'Cancel now, without a refund' }).click();
      // The page reloads itself once the cancellation is made.
      await page.getByRole('heading', { name: 'Free plan' }).waitFor({ timeout: 15_000 });
      expect(await account()).toBe('free');
      expectNoConsoleErrors();
    }, 90_000);
  }

  it('offers the same two choices in the local billing portal, the end of the period first', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'portal_owner', account: 'org_portal', role: 'owner' });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/payment\/local-checkout\?/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/pricing\/complete/);
    await page.goto('/app/settings/billing');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/payment\/local-portal\?/);
    await expectVisible(page.getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(await page.getByRole('button', { name: 'Cancel now, without a refund' }).isVisible()).toBe(false);
    await expectAccessible(page, 'the local billing portal');
    await saveScreenshot(page, 'local-portal');
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await page.waitForURL(/\/app\/settings\/billing$/);
    await expectVisible(page.getByRole('heading', { name: 'Subscription ending' }));
    expectNoConsoleErrors();
  });
});

/**
 * Pricing to a paid plan, as a person does it: sign in from the pricing
 * page, upgrade through the local checkout, land on the confirmation with
 * the plan in force; and the example results a visitor can read without
 * scoring anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, fitsTheViewport, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

describe('pricing and the example results', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('takes a visitor from pricing through sign-in and the local checkout to the Pro plan', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/pricing');
    // Every plan and pack with its price, and what a credit buys.
    await expectVisible(page.locator('[aria-labelledby="plan-pro"]').getByText('$49'));
    await expectVisible(page.getByText('$29 once · $1.45 a score'));
    await expectVisible(page.getByRole('heading', { name: 'What a credit buys' }));
    await expectAccessible(page, '/pricing');
    await saveScreenshot(page, 'pricing');
    // A visitor is sent to sign in first, and comes back to pricing.
    await page.getByRole('link', { name: 'Sign in to upgrade' }).first().click();
    await page.waitForURL(/\/sign-in\?next=/);
    await expectAccessible(page, '/sign-in');
    await page.locator('[name="sub"]').fill('pricing_buyer');
    await page.locator('[name="account"]').fill('org_pricing_buyer');
    await Promise.all([page.waitForURL(/\/pricing$/), page.getByRole('button', { name: 'Sign in' }).click()]);

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/payment\/local-checkout\?/);
    await expectVisible(page.getByText('Amount: $49 a month, until you cancel.'));
    await expectAccessible(page, 'the local checkout');
    await saveScreenshot(page, 'local-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/pricing\/complete/);
    // The webhook may land a moment after the redirect: the page offers to check again.
    for (let attempt = 0; attempt < 10 && !(await page.getByRole('heading', { name: 'You are on Pro now' }).isVisible()); attempt++) {
      await page.waitForTimeout(200);
      await page.reload();
    }
    await expectVisible(page.getByRole('heading', { name: 'You are on Pro now' }));
    await expectAccessible(page, 'the confirmation');
    await saveScreenshot(page, 'pricing-complete');
    const account = await page.request.get('/api/account');
    expect(((await account.json()) as { plan: string }).plan).toBe('pro');
    // The billing page says what the plan costs, and what the plans above and the packs cost.
    await page.goto('/app/settings/billing');
    await expectVisible(page.getByText('$49 a month, billed monthly.'));
    await expectVisible(page.locator('[aria-labelledby="upgrade-business"]').getByText('$149 a month'));
    await expectVisible(page.getByText('$59 once · $1.18 a score'));
    await expectAccessible(page, 'the billing page with prices');
    await saveScreenshot(page, 'billing-prices');
    expectNoConsoleErrors();
  });

  it('shows the prices on a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await page.goto('/pricing');
    await expectVisible(page.locator('[aria-labelledby="plan-business"]').getByText('$149'));
    expect(await fitsTheViewport(page)).toBe(true);
    await expectAccessible(page, '/pricing on a phone');
    await saveScreenshot(page, 'pricing-phone');
    expectNoConsoleErrors();
  });

  it('lists the example companies and shows one as a full result', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await page.goto('/demo');
    await expectAccessible(page, '/demo');
    const examples = page.locator('main a[href^="/demo/"]');
    expect(await examples.count()).toBeGreaterThanOrEqual(2);
    await examples.first().click();
    await page.waitForURL(/\/demo\/[a-z0-9-]+$/);
    await expectVisible(page.getByText('Example result.'));
    expect(await page.locator('li.dimension').count()).toBe(27);
    await expectAccessible(page, 'a demo page');
    await saveScreenshot(page, 'demo-phone');
    expectNoConsoleErrors();
  });

  it('signs a visitor in and shows them signed in on the home page', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/sign-up');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await expectAccessible(page, '/sign-up');
    await saveScreenshot(page, 'sign-up');
    await signIn(page, { sub: 'home_visitor' });
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: 'Sign out' }));
    await expectVisible(page.getByRole('button', { name: 'Score it' }));
    await expectAccessible(page, '/ signed in');
    expectNoConsoleErrors();
  });
});

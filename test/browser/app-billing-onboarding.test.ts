/**
 * The signed-in app's lifecycle pages as a person uses them: billing (upgrade
 * through the local checkout, a score pack, the local billing portal that
 * cancels), email preferences saved and shown again, and onboarding on an
 * account already read-only (Day 15), whose two flows lift read-only mode.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { accountIdOf, subscribe } from '../fakes/payment-webhook-client.ts';
import { expectAccessible, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BILLING = '/app/settings/billing';

/** Pays on the local checkout page the browser is on, and comes back to the billing settings. */
async function payLocally(page: Page): Promise<void> {
  await page.waitForURL(/\/payment\/local-checkout\?/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/\/pricing\/complete/);
  await page.goto(BILLING);
}

describe('billing and email preferences', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('upgrades from the billing page, buys a score pack, and cancels in the local billing portal', { timeout: 90_000 }, async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'billing_owner', account: 'org_billing', role: 'owner' });
    await page.goto(BILLING);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Free plan' }));
    await expectVisible(page.getByText('Packs are for paid plans: upgrade first, then top up.'));
    expect(await page.getByRole('button', { name: 'Manage billing' }).count()).toBe(0);
    await expectAccessible(page, 'billing on Free');

    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await payLocally(page);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Pro plan' }));
    await expectVisible(page.getByText(/\$\d+ a month, billed monthly\. Renews on/));
    expect(await page.locator('[data-pack-balance]').getAttribute('data-pack-balance')).toBe('0');

    await page.getByRole('button', { name: 'Buy 20 scores' }).click();
    await payLocally(page);
    expect(await page.locator('[data-pack-balance]').getAttribute('data-pack-balance')).toBe('20');
    await expectVisible(page.getByText('scores left in bought packs'));
    await expectAccessible(page, 'billing on Pro');
    await saveScreenshot(page, 'app-settings-billing');

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/payment\/local-portal\?/);
    await expectVisible(page.getByText('Pro, monthly'));
    await expectAccessible(page, 'the local billing portal');
    await saveScreenshot(page, 'app-local-portal');
    // Cancelling now (the end of the period is the portal's first choice, tested in app-billing.test.ts).
    await page.getByText('Cancel now instead').click();
    await page.getByRole('button', { name: 'Cancel now, without a refund' }).click();
    await page.waitForURL((url) => url.pathname === BILLING);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Free plan' }));
    // The pack outlives the subscription: packs never expire.
    expect(await page.locator('[data-pack-balance]').getAttribute('data-pack-balance')).toBe('20');
    expectNoConsoleErrors();
  });

  it('shows a member the plan without buy or portal buttons', async () => {
    // On Pro: Free's one seat is the owner's, and a member without a seat is not let in.
    const owner = { sub: 'billing_paid_owner', account: 'org_billing_paid', role: 'owner' as const };
    await subscribe(web.app, await accountIdOf(web.app, owner), 'pro');
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'billing_member', account: 'org_billing_paid', role: 'member' });
    await page.goto(BILLING);
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Pro plan' }));
    await expectVisible(page.getByText('An owner or admin of the account manages billing'));
    expect(await page.locator('main button').count()).toBe(0);
    expect(await page.locator('form[data-checkout]').count()).toBe(0);
    await expectAccessible(page, 'billing as a member');
    expectNoConsoleErrors();
  });

  it('saves email preferences and shows them saved after a reload', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/sign-in');
    const form = page.locator('form[action="/sign-in"]');
    await form.locator('[name="sub"]').fill('email_prefs_person');
    await form.locator('[name="email"]').fill('prefs.person@example.test');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), form.locator('[type="submit"]').click()]);

    await page.goto('/app/settings/email');
    await expectVisible(page.getByText('prefs.person@example.test'));
    const digest = page.getByRole('checkbox', { name: 'Weekly digest' });
    const updates = page.getByRole('checkbox', { name: 'Product updates' });
    expect(await digest.isChecked()).toBe(true);
    await expectVisible(page.getByText('cannot be turned off'));
    await digest.uncheck();
    await updates.uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectVisible(page.getByText('Saved. Your preferences apply to the next email we send.'));
    await expectAccessible(page, 'email preferences');
    await saveScreenshot(page, 'app-settings-email');

    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Weekly digest' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Product updates' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Ritual emails' }).isChecked()).toBe(true);
    expectNoConsoleErrors();
  });
});

describe('onboarding on an account that is already read-only', () => {
  const clock = new ManualClock(new Date());
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp({ clock });
  });
  afterAll(() => web.close());

  it('shows the read-only banner on Day 15, and lifts it once the interview and the org map are done', { timeout: 120_000 }, async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const owner = { sub: 'onboarding_owner', account: 'org_onboarding', role: 'owner' as const };
    // The account is created at the first signed-in request; fifteen days later its trial is past Day 14.
    await signIn(page, owner);
    clock.advance(15 * DAY_MS);
    await signIn(page, owner);

    await page.goto('/app');
    await expectVisible(page.getByRole('heading', { name: 'This account is read-only' }));
    await expectAccessible(page, '/app read-only');
    await saveScreenshot(page, 'app-read-only');

    await page.goto('/app/onboarding');
    await expectVisible(page.getByText('Day 15 of your 30-day trial: 15 days left.'));
    expect(await page.locator('.milestone-state').allInnerTexts()).toEqual(['To do', 'To do']);
    await expectAccessible(page, '/app/onboarding');
    await saveScreenshot(page, 'app-onboarding');

    // The welcome interview: the API's validation is the page's; a blank role is marked, with what to write under it.
    await page.getByRole('link', { name: 'Answer the welcome interview' }).click();
    await page.waitForURL(/\/app\/onboarding\/interview$/);
    await page.getByLabel('Your goals').fill('Know where our product practice stands\nPrioritise the next quarter');
    await page.getByLabel('Name', { exact: true }).fill('Lumenfield');
    await page.getByLabel('Web address (optional)').fill(web.fixtureSiteUrl('lumenfield-platform'));
    await page.getByLabel('Team size').fill('12');
    await page.getByRole('button', { name: 'Complete the interview' }).click();
    await expectVisible(page.getByRole('alert').getByText('One answer needs a change: the marked field says what.'));
    await expectVisible(page.locator('#interview-role-problem').getByText('Tell us your role, for example Head of Product.'));
    expect(await page.getByLabel('Your role').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Your role').fill('Head of Product');
    await expectAccessible(page, 'the welcome interview');
    await saveScreenshot(page, 'app-onboarding-interview');
    await page.getByRole('button', { name: 'Complete the interview' }).click();
    await page.waitForURL((url) => url.pathname === '/app/onboarding');
    expect(await page.locator('.milestone-state').allInnerTexts()).toEqual(['Done', 'To do']);

    // The org map: no product yet, so the page adds the one named in the interview first.
    await page.getByRole('link', { name: 'Map your team' }).click();
    await page.waitForURL(/\/app\/onboarding\/org-map$/);
    expect(await page.getByLabel('Name').inputValue()).toBe('Lumenfield');
    await page.getByRole('button', { name: 'Add the product' }).click();
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Lumenfield' }));
    const owners: [string, string][] = [
      ['Strategy', 'Ada Lovelace'],
      ['Design', 'Grace Hopper'],
      ['Development', 'Linus Torvalds'],
      ['Intelligence', 'Karen Spärck Jones'],
      ['Operations', 'Margaret Hamilton'],
    ];
    for (const [fn, name] of owners) await page.getByLabel(`${fn} owner's name`).fill(name);
    await page.getByLabel("Strategy owner's email").fill('ada@example.test');
    await page.getByRole('button', { name: 'Save owners of Lumenfield' }).click();
    await expectVisible(page.getByText('Saved. Still without an owner: Go-to-market.'));
    await page.getByLabel("Go-to-market owner's name").fill('Mary Kenneth Keller');
    await expectAccessible(page, 'the org map');
    await saveScreenshot(page, 'app-onboarding-org-map');
    await page.getByRole('button', { name: 'Save owners of Lumenfield' }).click();
    await page.waitForURL((url) => url.pathname === '/app/onboarding');

    expect(await page.locator('.milestone-state').allInnerTexts()).toEqual(['Done', 'Done']);
    expect(await page.locator('.read-only-banner').count()).toBe(0);
    await page.goto('/app');
    expect(await page.locator('.read-only-banner').count()).toBe(0);
    const coverage = (await (await page.request.get('/api/onboarding/coverage')).json()) as { readOnly: boolean };
    expect(coverage.readOnly).toBe(false);
    // The one refusal provoked on purpose (the blank role): the browser logs the 400 it received.
    expectNoConsoleErrors({ ignore: [/status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/api\/onboarding\/welcome-interview\)/] });
  });
});

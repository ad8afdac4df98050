/** The email preferences page a mail's footer links to: it shows the state, and changes it only by a button. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, openPage, saveScreenshot, startWebApp, type WebApp } from './browser-harness.ts';

describe('the email preferences page', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('opts out of one category by its button, and says so', async () => {
    const token = await web.app.services.emailPreferences.tokenFor(web.app.database.db, 'reader@example.test');
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expectVisible(page.getByText('reader@example.test'));
    const digest = page.locator('tr[data-category="weekly_digest"]');
    expect(await digest.innerText()).toContain('Subscribed');
    await expectAccessible(page, '/unsubscribe');
    await digest.getByRole('button', { name: 'Unsubscribe' }).click();
    await expectVisible(page.locator('tr[data-category="weekly_digest"]').getByRole('button', { name: 'Subscribe again' }));
    const state = (await (await fetch(`${web.baseUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`)).json()) as {
      subscriptions: Record<string, boolean>;
    };
    expect(state.subscriptions).toMatchObject({ weekly_digest: false, product_updates: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing wider than the phone').toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'email-preferences-phone');
    expectNoConsoleErrors();
  });

  it('shows a plain page for a link that is no longer valid', async () => {
    const { page } = await openPage(web.baseUrl);
    const response = await page.goto('/unsubscribe?token=not-a-token');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: 'This link is no longer valid' }));
    await expectAccessible(page, 'an invalid preferences link');
  });
});

/**
 * Two results side by side (issue 23, part 3): from a result page, a visitor
 * compares an example with another; from the dashboard, a member compares
 * their own score with a competitor's they scored, and asks the coach about
 * the comparison.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeResult } from '../stored-results.ts';
import { expectAccessible, fitsTheViewport, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

describe('comparing two results', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  for (const phone of [false, true]) {
    it(`compares an example with another from its page, per function and dimension (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await page.goto('/demo/relaymesh');
      await page.getByRole('link', { name: 'Compare with another result' }).click();
      await page.waitForURL(/\/compare\?a=/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Compare Relaymesh' }));
      await expectAccessible(page, `the compare chooser${phone ? ' on a phone' : ''}`);
      await page.getByRole('link', { name: 'Lumenfield' }).click();
      await page.waitForURL(/\/compare\?a=.*&b=/);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Relaymesh against Lumenfield' }));
      await expectVisible(page.getByText(/Lumenfield is \d+ points ahead\./));
      expect(await page.locator('tr[id^="compare-"]').count()).toBe(27);
      // A difference reads without colour: its sign, and in words for a screen reader.
      const market = page.locator('#compare-market_intelligence');
      expect((await market.locator('.difference [aria-hidden="true"]').innerText()).trim()).toMatch(/^(same|[+−]\d)$/);
      expect(await market.locator('.difference .visually-hidden').innerText()).toMatch(/^(the same|(Relaymesh|Lumenfield) \d levels? higher)$/);
      await expectVisible(page.getByRole('heading', { name: 'Where Lumenfield leads' }));
      expect(await fitsTheViewport(page)).toBe(true);
      await expectAccessible(page, `a comparison${phone ? ' on a phone' : ''}`);
      await saveScreenshot(page, phone ? 'compare-phone' : 'compare-desktop');
      // Swap the two.
      await page.getByRole('link', { name: 'Swap the two' }).click();
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Lumenfield against Relaymesh' }));
      expectNoConsoleErrors();
    });
  }

  it("compares a member's score with a competitor's from the dashboard, and asks the coach about it", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'compare_member' });
    const account = (await (await page.request.get('/api/account')).json()) as { id: string };
    const ours = await storeResult(web.app, {
      accountId: account.id,
      companyName: 'Ourco',
      url: 'https://ourco.example/',
      createdAt: '2026-11-19T10:00:00.000Z',
    });
    await storeResult(web.app, {
      accountId: account.id,
      companyName: 'Rival',
      url: 'https://rival.example/',
      levels: { pricing_packaging: 4, feedback_loop_quality: 3 },
      createdAt: '2026-11-20T11:30:00.000Z',
    });

    await page.goto('/app');
    await page.getByRole('link', { name: 'Compare results' }).click();
    await page.waitForURL(/\/compare$/);
    await page.getByRole('link', { name: 'Ourco' }).click();
    await page.waitForURL(new RegExp(`/compare\\?a=${ours.id}$`));
    await page.locator('#own-heading + .compare-pick').getByRole('link', { name: 'Rival' }).click();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Ourco against Rival' }));
    await expectVisible(page.getByText('Rival is 5 points ahead.'));

    await page.getByRole('link', { name: 'Ask the coach about this comparison' }).click();
    await page.waitForURL(/\/app\/coach\?result=.*&compare=/);
    await expectVisible(page.locator('[data-compared-with]').getByText('Rival'));
    await expectAccessible(page, 'the coach on a comparison');
    await page.getByRole('button', { name: 'How do we compare to Rival?' }).click();
    const answer = page.locator('.coach-turn-assistant').last();
    await expectVisible(answer.getByText('Ourco against Rival'), 15_000);
    await expectVisible(answer.getByText(/Rival is ahead by 5 points/));
    await saveScreenshot(page, 'coach-comparison');
    expectNoConsoleErrors();
  });
});

/**
 * Moves and the intelligence figures as people use them (issue 28, item 6).
 * A product with no tool connected and no Slack address is scored, then
 * rescored after its site lost the pricing page: a move is proposed for each
 * dimension that fell, each a rescore (what is left when nothing else is
 * connected). A member sees who may approve and no Approve button; the admin
 * puts the pricing page back, approves the pricing move, and sees it sent
 * with the link to its score; the member dismisses another with a reason.
 * Once the product is scored again the Intelligence page counts the loop as
 * closed. Desktop and phone, axe-clean in both colour schemes.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts } from '../../src/modules/billing/tables.ts';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';
import { productThatLostPricing, scoreProduct, serveChangingSite, type ChangingSite } from './losing-pricing.ts';

const admin = { sub: 'moves_admin', account: 'org_moves_pages', role: 'admin' as const, email: 'admin@moves-pages.test' };
const member = { sub: 'moves_member', account: 'org_moves_pages', role: 'member' as const, email: 'member@moves-pages.test' };
const PRICING_MOVE = /^Pricing & Packaging: from level \d to \d$/;

/** Reloads `url` until `ready` shows (background work: a score's proposals, a dispatch), at most 60 s. */
async function reloadUntil(page: Page, url: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.goto(url);
    if ((await ready()) || Date.now() > deadline) return;
    await page.waitForTimeout(500);
  }
}

describe('moves and the intelligence figures', () => {
  let web: WebApp;
  let site: ChangingSite;
  let productId = '';

  beforeAll(async () => {
    site = await serveChangingSite();
    web = await startWebApp({ backgroundWork: true, env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
  });
  afterAll(async () => {
    await web?.close();
    await site?.close();
  });

  it('proposes a move for each dimension that fell; a member sees who may approve, and no Approve button', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, admin);
    // A paid plan: the member takes a seat.
    const accountId = ((await (await page.request.get('/api/account')).json()) as { id: string }).id;
    await web.app.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
    productId = await productThatLostPricing(page, web.baseUrl, site);

    const { page: memberPage, expectNoConsoleErrors: memberConsoleClean } = await openPage(web.baseUrl);
    await signIn(memberPage, member);
    const cards = memberPage.locator('.loop-move');
    await reloadUntil(memberPage, '/app/moves', async () => (await cards.count()) >= 2);
    expect(await memberPage.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Moves' }).getAttribute('aria-current')).toBe('page');
    const pricing = cards.filter({ has: memberPage.getByRole('heading', { level: 3, name: PRICING_MOVE }) });
    await expectVisible(pricing.getByText('Relaymesh · Rescore', { exact: true }));
    await expectVisible(pricing.getByText(/because Pricing & Packaging fell a level\./));
    await pricing.getByText('The move in full').click();
    await expectVisible(pricing.getByRole('heading', { level: 4, name: 'First steps' }));
    expect(await memberPage.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await expectVisible(pricing.getByText(`Owners and admins approve moves: ${admin.email}.`));
    await expectAccessible(memberPage, '/app/moves as a member');
    await saveScreenshot(memberPage, 'app-moves-member');
    memberConsoleClean();
    expectNoConsoleErrors();
  }, 180_000);

  it('sends the pricing move once the admin approves it, with the link to its score; the member dismisses another with a reason', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, admin);
    await site.restorePricingPage();
    await page.goto('/app/moves');
    const toDecide = page.locator('.loop-move');
    const pricing = toDecide.filter({ has: page.getByRole('heading', { level: 3, name: PRICING_MOVE }) });
    await expectAccessible(page, '/app/moves as an admin, moves to decide');
    await saveScreenshot(page, 'app-moves');
    await Promise.all([page.waitForURL('**/app/moves?done=approved'), pricing.getByRole('button', { name: 'Approve' }).click()]);
    await expectVisible(page.getByRole('status').getByText(/^Approved: the move is being sent\./));

    // The dispatch is a job: the rescore runs, and the move is listed as sent with the link to the new score.
    const sent = page.locator('.move-log-item[data-state="dispatched"]');
    await reloadUntil(page, '/app/moves', async () => (await sent.count()) > 0);
    await expectVisible(sent.getByText(`approved by ${admin.email}`));
    const link = sent.getByRole('link', { name: /^See the new score/ });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${web.baseUrl}/r/[0-9a-f-]{36}$`));
    expect(
      await page
        .locator('.loop-move')
        .filter({ has: page.getByRole('heading', { level: 3, name: PRICING_MOVE }) })
        .count(),
    ).toBe(0);

    const { page: memberPage, expectNoConsoleErrors: memberConsoleClean } = await openPage(web.baseUrl);
    await signIn(memberPage, member);
    await memberPage.goto('/app/moves');
    const other = memberPage.locator('.loop-move').first();
    const title = (await other.getByRole('heading', { level: 3 }).innerText()).trim();
    await other
      .locator('summary')
      .filter({ hasText: /^Dismiss/ })
      .click();
    await other.getByLabel('Why dismiss it?').selectOption({ label: 'Wrong diagnosis' });
    await other.getByLabel('Note (optional)').fill('The page moved, the practice did not.');
    await Promise.all([memberPage.waitForURL('**/app/moves?done=dismissed'), other.getByRole('button', { name: 'Dismiss the move' }).click()]);
    await expectVisible(memberPage.getByRole('status').getByText(/^Dismissed:/));
    const dismissed = memberPage.locator('.move-log-item[data-state="dismissed"]').filter({ hasText: title });
    await expectVisible(dismissed.getByText(`by ${member.email}: Wrong diagnosis.`));
    await expectVisible(dismissed.getByText('Note: The page moved, the practice did not.'));
    await expectAccessible(memberPage, '/app/moves after a dismissal');
    await saveScreenshot(memberPage, 'app-moves-decided');
    memberConsoleClean();
    expectNoConsoleErrors();
  }, 180_000);

  it('counts the loop as closed once the product is scored again, for the account and for the product', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, admin);
    await scoreProduct(page, web.baseUrl, productId);
    await page.goto('/app/intelligence');
    const figure = (name: string) => page.locator(`[data-figure="${name}"] .loop-figure-value`);
    expect(await figure('closed').innerText()).toBe('1');
    expect(await figure('rate').innerText()).toBe('100%');
    expect(await figure('dismissed').innerText()).toBe('1');
    const byKind = page.getByRole('table', { name: 'Which kinds of move worked' });
    expect((await byKind.getByRole('row', { name: /^Rescores/ }).innerText()).replace(/\s+/g, ' ')).toBe('Rescores 1 1');
    await expectVisible(page.getByRole('table', { name: 'Why moves were dismissed' }).getByRole('row', { name: 'Wrong diagnosis 1' }));
    await expectAccessible(page, '/app/intelligence');
    await saveScreenshot(page, 'app-intelligence');

    await page.getByLabel('Product').selectOption({ label: 'Relaymesh' });
    await Promise.all([page.waitForURL(`**/app/intelligence?product=${productId}`), page.getByRole('button', { name: 'Show' }).click()]);
    await expectVisible(page.getByText(/Whether the moves worked for Relaymesh/));
    expect(await figure('closed').innerText()).toBe('1');
    expectNoConsoleErrors();
  }, 120_000);

  it('reads on a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signIn(page, admin);
    await page.goto('/app/moves');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Every move' }));
    expect(await fitsTheViewport(page)).toBe(true);
    await expectAccessible(page, '/app/moves on a phone');
    await saveScreenshot(page, 'app-moves-phone');
    await page.goto('/app/intelligence');
    await expectVisible(page.getByRole('table', { name: 'Which kinds of move worked' }));
    expect(await fitsTheViewport(page)).toBe(true);
    await expectAccessible(page, '/app/intelligence on a phone');
    await saveScreenshot(page, 'app-intelligence-phone');
    expectNoConsoleErrors();
  }, 60_000);
});

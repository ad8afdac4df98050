/**
 * The dashboard as a person uses it: signs in from /app and comes back to
 * it, meets the first-run path, scores a first site and watches it happen,
 * finds it in the product's history; the site changes, they rescore it and
 * see the trend and what moved, each dimension linked to the result page;
 * a bare address is scored with the crawl's live progress; a refusal is
 * said in the API's words. The company's site that changes between scores
 * is served here: burrowly-seed first, then tallyworks-growing at the same
 * address (as test/jobs/score-mail.test.ts does).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { DAY } from '../onboarding-client.ts';
import { expectAccessible, expectVisible, openPage, recordProgress, saveScreenshot, startWebApp, type WebApp } from './browser-harness.ts';

const SCORE_TIMEOUT_MS = 60_000;
const PRODUCT_PATH = /\/app\/products\/([0-9a-f-]{36})$/;
const RESULT_PATH = /\/r\/([0-9a-f-]{36})$/;

describe('the dashboard', () => {
  let web: WebApp;
  let growingSite: ServedSite;
  let productId = '';

  beforeAll(async () => {
    growingSite = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
    web = await startWebApp({ env: { CRAWL_ALLOWLIST: new URL(growingSite.origin).host } });
  });
  afterAll(async () => {
    await web.close();
    await growingSite.close();
  });

  it('signs in from /app, offers the first-run path, and scores a first site with its progress into its history', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const progress = await recordProgress(page);
    await page.goto('/app');
    await page.waitForURL(/\/sign-in\?next=%2Fapp$/);
    await page.locator('[name="sub"]').fill('dashboard_person');
    await Promise.all([page.waitForURL(/\/app$/), page.getByRole('button', { name: 'Sign in' }).click()]);

    await expectVisible(page.getByRole('heading', { level: 2, name: 'Score your first site' }));
    await expectVisible(page.getByRole('heading', { name: 'What happens next' }));
    await expectVisible(page.getByRole('meter', { name: 'Credits' }));
    expect(await page.getByRole('meter').count()).toBe(4);
    await expectAccessible(page, '/app (first run)');
    await saveScreenshot(page, 'app-dashboard-empty');

    await page.getByLabel('Company web address').fill(`${growingSite.origin}/`);
    await page.getByLabel('Name (optional)').fill('Burrowly');
    await page.getByRole('button', { name: 'Score my site' }).click();
    await page.waitForURL(PRODUCT_PATH, { timeout: SCORE_TIMEOUT_MS });
    productId = PRODUCT_PATH.exec(page.url())![1]!;
    // The page said what the crawl was doing as it happened, then that it was done.
    expect(progress[0], progress.join(' | ')).toMatch(/^Starting|^Found \d+ page/);
    expect(
      progress.some((text) => /^Found \d+ pages?, fetched \d+, analysed \d+\.$/.test(text)),
      progress.join(' | '),
    ).toBe(true);
    expect(progress.at(-1)).toBe('Done. Opening the new score…');

    await expectVisible(page.getByRole('heading', { level: 1, name: 'Burrowly' }));
    expect(await page.locator('.history-table tbody tr').count()).toBe(1);
    await expectVisible(page.getByText("This is the product's first score"));
    expectNoConsoleErrors();
  });

  it('rescores the product after its site changed: the trend has two points and the change list says what moved', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const progress = await recordProgress(page);
    await signInAs(page);
    // The company's site grows: another site at the same address.
    const port = Number(new URL(growingSite.origin).port);
    await growingSite.close();
    growingSite = await serveSite(path.join(SITES_DIR, 'tallyworks-growing'), { port });

    await page.goto(`/app/products/${productId}`);
    await page.getByRole('button', { name: 'Rescore Burrowly' }).click();
    await page.locator('.history-table tbody tr').nth(1).waitFor({ timeout: SCORE_TIMEOUT_MS });
    // Recorded as it happened: a loaded machine may finish the crawl before a look at the page would catch it.
    expect(
      progress.some((text) => /^Starting|^Found \d+ page/.test(text)),
      progress.join(' | '),
    ).toBe(true);
    expect(progress.at(-1)).toBe('Done. Opening the new score…');

    await expectVisible(page.getByRole('img', { name: /Total score over time/ }));
    await expectVisible(page.getByRole('img', { name: /Average level of each product function over time/ }));
    expect(await page.locator('.series-total circle').count()).toBe(2);
    const scores = (await (await page.request.get(`/api/products/${productId}/scores`)).json()) as { scores: { id: string }[] };
    const latestId = scores.scores[0]!.id;
    const change = (await (await page.request.get(`/api/scores/${latestId}/change`)).json()) as {
      totalDelta: number;
      moved: { dimensionId: string; dimensionName: string; from: number; to: number }[];
    };
    expect(change.moved.length).toBeGreaterThan(0);
    const changeSection = page.locator('#change');
    await expectVisible(changeSection.getByRole('heading', { name: 'What changed in the latest score' }));
    expect(await changeSection.locator('.change-total').innerText()).toContain(`Up ${change.totalDelta}`);
    const moves = await changeSection.locator('li.move').allInnerTexts();
    expect(moves.map((text) => text.replace(/\s+/g, ' '))).toEqual(
      change.moved.map((m) => `${m.dimensionName} level ${m.from} → ${m.to} ${m.to > m.from ? 'up' : 'down'} ${Math.abs(m.to - m.from)}`),
    );
    // The table behind the chart opens with both scores.
    await page.getByText('The trend as a table').click();
    expect(await page.locator('.trend-numbers tbody tr').count()).toBe(2);
    await expectAccessible(page, '/app/products/<id>');
    await saveScreenshot(page, 'app-product-history');

    // A moved dimension's link opens it on the result page.
    const top = change.moved[0]!;
    await changeSection.getByRole('link', { name: top.dimensionName }).click();
    await page.waitForURL(new RegExp(`/r/${latestId}#dimension-${top.dimensionId}$`));
    await expectVisible(page.locator(`#dimension-${top.dimensionId}`));
    expectNoConsoleErrors();
  });

  it("fits the product's page to a phone in the dark scheme", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signInAs(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/app/products/${productId}`);
    await expectVisible(page.getByRole('img', { name: /Total score over time/ }));
    // Nothing is wider than the screen, the signed-in header included (wide tables scroll inside their own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'app-product-history-phone-dark');
    expectNoConsoleErrors();
  });

  it('lists the product on the dashboard, scores a bare address with the live crawl, and shows a refusal in the API words', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const progress = await recordProgress(page);
    await signInAs(page);
    await page.goto('/app');
    const card = page.locator('.product-card').filter({ hasText: 'Burrowly' });
    await expectVisible(card.getByRole('link', { name: 'Burrowly', exact: true }));
    await expectVisible(card.getByText(/Up \d+ since/));
    await expectAccessible(page, '/app');
    await saveScreenshot(page, 'app-dashboard');

    // The Free plan's one product is in use: a new address is scored once, and its result opens.
    await expectVisible(page.getByText("Your plan's one product is in use"));
    await page.getByLabel('Company web address').fill(web.fixtureSiteUrl('lumenfield-platform'));
    await page.getByRole('button', { name: 'Score it' }).click();
    await page.waitForURL(RESULT_PATH, { timeout: SCORE_TIMEOUT_MS });
    expect(
      progress.some((text) => /^Found \d+ pages?, fetched \d+, analysed \d+\.$/.test(text)),
      progress.join(' | '),
    ).toBe(true);

    // That was the Free plan's third score: a rescore is refused, in the API's words, with its advice.
    const refusal = await (await page.request.post('/api/score/product', { data: { productId }, headers: { origin: web.baseUrl } })).json();
    expect(refusal.error.code).toMatch(/CREDIT_EXHAUSTED|PLAN_LIMIT_REACHED/);
    await page.goto('/app');
    await expectVisible(page.getByRole('link', { name: 'lumenfield', exact: false }).first());
    await page.getByRole('button', { name: 'Rescore Burrowly' }).click();
    const alert = page.getByRole('alert');
    await expectVisible(alert.getByRole('heading'));
    expect(await alert.innerText()).toContain(refusal.error.message);
    expect(await alert.innerText()).toContain(refusal.error.action);
    await expectAccessible(page, '/app with a refusal');
    await saveScreenshot(page, 'app-dashboard-refusal');
    // The browser logs the 402 itself; nothing else may go wrong.
    expectNoConsoleErrors({ ignore: [/status of 402/] });
  });
});

describe('the dashboard of a read-only account', () => {
  let web: WebApp;
  const clock = new ManualClock(new Date());
  beforeAll(async () => {
    web = await startWebApp({ clock });
  });
  afterAll(() => web.close());

  it("shows the refusal of a score with the API's advice on what lifts it", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signInAs(page, 'dashboard_read_only');
    await page.goto('/app');
    // Day 15 of the trial with onboarding incomplete: the account is read-only (a new session, the old one has expired).
    clock.advance(15 * DAY);
    await signInAs(page, 'dashboard_read_only');
    await page.goto('/app');
    await expectVisible(page.getByRole('heading', { name: 'This account is read-only' }));
    await page.getByLabel('Company web address').fill(web.fixtureSiteUrl('burrowly-seed'));
    await page.getByRole('button', { name: 'Score my site' }).click();
    const alert = page.getByRole('alert');
    await expectVisible(alert.getByRole('heading', { name: 'This account is read-only' }));
    const products = (await (await page.request.get('/api/products')).json()) as { products: { id: string }[] };
    const refusal = await (
      await page.request.post('/api/score/product', { data: { productId: products.products[0]!.id }, headers: { origin: web.baseUrl } })
    ).json();
    expect(refusal.code).toBe('ACCOUNT_READ_ONLY');
    const said = await alert.innerText();
    expect(said).toContain(refusal.message);
    expect(said).toContain(refusal.details.action);
    await expectVisible(alert.getByRole('link', { name: 'Open the onboarding checklist' }));
    await expectAccessible(page, '/app, read-only, with the refusal');
    await saveScreenshot(page, 'app-dashboard-read-only');
    expectNoConsoleErrors({ ignore: [/status of 403/] });
  });
});

/** Signs in to a personal account (the person of these tests unless named). */
async function signInAs(page: Page, sub = 'dashboard_person'): Promise<void> {
  await page.goto('/sign-in');
  await page.locator('[name="sub"]').fill(sub);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/sign-in'), page.getByRole('button', { name: 'Sign in' }).click()]);
}

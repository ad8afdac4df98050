/**
 * The Changes page as a person uses it (issue 28, item 6): a product rescored
 * after its site lost the pricing page has changes to look at; from the
 * product page the person goes to the Changes page, acknowledges one,
 * resolves another, and finds each under its state's filter. On a phone the
 * page fits the screen. Axe-clean in both colour schemes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';
import { productThatLostPricing, serveChangingSite, type ChangingSite } from './losing-pricing.ts';

const person = { sub: 'changes_person' };

describe('the Changes page', () => {
  let web: WebApp;
  let site: ChangingSite;

  beforeAll(async () => {
    site = await serveChangingSite();
    web = await startWebApp({ backgroundWork: true, env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
  });
  afterAll(async () => {
    await web?.close();
    await site?.close();
  });

  it('acknowledges one change and resolves another, each then under its filter', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, person);
    const productId = await productThatLostPricing(page, web.baseUrl, site);

    // Detection runs as a job after the score: the product page shows the changes once it has run.
    const changes = page.locator('[data-anomalies]');
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`/app/products/${productId}`);
      if ((await changes.count()) > 0 || Date.now() > deadline) break;
      await page.waitForTimeout(300);
    }
    await Promise.all([page.waitForURL('**/app/anomalies'), changes.getByRole('link', { name: /on the Changes page/ }).click()]);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Changes' }));
    expect(await page.getByRole('navigation', { name: 'App' }).getByRole('link', { name: 'Changes' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'To look at' }).getAttribute('aria-current')).toBe('page');

    const gone = page.locator('[data-anomaly="evidence_page_gone"]').filter({ hasText: '/pricing' });
    const fell = page.locator('[data-anomaly="dimension_down"]').filter({ hasText: /Pricing & Packaging fell/ });
    await expectVisible(gone.getByText('Open'));
    await expectVisible(gone.getByRole('link', { name: 'Relaymesh' }));
    await expectVisible(gone.getByText(`Before: ${site.origin}/pricing`));
    await expectAccessible(page, '/app/anomalies with open changes');
    await saveScreenshot(page, 'app-changes');

    await Promise.all([page.waitForURL('**/app/anomalies?done=acknowledged'), gone.getByRole('button', { name: 'Acknowledge' }).click()]);
    await expectVisible(page.getByRole('status').getByText(/^Acknowledged: the change stays under "To look at"/));
    await expectVisible(gone.getByText('Acknowledged', { exact: true }));
    expect(await gone.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);

    await Promise.all([page.waitForURL('**/app/anomalies?done=resolved'), fell.getByRole('button', { name: 'Resolve' }).click()]);
    await expectVisible(page.getByRole('status').getByText(/^Resolved: the change is listed under "Resolved" now\./));
    expect(await fell.count()).toBe(0);
    await expectAccessible(page, '/app/anomalies after resolving one');
    await saveScreenshot(page, 'app-changes-resolved-one');

    await Promise.all([page.waitForURL('**/app/anomalies?state=resolved'), page.getByRole('link', { name: 'Resolved', exact: true }).click()]);
    await expectVisible(fell.getByText('Resolved', { exact: true }));
    expect(await gone.count()).toBe(0);
    await Promise.all([page.waitForURL('**/app/anomalies?state=acknowledged'), page.getByRole('link', { name: 'Acknowledged', exact: true }).click()]);
    await expectVisible(gone.getByText(`Before: ${site.origin}/pricing`));
    expect(await fell.count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Acknowledged', exact: true }).getAttribute('aria-current')).toBe('page');
    expectNoConsoleErrors();
  }, 150_000);

  it('reads on a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signIn(page, person);
    await page.goto('/app/anomalies');
    await expectVisible(page.locator('[data-anomaly="evidence_page_gone"]').getByRole('button', { name: 'Resolve' }));
    expect(await fitsTheViewport(page)).toBe(true);
    await expectAccessible(page, '/app/anomalies on a phone');
    await saveScreenshot(page, 'app-changes-phone');
    expectNoConsoleErrors();
  }, 60_000);
});

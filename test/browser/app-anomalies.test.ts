/**
 * Anomalies as a person sees them (issue 28, item 3): a product scored, then
 * rescored after its site lost the pricing page, shows "Changes to look at"
 * on its page: what fell, with what the score before showed and what the
 * latest shows. Desktop and phone, axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';
import { productThatLostPricing, serveChangingSite, type ChangingSite } from './losing-pricing.ts';

const person = { sub: 'anomalies_person' };

describe("the product page's changes to look at", () => {
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

  it('lists what fell when the pricing page went, with its evidence before and now', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, person);
    productId = await productThatLostPricing(page, web.baseUrl, site);

    // Detection runs as a job after the score: the page shows it once it has run.
    const changes = page.locator('[data-anomalies]');
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto(`/app/products/${productId}`);
      if ((await changes.count()) > 0 || Date.now() > deadline) break;
      await page.waitForTimeout(300);
    }
    await expectVisible(changes.getByRole('heading', { level: 2, name: 'Changes to look at' }));
    await expectVisible(changes.getByText(/\/pricing carried evidence for .*Pricing & Packaging/));
    await expectVisible(changes.getByText(`Before: ${site.origin}/pricing`));
    await expectVisible(changes.locator('[data-anomaly="dimension_down"]').getByText(/Pricing & Packaging fell from level \d to \d\./));
    await expectAccessible(page, '/app/products/<id> with changes to look at');
    await saveScreenshot(page, 'app-anomalies-product');
    expectNoConsoleErrors();
  }, 120_000);

  it('reads on a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signIn(page, person);
    await page.goto(`/app/products/${productId}`);
    await expectVisible(page.locator('[data-anomalies]').getByRole('heading', { name: 'Changes to look at' }));
    expect(await fitsTheViewport(page)).toBe(true);
    await expectAccessible(page, '/app/products/<id> with changes to look at, on a phone');
    await saveScreenshot(page, 'app-anomalies-product-phone');
    expectNoConsoleErrors();
  }, 60_000);
});

/**
 * The frame around every page and the loose ends a first visit meets: the
 * header on one row at a laptop's 1366 pixels and inside a phone's width; the
 * API reference at /docs in the product's own pages (a way back, readable on a
 * phone, clean in axe and the console); every shipped example under /demo;
 * and the address box taking an address typed without https://.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, fitsTheViewport, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const LAPTOP = { width: 1366, height: 768 };

/** The vertical centres of the header's brand, navigation and account bar. */
async function headerRows(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    ['.site-header .brand', '.site-header nav', '.site-header .account'].map((selector) => {
      const box = document.querySelector(selector)!.getBoundingClientRect();
      return Math.round(box.top + box.height / 2);
    }),
  );
}

describe('the site frame and the loose ends', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp({
      // "acme.test" is typed without a scheme: it resolves nowhere, at once, with no DNS query leaving the machine.
      crawlLookup: async (hostname) => {
        if (hostname === '127.0.0.1') return [{ address: '127.0.0.1', family: 4 }];
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      },
    });
  });
  afterAll(() => web.close());

  it('keeps the signed-in header on one row at 1366 pixels, and inside the width of a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.setViewportSize(LAPTOP);
    await signIn(page, { sub: 'frame_owner', account: 'org_frame_company_with_a_long_id', role: 'owner' });
    for (const path of ['/app', '/app/settings', '/pricing', '/docs']) {
      await page.goto(path);
      const [brand, nav, account] = await headerRows(page);
      expect(Math.abs(brand! - nav!), `${path}: brand and navigation on one row`).toBeLessThanOrEqual(4);
      expect(Math.abs(brand! - account!), `${path}: brand and account on one row`).toBeLessThanOrEqual(4);
    }
    await page.goto('/app');
    // One spelling throughout: the account's default name says Organisation.
    await expectVisible(page.locator('.site-header').getByText('Organisation org_frame_company_with_a_long_id'));
    await page.screenshot({ path: 'test-results/header-1366.png' });
    expectNoConsoleErrors();

    const phone = await openPage(web.baseUrl, { phone: true });
    await signIn(phone.page, { sub: 'frame_owner', account: 'org_frame_company_with_a_long_id', role: 'owner' });
    for (const path of ['/app', '/app/settings/billing', '/docs', '/demo']) {
      await phone.page.goto(path);
      expect(await fitsTheViewport(phone.page), `${path} fits a phone's width`).toBe(true);
    }
    await phone.page.goto('/app');
    await saveScreenshot(phone.page, 'header-phone');
    phone.expectNoConsoleErrors();
  });

  it('shows the API reference in the product, with a way back, on a desktop and a phone', async () => {
    for (const phone of [false, true]) {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      const response = await page.goto('/docs');
      expect(response?.status()).toBe(200);
      await expectVisible(page.getByRole('heading', { level: 1, name: 'API reference' }));
      // Every resource and its operations, drawn from the OpenAPI document, which is linked.
      await expectVisible(page.getByRole('heading', { name: 'Scoring', level: 3 }));
      await expectVisible(page.getByRole('link', { name: '/api/openapi.json' }));
      expect(await fitsTheViewport(page), 'the index fits the width').toBe(true);
      await expectAccessible(page, phone ? '/docs on a phone' : '/docs');
      await saveScreenshot(page, phone ? 'docs-phone' : 'docs-desktop');

      // A resource's page: each operation in full, its bodies' fields on request.
      await page.getByRole('link', { name: 'POST /api/score' }).first().click();
      await page.waitForURL(/\/docs\/scoring#post-api-score$/);
      await expectVisible(page.locator('#post-api-score').getByText('Crawl a site and score its product maturity on 27 dimensions'));
      const body = page.locator('#post-api-score details.api-body').first();
      await body.locator('summary').click();
      await expectVisible(body.getByText('totalScore'));
      expect(await fitsTheViewport(page), 'a resource page fits the width').toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The largest resource page; its colours and structure are the same at both widths, so axe reads it once.
      if (!phone) await expectAccessible(page, '/docs/scoring');
      await saveScreenshot(page, phone ? 'docs-scoring-phone' : 'docs-scoring-desktop');

      // The way back: the reference, then the product.
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'API reference' }).click();
      await page.waitForURL(/\/docs$/);
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Maturity Scoring' }).click();
      await page.waitForURL(`${web.baseUrl}/`);
      expectNoConsoleErrors();
    }
  }, 120_000);

  it('lists every shipped example under /demo, with the tiers they sit in', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/demo');
    for (const name of ['Burrowly', 'Tallyworks', 'Relaymesh', 'Lumenfield']) await expectVisible(page.getByRole('link', { name, exact: true }).first());
    expect(await page.locator('.demo-item').count()).toBe(4);
    await expectVisible(page.getByRole('table').getByText('No example at this tier yet').first());
    await expectAccessible(page, '/demo');
    await saveScreenshot(page, 'demo-index');
    await page.locator('.demo-item').getByRole('link', { name: 'Relaymesh' }).click();
    await page.waitForURL(/\/demo\/relaymesh$/);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Relaymesh' }));
    expectNoConsoleErrors();
  });

  it('takes an address typed without https:// on the home page, and reads it as https', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await page.goto('/');
    await page.getByLabel('Company web address').fill('acme.test');
    await page.getByRole('button', { name: 'Score it' }).click();
    // The browser let it through; the server read https://acme.test/ and could not resolve it.
    await expectVisible(page.getByRole('alert').getByText('acme.test'), 15_000);
    expect(await page.getByLabel('Company web address').evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
    await saveScreenshot(page, 'home-address-without-scheme');
    expectNoConsoleErrors({ ignore: [/status of 4\d\d/] });
  });
});

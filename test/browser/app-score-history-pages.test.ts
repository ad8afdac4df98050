/**
 * A product with more scores than one page of its table (issue 29): the
 * product page lists the newest page, "Older scores" leads to the rest, which
 * lists the older ones, and "Newest scores" leads back; on a desktop and a
 * phone, axe-clean. The scores are stored as a score stores them (no crawl:
 * thirty crawls would test the crawler, not the pages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_PAGE_SIZE } from '../../src/web/app/dashboard/product-history.ts';
import { storeResult } from '../stored-results.ts';
import { expectAccessible, expectVisible, fitsTheViewport, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const person = { sub: 'history_pages_person' };
const SCORES = HISTORY_PAGE_SIZE + 5;

describe('the score history a page at a time', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(async () => {
    await web?.close();
  });

  it('lists the newest page, and "Older scores" lists the older ones, on a desktop and a phone', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, person);
    const origin = { origin: web.baseUrl };
    const accountId = ((await (await page.request.get('/api/account')).json()) as { id: string }).id;
    const created = await page.request.post('/api/products', { data: { name: 'Burrowly', url: web.fixtureSiteUrl('burrowly-seed') }, headers: origin });
    expect(created.status()).toBe(201);
    const productId = ((await created.json()) as { id: string }).id;
    // One a day through November 2026: the oldest is the 1st.
    for (let day = 1; day <= SCORES; day += 1) {
      await storeResult(web.app, { accountId, productId, companyName: 'Burrowly', createdAt: `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z` });
    }

    await page.goto(`/app/products/${productId}`);
    const rows = page.locator('.history-table tbody tr');
    await expectVisible(rows.first());
    expect(await rows.count()).toBe(HISTORY_PAGE_SIZE);
    expect(await rows.first().locator('th').innerText()).toContain('30 Nov 2026');
    await page.getByRole('link', { name: 'Older scores' }).click();
    await page.waitForURL(/\?cursor=/);
    expect(await rows.count()).toBe(SCORES - HISTORY_PAGE_SIZE);
    const older = await rows.locator('th').allInnerTexts();
    expect(older.map((text) => text.replace(/,.*$/, ''))).toEqual(['5 Nov 2026', '4 Nov 2026', '3 Nov 2026', '2 Nov 2026', '1 Nov 2026']);
    await expectVisible(page.getByRole('link', { name: 'Newest scores' }));
    expect(await page.getByRole('link', { name: 'Older scores' }).count()).toBe(0);
    await expectAccessible(page, '/app/products/<id>?cursor=<older page>');
    await saveScreenshot(page, 'app-product-history-older');
    expectNoConsoleErrors();

    const phone = await openPage(web.baseUrl, { phone: true });
    await signIn(phone.page, person);
    await phone.page.goto(`/app/products/${productId}`);
    await phone.page.getByRole('link', { name: 'Older scores' }).click();
    await phone.page.waitForURL(/\?cursor=/);
    expect(await phone.page.locator('.history-table tbody tr').count()).toBe(SCORES - HISTORY_PAGE_SIZE);
    expect(await fitsTheViewport(phone.page)).toBe(true);
    await expectAccessible(phone.page, '/app/products/<id>?cursor=<older page> on a phone');
    await saveScreenshot(phone.page, 'app-product-history-older-phone');
    phone.expectNoConsoleErrors();
  }, 120_000);
});

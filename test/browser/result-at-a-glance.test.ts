/**
 * A result read at a glance (issue 23, part 2): all 27 levels by function on
 * one screen at the top of every result page (public, a member's, an
 * example), readable on a phone and without colour; every dimension's detail
 * below, collapsed, opened by a link to it; the link copied in one click,
 * with who can see it; and the PDF report.
 */
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringResults } from '../../src/modules/scoring/tables.ts';
import { fixtureResult } from '../fixtures/coach-result.ts';
import { pdfText } from '../pdf-text.ts';
import { expectAccessible, fitsTheViewport, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

/** The heatmap's box and its cells' texts. */
async function heatmap(page: Page): Promise<{ height: number; top: number; cells: string[] }> {
  return page.evaluate(() => {
    const map = document.querySelector('.heatmap')!.getBoundingClientRect();
    const cells = Array.from(document.querySelectorAll('.heat-cell')).map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim());
    return { height: map.height, top: map.top + window.scrollY, cells };
  });
}

async function openDetails(page: Page): Promise<string[]> {
  return page.locator('details[data-dimension-detail][open]').evaluateAll((details) => details.map((detail) => detail.closest('li')!.id));
}

describe('a result at a glance', () => {
  let web: WebApp;
  let resultId: string;
  beforeAll(async () => {
    web = await startWebApp();
    resultId = crypto.randomUUID();
    const result = { ...fixtureResult(), id: resultId, url: 'https://acme.example/', companyName: 'Acme Analytics' };
    await web.app.database.db
      .insert(scoringResults)
      .values({ id: resultId, accountId: null, url: result.url, result, depth: 'full', createdAt: new Date(result.createdAt) });
  });
  afterAll(() => web.close());

  for (const phone of [false, true]) {
    it(`shows all 27 levels by function on one screen, each dimension collapsed below and opened by its link (${phone ? 'phone' : 'desktop'})`, async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
      await page.goto('/demo/relaymesh');
      await expectVisible(page.getByRole('heading', { name: 'At a glance' }));
      const map = await heatmap(page);
      expect(map.cells).toHaveLength(27);
      // Without colour: every cell says its level in a number, before its name.
      for (const cell of map.cells) expect(cell, cell).toMatch(/^[1-4][A-Z].*: level [1-4] of 4, /);
      const viewport = page.viewportSize()!;
      expect(map.height, `the 27 cells fit in one screen (${map.height} px)`).toBeLessThanOrEqual(viewport.height);
      // Readable on a phone: no cell's name is set smaller than 12 px.
      const smallest = await page.locator('.heat-name').evaluateAll((names) => Math.min(...names.map((name) => parseFloat(getComputedStyle(name).fontSize))));
      expect(smallest).toBeGreaterThanOrEqual(12);
      const barLabel = await page
        .locator('.function-bar-label')
        .first()
        .evaluate((label) => parseFloat(getComputedStyle(label).fontSize));
      expect(barLabel).toBeGreaterThanOrEqual(12);
      expect(await fitsTheViewport(page)).toBe(true);

      // Collapsed by default; a cell opens its dimension and the address names it.
      expect(await openDetails(page)).toEqual([]);
      await page.locator('.heat-cell', { hasText: 'Pricing & Packaging' }).click();
      await page.waitForURL(/#dimension-pricing_packaging$/);
      expect(await openDetails(page)).toEqual(['dimension-pricing_packaging']);
      await expectVisible(page.locator('#dimension-pricing_packaging').getByText(/^Next step|^To keep it at the top/));
      await expectAccessible(page, `an example result${phone ? ' on a phone' : ''}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, phone ? 'result-glance-phone' : 'result-glance-desktop');
      // Open all, close all.
      await page.getByRole('button', { name: 'Open all' }).click();
      expect(await openDetails(page)).toHaveLength(27);
      await page.getByRole('button', { name: 'Close all' }).click();
      expect(await openDetails(page)).toEqual([]);
      expectNoConsoleErrors();
    });
  }

  it('opens the dimension an address links to', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto(`/r/${resultId}#dimension-feedback_loop_quality`);
    expect(await openDetails(page)).toEqual(['dimension-feedback_loop_quality']);
    await expectVisible(page.locator('#dimension-feedback_loop_quality').getByText('Email feedback@acme.example with suggestions'));
    expectNoConsoleErrors();
  });

  it('copies the link, says anyone with it can see the result, and gives the PDF report', async () => {
    const { page, context, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web.baseUrl });
    await page.goto(`/r/${resultId}`);
    const share = page.locator('.share-bar');
    await expectVisible(share.getByText('Anyone with this link can see this result, without signing in'));
    await share.getByRole('button', { name: 'Copy link' }).click();
    await expectVisible(share.getByRole('status').getByText('Link copied.'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${web.baseUrl}/r/${resultId}`);

    const pdfLink = share.getByRole('link', { name: 'Download the PDF report' });
    expect(await pdfLink.getAttribute('download')).toBe('acme-analytics-maturity-report.pdf');
    const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Acme Analytics');
    expect(text.replace(/\s+/g, ' ')).toContain('Feedback Loop Quality Level 1 · Foundation');
    await expectAccessible(page, 'a shared result');
    await saveScreenshot(page, 'result-share');
    expectNoConsoleErrors();
  });

  it("shows the same overview on a member's copy of the result, with their feedback controls inside each dimension", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await signIn(page, { sub: 'glance_member' });
    await page.goto(`/r/${resultId}`);
    expect((await heatmap(page)).cells).toHaveLength(27);
    await page.locator('.heat-cell', { hasText: 'Market Intelligence' }).click();
    await expectVisible(page.locator('#dimension-market_intelligence').getByText('Is this level right?'));
    await expectAccessible(page, "a member's result on a phone");
    await saveScreenshot(page, 'result-member-phone');
    expectNoConsoleErrors();
  });
});

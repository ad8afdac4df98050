/**
 * The loop's browser tests share one story: a product whose site loses its
 * pricing page between two scores. Here: a copy of the example site
 * relaymesh-scaleup in a temporary folder, served on 127.0.0.1, whose
 * pricing page can be taken away and put back; and the product, created and
 * scored before and after the page goes, through the API (the pages are what
 * the tests look at).
 */
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { serveSite, SITES_DIR } from '../fixtures/static-site.ts';

const PRICING = 'pricing.html';
const PRICING_GONE = 'pricing.html.gone';

export interface ChangingSite {
  origin: string;
  losePricingPage(): Promise<void>;
  restorePricingPage(): Promise<void>;
  close(): Promise<void>;
}

export async function serveChangingSite(): Promise<ChangingSite> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'changing-site-'));
  await cp(path.join(SITES_DIR, 'relaymesh-scaleup'), dir, { recursive: true });
  const served = await serveSite(dir);
  return {
    origin: served.origin,
    losePricingPage: () => rename(path.join(dir, PRICING), path.join(dir, PRICING_GONE)),
    restorePricingPage: () => rename(path.join(dir, PRICING_GONE), path.join(dir, PRICING)),
    async close() {
      await served.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Scores the product through the signed-in page's session, as the app's own pages call the API. */
export async function scoreProduct(page: Page, baseUrl: string, productId: string): Promise<void> {
  const scored = await page.request.post('/api/score/product', { data: { productId }, headers: { origin: baseUrl }, timeout: 60_000 });
  expect(scored.status()).toBe(200);
}

/** The product "Relaymesh" on the site, scored once, then again after its pricing page went; its id. */
export async function productThatLostPricing(page: Page, baseUrl: string, site: ChangingSite): Promise<string> {
  const created = await page.request.post('/api/products', { data: { name: 'Relaymesh', url: `${site.origin}/` }, headers: { origin: baseUrl } });
  expect(created.status()).toBe(201);
  const productId = ((await created.json()) as { id: string }).id;
  await scoreProduct(page, baseUrl, productId);
  await site.losePricingPage();
  await scoreProduct(page, baseUrl, productId);
  return productId;
}

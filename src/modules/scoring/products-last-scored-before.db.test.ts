/**
 * ScoringService.productsLastScoredBefore (score decay reminders) and
 * accountsScoredBetween (weekly digest): what each lists, by the latest
 * result per product or any result in a window, a page at a time.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { scoringResults } from './tables.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = new ManualClock('2026-05-01T00:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A new account, with one product when `withProduct` (a trial account may hold one). */
async function accountWithProduct(sub: string, withProduct = true) {
  const headers = await t.authHeaders({ sub });
  const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id as string;
  if (!withProduct) return { accountId, productId: null };
  const response = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: sub, url: 'https://example.com/' } });
  expect(response.statusCode).toBe(201);
  return { accountId, productId: response.json().id as string };
}

async function scoreAt(accountId: string, productId: string | null, createdAt: Date, totalScore = 60): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db.insert(scoringResults).values({
    id,
    accountId,
    productId,
    url: 'https://example.com/',
    result: { companyName: 'Example', totalScore, stageName: 'Structured' } as never,
    createdAt,
  });
  return id;
}

describe('ScoringService.productsLastScoredBefore', () => {
  it('lists each product whose latest score turned older than the cut-off since `since`, with that score, paged without repeats or gaps', async () => {
    const products = [];
    for (const name of ['stale', 'refreshed', 'fresh', 'stale2', 'ancient']) products.push(await accountWithProduct(`decay_${name}`));
    const [stale, refreshed, fresh, stale2, ancient] = products.map((product) => product.productId!) as [string, string, string, string, string];
    const accountOf = new Map(products.map((product) => [product.productId!, product.accountId]));
    const accountId = accountOf.get(stale)!;
    const now = clock.now().getTime();
    const cutoff = new Date(now - 90 * DAY);
    const since = new Date(now - 150 * DAY);
    await scoreAt(accountOf.get(stale)!, stale, new Date(now - 200 * DAY), 40);
    const staleLatest = await scoreAt(accountOf.get(stale)!, stale, new Date(now - 100 * DAY), 55);
    await scoreAt(accountOf.get(refreshed)!, refreshed, new Date(now - 120 * DAY));
    await scoreAt(accountOf.get(refreshed)!, refreshed, new Date(now - 10 * DAY));
    await scoreAt(accountOf.get(fresh)!, fresh, new Date(now - DAY));
    const stale2Latest = await scoreAt(accountOf.get(stale2)!, stale2, new Date(now - 95 * DAY));
    await scoreAt(accountId, null, new Date(now - 300 * DAY)); // not a product's score
    // Stale before the window: its reminder was due long ago, and the sweep no longer reads it.
    await scoreAt(accountOf.get(ancient)!, ancient, new Date(now - 200 * DAY));

    const listed: Awaited<ReturnType<typeof t.services.scoring.productsLastScoredBefore>> = [];
    let afterProductId: string | undefined;
    for (;;) {
      const page = await t.services.scoring.productsLastScoredBefore(cutoff, { since, afterProductId, limit: 1 });
      listed.push(...page);
      if (page.length < 1) break;
      afterProductId = page.at(-1)!.productId;
    }
    const mine = listed.filter((row) => accountOf.has(row.productId));
    for (const row of mine) expect(row.accountId).toBe(accountOf.get(row.productId));
    expect(mine.map((row) => row.productId).sort()).toEqual([stale, stale2].sort());
    const staleRow = mine.find((row) => row.productId === stale)!;
    expect(staleRow).toMatchObject({ resultId: staleLatest, totalScore: 55, stageName: 'Structured', companyName: 'Example' });
    expect(staleRow.scoredAt.toISOString()).toBe(new Date(now - 100 * DAY).toISOString());
    expect(mine.find((row) => row.productId === stale2)!.resultId).toBe(stale2Latest);
  });
});

describe('ScoringService.accountsScoredBetween', () => {
  it('lists the accounts with a result in [from, to), once each', async () => {
    const inside = await accountWithProduct('digest_inside', false);
    const outside = await accountWithProduct('digest_outside', false);
    const from = new Date('2026-04-20T00:00:00.000Z');
    const to = new Date('2026-04-27T00:00:00.000Z');
    await scoreAt(inside.accountId, null, from);
    await scoreAt(inside.accountId, null, new Date(to.getTime() - 1));
    await scoreAt(outside.accountId, null, to);
    await scoreAt(outside.accountId, null, new Date(from.getTime() - 1));
    const listed = await t.services.scoring.accountsScoredBetween(from, to, { limit: 100 });
    expect(listed).toContain(inside.accountId);
    expect(listed).not.toContain(outside.accountId);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

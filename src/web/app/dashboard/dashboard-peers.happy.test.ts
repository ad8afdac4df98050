/**
 * The peer comparison on the dashboard (issue 15, part 2): a product whose
 * latest score was placed in a segment says, on its card and its page, how
 * it compares once 5 paid accounts other than its own made the segment's
 * scores (before, that it will); its rescore keeps the segment; the score
 * form offers the segments.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import { SEGMENTS } from '../../../framework/segments.ts';
import { scoringResults } from '../../../modules/scoring/tables.ts';
import { caller } from '../../../../test/onboarding-client.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-08-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const SEGMENT = 'marketplace';
const owner = { sub: 'dp_owner' };

/** Levels that add up to `total`: floor(total / 27) each, the first (total mod 27) dimensions one higher. */
function levelsFor(total: number): Record<DimensionId, number> {
  const base = Math.floor(total / 27);
  return Object.fromEntries(DIMENSIONS.map((d, k) => [d.id, base + (k < total - 27 * base ? 1 : 0)])) as Record<DimensionId, number>;
}

const paidPeers = new Set<string>();

/** A full score stored as a score stores it (of the product when given); the clock then moves on. Peers are on a paid plan: only they count. */
async function stored(sub: string, url: string, total: number, segment: string | null, productId: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  const result = { ...fixtureResult({ levels: levelsFor(total) as never }), id, url };
  const accountId = await caller(t, { sub }).accountId();
  if (sub.startsWith('dp_peer') && !paidPeers.has(sub)) {
    await subscribe(t, accountId, 'pro', clock.now());
    paidPeers.add(sub);
  }
  await t.database.db.insert(scoringResults).values({ id, accountId, url, result, segment, productId, createdAt: clock.now() });
  clock.advance(60_000);
  return id;
}

const cookies = async () => ({ __session: await t.token(owner) });
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
function productCard(body: string): string {
  const start = body.indexOf('class="card product-card"');
  expect(start).toBeGreaterThan(-1);
  return body.slice(start, body.indexOf('</li>', start));
}

describe('the dashboard and the peer comparison', () => {
  let productId = '';

  it('offers every segment in the score form, none chosen by default', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app', cookies: await cookies() });
    expect(page.statusCode).toBe(200);
    const select = page.body.slice(page.body.indexOf('<select id="new-score-segment" name="segment"'), page.body.indexOf('</select>'));
    expect([...select.matchAll(/<option value(?:="([a-z0-9_]+)")?>([^<]+)<\/option>/g)].map((m) => [m[1] ?? '', m[2]])).toEqual([
      ['', 'None'],
      ...SEGMENTS.map((segment) => [segment.key, segment.label]),
    ]);
    expect(select).not.toContain('selected');
    expect(textOf(page.body)).toContain('Market segment (optional)');
  });

  it('says the comparison will come while 4 other accounts contributed, and keeps the segment on the rescore', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: await t.authHeaders(owner),
      payload: { name: 'Stallholder', url: 'https://stallholder.example/' },
    });
    expect(created.statusCode).toBe(201);
    productId = created.json().id;
    await stored(owner.sub, 'https://stallholder.example/', 30, null, productId);
    await stored(owner.sub, 'https://stallholder.example/', 60, SEGMENT, productId);
    for (const [k, total] of [40, 50, 70, 80].entries()) await stored(`dp_peer_${k + 2}`, `https://stall-${k + 2}.example/`, total, SEGMENT);

    const page = await t.app.inject({ method: 'GET', url: '/app', cookies: await cookies() });
    const card = productCard(page.body);
    expect(textOf(card)).toContain('The comparison with peers in Marketplace appears once 5 other accounts on a paid plan have scored companies in it.');
    expect(card).toContain(`data-rescore="true" data-product-id="${productId}" data-segment="${SEGMENT}"`);
    const history = await t.app.inject({ method: 'GET', url: `/app/products/${productId}`, cookies: await cookies() });
    expect(textOf(history.body)).toContain('appears once 5 other accounts');
    expect(history.body).toContain(`data-segment="${SEGMENT}"`);
  });

  it("shows the latest score's percentile, median and quartiles among its peers at 5 other accounts", async () => {
    await stored('dp_peer_6', 'https://stall-6.example/', 60, SEGMENT);
    // 60 among 40, 50, 60, 70 and 80: the account's own scores are not its peers.
    const line = 'In Marketplace: percentile 50 of peers; median total 60 (quartiles 50–70), from 5 companies.';
    const page = await t.app.inject({ method: 'GET', url: '/app', cookies: await cookies() });
    expect(textOf(productCard(page.body))).toContain(line);
    const history = await t.app.inject({ method: 'GET', url: `/app/products/${productId}`, cookies: await cookies() });
    expect(textOf(history.body)).toContain(line);
  });

  it('shows nothing for a product whose latest score has no segment, and its rescore names none', async () => {
    await stored(owner.sub, 'https://stallholder.example/', 61, null, productId);
    const page = await t.app.inject({ method: 'GET', url: '/app', cookies: await cookies() });
    const card = productCard(page.body);
    expect(textOf(card)).not.toContain('Marketplace');
    expect(card).not.toContain('data-segment');
  });
});

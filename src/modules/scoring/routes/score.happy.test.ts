import path from 'node:path';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAGE_NAMES, tierForTotal } from '../../../framework/tiers.ts';
import { SPEC_DIMENSION_IDS } from '../../../../test/spec-constants.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';
import { ScoringResultSchema, type ScoringResult } from '../result-schema.ts';
import { QUICK_SCORE_MAX_PAGES } from '../judge-crawl.ts';
import { scoringResults } from '../tables.ts';

let t: TestApp;
let mature: ServedSite;
let seed: ServedSite;
const hostOf = (site: ServedSite) => new URL(site.origin).host;

beforeAll(async () => {
  mature = await serveSite(path.join(SITES_DIR, 'lumenfield-platform'));
  seed = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({
    // The fixture sites' changelogs are dated around this day: a fixed clock keeps staleness rules stable.
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    env: { CRAWL_ALLOWLIST: `${hostOf(mature)},${hostOf(seed)}` },
  });
});
afterAll(async () => {
  await t.close();
  await mature.close();
  await seed.close();
});

function expectSpecShape(result: ScoringResult) {
  expect(Value.Check(ScoringResultSchema, result)).toBe(true);
  expect(result.dimensions).toHaveLength(27);
  const ids = result.dimensions.map((d) => d.dimensionId);
  expect(new Set(ids).size).toBe(27);
  expect(ids).toEqual(expect.arrayContaining(SPEC_DIMENSION_IDS));
  for (const d of result.dimensions) {
    expect(Number.isInteger(d.score) && d.score >= 1 && d.score <= 4).toBe(true);
    expect(STAGE_NAMES).toContain(d.stageName);
  }
  expect(result.totalScore).toBe(result.dimensions.reduce((sum, d) => sum + d.score, 0));
  expect(result.stageName).toBe(tierForTotal(result.totalScore));
}

describe('POST /api/score', () => {
  it('crawls the site and answers a ScoringResult of spec part 2 that is stored and shareable', async () => {
    const headers = await t.authHeaders({ sub: 'scorer_happy' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/score',
      headers,
      payload: { url: `${mature.origin}/`, context: 'We sell to platform teams.' },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<ScoringResult>();
    expectSpecShape(result);
    expect(result.url).toBe(`${mature.origin}/`);
    expect(result.companyName).toBe('Lumenfield');
    expect(result.crawledPages!.length).toBeGreaterThan(10);
    expect(result.crawlStats!.pagesAnalyzed).toBe(result.crawledPages!.length);
    expect(result.depth).toBe('full');
    expect(result.productId ?? null).toBeNull();
    expect(response.headers['score-claim-token']).toBeUndefined();
    expect(response.headers['ratelimit-policy']).toBe('"score";q=5;w=60');

    const shared = await t.app.inject({ method: 'GET', url: `/api/score/${result.id}` });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toEqual(result);
    // Deletion is immediate: no shared cache may keep a result.
    expect(shared.headers['cache-control']).toBe('private, max-age=60');

    const history = await t.app.inject({ method: 'GET', url: '/api/scores', headers });
    expect(history.json().scores).toEqual([
      {
        id: result.id,
        url: result.url,
        companyName: 'Lumenfield',
        totalScore: result.totalScore,
        stageName: result.stageName,
        depth: 'full',
        pagesAnalyzed: result.crawlStats!.pagesAnalyzed,
        productId: null,
        createdAt: result.createdAt,
      },
    ]);
  });

  it('gives the same result for the same site, apart from id and createdAt', async () => {
    const headers = await t.authHeaders({ sub: 'scorer_repeat' });
    const first = (await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: seed.origin } })).json<ScoringResult>();
    const second = (await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: seed.origin } })).json<ScoringResult>();
    const strip = ({ id: _id, createdAt: _createdAt, ...rest }: ScoringResult) => rest;
    expect(second.id).not.toBe(first.id);
    expect(strip(second)).toEqual(strip(first));
  });

  it('uses the company name the caller supplies', async () => {
    const headers = await t.authHeaders({ sub: 'scorer_named' });
    const result = (
      await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: seed.origin, companyName: 'Burrowly Inc.' } })
    ).json<ScoringResult>();
    expect(result.companyName).toBe('Burrowly Inc.');
  });
});

describe('quick and anonymous scores', () => {
  it('POST /api/score/quick reads the start page and at most five more', async () => {
    const headers = await t.authHeaders({ sub: 'scorer_quick' });
    const response = await t.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: mature.origin } });
    expect(response.statusCode).toBe(200);
    const result = response.json<ScoringResult>();
    expectSpecShape(result);
    expect(result.crawledPages).toHaveLength(QUICK_SCORE_MAX_PAGES);
    expect(result.crawledPages![0]).toBe(`${mature.origin}/`);
    // It says it is quick, wherever it is read: the answer, the shared view and the history.
    expect(result.depth).toBe('quick');
    expect((await t.app.inject({ method: 'GET', url: `/api/score/${result.id}` })).json()).toMatchObject({ id: result.id, depth: 'quick' });
    const history = (await t.app.inject({ method: 'GET', url: '/api/scores', headers })).json().scores;
    expect(history).toEqual([expect.objectContaining({ id: result.id, depth: 'quick', pagesAnalyzed: QUICK_SCORE_MAX_PAGES })]);
  });

  it('POST /api/try-score runs the full crawl: more than a quick score reads, the same total and tier as POST /api/score', async () => {
    // Being full, it may be placed in a segment too (it joins the peers once a sign-up links it).
    const tried = await t.app.inject({
      method: 'POST',
      url: '/api/try-score',
      payload: { url: `${mature.origin}/`, segment: 'b2b_saas' },
      remoteAddress: '198.51.100.8',
    });
    expect(tried.statusCode).toBe(200);
    const result = tried.json<ScoringResult>();
    expectSpecShape(result);
    expect(result.depth).toBe('full');
    // Lumenfield's example site has 25 pages: a quick score would stop at 6.
    expect(result.crawlStats!.pagesAnalyzed).toBeGreaterThan(QUICK_SCORE_MAX_PAGES);
    const headers = await t.authHeaders({ sub: 'scorer_try_compare' });
    const full = (await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: `${mature.origin}/` } })).json<ScoringResult>();
    expect({ totalScore: result.totalScore, stageName: result.stageName, pages: result.crawlStats!.pagesAnalyzed }).toEqual({
      totalScore: full.totalScore,
      stageName: full.stageName,
      pages: full.crawlStats!.pagesAnalyzed,
    });
  });

  it("reads a stored result's depth from its row: a result stored before results carried it says so too", async () => {
    const headers = await t.authHeaders({ sub: 'scorer_old_row' });
    const quick = (await t.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: seed.origin } })).json<ScoringResult>();
    const { depth: _, ...withoutDepth } = quick;
    const oldId = '00000000-0000-4000-8000-0000000000d1';
    await t.database.db.insert(scoringResults).values({
      id: oldId,
      url: quick.url,
      result: { ...withoutDepth, id: oldId } as ScoringResult,
      depth: 'quick',
      createdAt: new Date(quick.createdAt),
    });
    const read = await t.app.inject({ method: 'GET', url: `/api/score/${oldId}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: oldId, depth: 'quick' });
  });

  it('an anonymous score is held with a claim token, linked once to the account that signs in, and then part of its history', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: seed.origin }, remoteAddress: '198.51.100.7' });
    expect(anonymous.statusCode).toBe(200);
    const result = anonymous.json<ScoringResult>();
    const claimToken = anonymous.headers['score-claim-token'] as string;
    expect(claimToken).toMatch(/^[\w-]{20,}$/);
    expect((await t.app.inject({ method: 'GET', url: `/api/score/${result.id}` })).statusCode).toBe(200);

    const headers = await t.authHeaders({ sub: 'linker' });
    const linked = await t.app.inject({ method: 'POST', url: '/api/score/link', headers, payload: { id: result.id, claimToken } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual(result);
    expect((await t.app.inject({ method: 'GET', url: '/api/scores', headers })).json().scores.map((s: { id: string }) => s.id)).toEqual([result.id]);

    const again = await t.app.inject({ method: 'POST', url: '/api/score/link', headers, payload: { id: result.id, claimToken } });
    expect(again.statusCode).toBe(409);
  });
});

describe('products', () => {
  it('adds a product, scores it, and keeps its history', async () => {
    const headers = await t.authHeaders({ sub: 'product_owner' });
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: ' Burrowly ', url: seed.origin } });
    expect(created.statusCode).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ name: 'Burrowly', url: `${seed.origin}/` });
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers })).json().products).toEqual([product]);

    const scored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers, payload: { productId: product.id } });
    expect(scored.statusCode).toBe(200);
    const result = scored.json<ScoringResult>();
    expect(result.productId).toBe(product.id);
    expect(result.companyName).toBe('Burrowly');

    const history = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/scores`, headers });
    expect(history.json().scores.map((s: { id: string; productId: string }) => [s.id, s.productId])).toEqual([[result.id, product.id]]);
  });
});

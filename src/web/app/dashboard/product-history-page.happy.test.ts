/**
 * GET /app/products/<id>: a product scored twice, its site grown in between
 * (burrowly-seed, then tallyworks-growing at the same address), shows both
 * scores in its trend and history, and what changed between them exactly as
 * GET /api/scores/<id>/change says it, each moved dimension linked to its
 * anchor on the result page.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';
import { scoringResults } from '../../../modules/scoring/tables.ts';

let t: TestApp;
let site: ServedSite;
const owner = { sub: 'history_owner', account: 'org_history', role: 'owner' as const };
let productId = '';
let firstId = '';
let secondId = '';

const page = async (url: string) => t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(owner) } });
const api = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: await t.authHeaders(owner), ...(payload ? { payload } : {}) });
/** The page's text, tags removed and spaces folded. */
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
  const created = await api('POST', '/api/products', { name: 'Burrowly', url: `${site.origin}/` });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
  const first = await api('POST', '/api/score/product', { productId });
  expect(first.statusCode).toBe(200);
  firstId = first.json().id;
  // The company's site grows: another site at the same address.
  const port = Number(new URL(site.origin).port);
  await site.close();
  site = await serveSite(path.join(SITES_DIR, 'tallyworks-growing'), { port });
  const second = await api('POST', '/api/score/product', { productId });
  expect(second.statusCode).toBe(200);
  secondId = second.json().id;
}, 120_000);
afterAll(async () => {
  await t.close();
  await site.close();
});

describe('GET /app/products/<id>', () => {
  it('shows the trend of both scores: the total and the six function averages, with the numbers as a table', async () => {
    const response = await page(`/app/products/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.body;
    expect(body).toContain('<h1>Burrowly</h1>');
    expect(body).toContain('role="img" aria-labelledby="trend-total-title trend-total-summary"');
    expect(body.match(/<g class="series series-total">[\s\S]*?<\/g>/)![0].match(/<circle/g)).toHaveLength(2);
    for (const fn of ['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm']) {
      expect(body, fn).toContain(`class="series series-${fn}"`);
    }
    const [first, second] = await Promise.all([firstId, secondId].map(async (id) => (await t.app.inject({ method: 'GET', url: `/api/score/${id}` })).json()));
    expect(textOf(body)).toContain(`From ${first.totalScore} on`);
    expect(textOf(body)).toContain(`to ${second.totalScore} on`);
    // The table: a row per score, oldest first, with the total and six averages.
    const table = body.slice(body.indexOf('<details class="trend-numbers">'), body.indexOf('</details>'));
    expect(table.match(/<tr>/g)).toHaveLength(3);
  });

  it("says what changed in the latest score, as GET /api/scores/<id>/change does, each dimension linked to the result page's anchor", async () => {
    const change = (await api('GET', `/api/scores/${secondId}/change`)).json();
    expect(change.moved.length).toBeGreaterThan(0);
    const body = (await page(`/app/products/${productId}`)).body;
    const section = body.slice(body.indexOf('id="change"'), body.indexOf('</section>', body.indexOf('id="change"')));
    const text = textOf(section);
    const second = (await t.app.inject({ method: 'GET', url: `/api/score/${secondId}` })).json();
    expect(text).toContain(`Up ${change.totalDelta} : ${second.totalScore} of 108 against ${change.previous.totalScore} on`);
    const moves = [
      ...section.matchAll(/<li class="move (move-up|move-down)"><a href="([^"]+)">([^<]+)<\/a> <span class="move-levels">level (\d) → (\d)<\/span>/g),
    ];
    expect(moves.map((m) => `${m[3]!.replace(/&amp;/g, '&')} ${m[4]}->${m[5]}`)).toEqual(
      change.moved.map((m: { dimensionName: string; from: number; to: number }) => `${m.dimensionName} ${m.from}->${m.to}`),
    );
    expect(moves.map((m) => m[2])).toEqual(change.moved.map((m: { dimensionId: string }) => `/r/${secondId}#dimension-${m.dimensionId}`));
    // Each anchor is there on the result page.
    const result = (await t.app.inject({ method: 'GET', url: `/r/${secondId}` })).body;
    for (const move of change.moved) expect(result).toContain(`id="dimension-${move.dimensionId}"`);
  });

  it('lists every score newest first, each with its move, its result, the coach and a link to what it changed', async () => {
    const body = (await page(`/app/products/${productId}`)).body;
    const rows = body.slice(body.indexOf('class="score-table history-table"'));
    expect(rows.indexOf(`/r/${secondId}`)).toBeLessThan(rows.indexOf(`/r/${firstId}`));
    expect(rows).toContain(`href="/app/coach?result=${firstId}"`);
    expect(rows).toContain(`href="/app/coach?result=${secondId}"`);
    expect(rows).toContain(`href="/app/products/${productId}?result=${firstId}#change"`);
    expect(textOf(rows)).toContain('first score');
  });

  it('shows the change of a score the reader picks: the first score has nothing before it', async () => {
    const response = await page(`/app/products/${productId}?result=${firstId}`);
    expect(response.statusCode).toBe(200);
    const text = textOf(response.body);
    expect(text).toContain("This is the product's first score");
    expect(text).toContain('see the latest instead');
    expect(response.body).toMatch(/<tr class="selected" aria-current="true"><th scope="row"><time datetime="[^"]+">[^<]+<\/time><\/th>/);
  });

  it('offers the rescore of the product to every role, a member included', async () => {
    // A second seat: the Free plan has one.
    await subscribe(t, await accountIdOf(t, owner), 'pro');
    const member = { sub: 'history_member', account: 'org_history', role: 'member' as const };
    const response = await t.app.inject({ method: 'GET', url: `/app/products/${productId}`, cookies: { __session: await t.token(member) } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-rescore="true" data-product-id="${productId}"`);
  });

  it('keeps a quick score of the product off the trend and out of its comparisons, and labels it', async () => {
    // A quick score filed under the product (six pages of the grown site: a lower total than its full score).
    const second = (await t.app.inject({ method: 'GET', url: `/api/score/${secondId}` })).json<ScoringResult>();
    const quickId = '00000000-0000-4000-8000-0000000000e1';
    const levels = second.dimensions.map((d) => ({ ...d, score: 1, stageName: 'Foundation' as const }));
    const quick: ScoringResult = {
      ...second,
      id: quickId,
      depth: 'quick',
      dimensions: levels,
      totalScore: 27,
      stageName: 'Foundation',
      crawlStats: { pagesAnalyzed: 6, contentLength: 30_000 },
      createdAt: new Date(Date.parse(second.createdAt) + 60_000).toISOString(),
    };
    await t.database.db.insert(scoringResults).values({
      id: quickId,
      accountId: await accountIdOf(t, owner),
      productId,
      url: quick.url,
      result: quick,
      depth: 'quick',
      createdAt: new Date(quick.createdAt),
    });

    const change = (await api('GET', `/api/scores/${quickId}/change`)).json();
    expect(change).toMatchObject({ depth: 'quick', previous: null, totalDelta: null });

    const body = (await page(`/app/products/${productId}`)).body;
    const text = textOf(body);
    // The trend still draws the two full scores only, and says why the quick one is not there.
    expect(body.match(/<g class="series series-total">[\s\S]*?<\/g>/)![0].match(/<circle/g)).toHaveLength(2);
    expect(text).toContain('The quick score is not drawn');
    // The latest is the quick one: labelled, its change says it is compared with quick scores only, and the button runs the full score.
    const head = body.slice(body.indexOf('class="product-head"'), body.indexOf('id="trend-heading"'));
    expect(textOf(head)).toContain('Quick score: 6 pages read');
    expect(textOf(head)).toContain('Run the full score');
    expect(text).toContain("This is the product's first quick score");
    expect(text).not.toMatch(/Down \d+/);
    // In the list, the quick row is labelled and the full ones keep their move against each other.
    const rows = body.slice(body.indexOf('class="score-table history-table"'));
    expect(textOf(rows)).toContain('Quick score: 6 pages read');
    expect(textOf(rows)).toContain('first quick score');
    expect(textOf(rows)).toMatch(/Up \d+|up \d+/);
  });
});

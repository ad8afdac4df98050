/**
 * GET /app/products/<id> a page at a time (issue 29): the table lists a page
 * of the product's scores, and "Older scores" leads through the rest, each
 * score once, newest first, also across scores sharing one timestamp; the
 * oldest row of a page still shows its move against the score of its depth
 * on the next page; a score picked from an older page is found there; the
 * trend draws the newest full scores whatever the page.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { scoringResults } from '../../../modules/scoring/tables.ts';
import { HISTORY_PAGE_SIZE, TREND_LIMIT } from './product-history.ts';

let t: TestApp;
const owner = { sub: 'pages_history_owner', account: 'org_pages_history', role: 'owner' as const };
let productId = '';
/** Every score of the product, newest first by (created_at, id), with its total and depth. */
let expected: { id: string; totalScore: number; depth: 'full' | 'quick' }[] = [];
const SCORES = 2 * HISTORY_PAGE_SIZE + 7;

const page = async (url: string) => t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(owner) } });
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The table's rows: each one's result id and its "since the one before" text. */
function rowsOf(body: string): { id: string; since: string }[] {
  const start = body.indexOf('class="score-table history-table"');
  const table = body.slice(start, body.indexOf('</table>', start));
  // The first piece is the caption, the second the header row.
  return table
    .split('<tr')
    .slice(2)
    .map((row) => ({ id: row.match(/href="\/r\/([0-9a-f-]{36})"/)![1]!, since: textOf([...row.matchAll(/<td>([\s\S]*?)<\/td>/g)][1]![1]!).trim() }));
}
const olderLink = (body: string) => body.match(/<a href="([^"]+)" rel="next">Older scores<\/a>/)?.[1]?.replace(/&amp;/g, '&') ?? null;

beforeAll(async () => {
  t = await startTestApp();
  const headers = await t.authHeaders(owner);
  const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id as string;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers,
    payload: { name: 'Paged product', url: 'https://paged-product.example/' },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
  const template = fixtureResult();
  // Scores on a timestamp per three (ties within each); every fifth a quick one.
  const rows = Array.from({ length: SCORES }, (_, k) => {
    const id = crypto.randomUUID();
    const createdAt = new Date(Date.UTC(2026, 9, 1) + Math.floor(k / 3) * 3_600_000);
    const depth = k % 5 === 0 ? ('quick' as const) : ('full' as const);
    const totalScore = 30 + ((k * 7) % 60);
    return {
      id,
      accountId,
      productId,
      url: template.url,
      depth,
      createdAt,
      result: { ...template, id, depth, totalScore, createdAt: createdAt.toISOString() },
    };
  });
  await t.database.db.insert(scoringResults).values(rows);
  expected = rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => ({ id: row.id, totalScore: row.result.totalScore, depth: row.depth }));
});
afterAll(() => t.close());

describe('GET /app/products/<id>, a page at a time', () => {
  it('lists every score once, newest first, through the "Older scores" links, each with its move against the one of its depth before it', async () => {
    const listed: { id: string; since: string }[] = [];
    let url: string | null = `/app/products/${productId}`;
    const pages: number[] = [];
    while (url !== null) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      const rows = rowsOf(response.body);
      pages.push(rows.length);
      listed.push(...rows);
      url = olderLink(response.body);
      if (pages.length > 1) expect(response.body).toContain(`<a href="/app/products/${productId}">Newest scores</a>`);
    }
    expect(pages).toEqual([HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, SCORES - 2 * HISTORY_PAGE_SIZE]);
    expect(listed.map((row) => row.id)).toEqual(expected.map((score) => score.id));
    for (const [index, score] of expected.entries()) {
      const before = expected.slice(index + 1).find((older) => older.depth === score.depth);
      const delta = before ? score.totalScore - before.totalScore : null;
      const move = delta === null ? null : delta === 0 ? 'unchanged' : delta > 0 ? `up ${delta}` : `down ${-delta}`;
      const since = score.depth === 'quick' ? (move ? `${move} (against the quick score before)` : 'first quick score') : (move ?? 'first score');
      expect(listed[index]!.since, `row ${index}`).toBe(since);
    }
  });

  it('draws the newest full scores on every page, and finds a score picked from an older page', async () => {
    const newestFull = expected.filter((score) => score.depth === 'full').slice(0, TREND_LIMIT);
    const older = expected[HISTORY_PAGE_SIZE + 3]!;
    const first = await page(`/app/products/${productId}`);
    const second = await page(olderLink(first.body)!);
    for (const body of [first.body, second.body]) {
      expect(body.match(/<g class="series series-total">[\s\S]*?<\/g>/)![0].match(/<circle/g)).toHaveLength(newestFull.length);
    }
    // Picked without its page (a link from elsewhere): found, and shown selected.
    const picked = await page(`/app/products/${productId}?result=${older.id}`);
    expect(picked.statusCode).toBe(200);
    expect(picked.body).toContain('id="change"');
    // Picked on its page: the row is marked and the page kept in its links.
    const onItsPage = await page(`${olderLink(first.body)!}&result=${older.id}`);
    expect(onItsPage.statusCode).toBe(200);
    expect(onItsPage.body).toMatch(/<tr class="selected" aria-current="true">/);
  });

  it('answers the 404 page to a malformed cursor', async () => {
    expect((await page(`/app/products/${productId}?cursor=nope`)).statusCode).toBe(404);
  });
});

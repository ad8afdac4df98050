/**
 * GET /api/scores and GET /api/products/<id>/scores a page at a time
 * (issue 29): following `nextCursor` lists every score once, newest first
 * (created_at, then id), with no repeat and no gap, also when many scores
 * share one timestamp; the last page says so with a null cursor; another
 * account's cursor positions nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { scoringResults } from '../tables.ts';

let t: TestApp;
const owner = { sub: 'pages_owner', account: 'org_pages', role: 'owner' as const };
const stranger = { sub: 'pages_stranger', account: 'org_pages_other', role: 'owner' as const };
let accountId = '';
let productId = '';
/** Every score of the account, newest first by (created_at, id), as the pages must list them. */
let expected: { id: string; productId: string | null }[] = [];

const get = async (url: string, who = owner) => t.app.inject({ method: 'GET', url, headers: await t.authHeaders(who) });

beforeAll(async () => {
  t = await startTestApp();
  accountId = (await get('/api/account')).json().id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await t.authHeaders(owner),
    payload: { name: 'Paged', url: 'https://paged.example/' },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
  // 23 scores on 4 timestamps (ties within each), every third filed under the product.
  const rows = Array.from({ length: 23 }, (_, k) => ({
    id: crypto.randomUUID(),
    accountId,
    productId: k % 3 === 0 ? productId : null,
    url: 'https://paged.example/',
    result: { companyName: 'Paged', totalScore: 30 + k, stageName: 'Foundation' } as never,
    createdAt: new Date(Date.UTC(2026, 10, 1 + (k % 4))),
  }));
  await t.database.db.insert(scoringResults).values(rows);
  expected = rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => ({ id: row.id, productId: row.productId }));
});
afterAll(() => t.close());

/** Follows nextCursor from the first page to the last; returns every listed id and each page's size. */
async function walk(path: string, limit: number): Promise<{ ids: string[]; sizes: number[] }> {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const response = await get(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ scores: { id: string }[]; nextCursor: string | null }>();
    ids.push(...body.scores.map((score) => score.id));
    sizes.push(body.scores.length);
    if (body.nextCursor === null) return { ids, sizes };
    expect(body.nextCursor).toBe(body.scores.at(-1)!.id);
    cursor = body.nextCursor;
  }
  throw new Error('the cursor never ended');
}

describe('GET /api/scores, a page at a time', () => {
  it('lists every score once, newest first, across pages of ties', async () => {
    for (const limit of [1, 4, 5, 23, 100]) {
      const { ids, sizes } = await walk('/api/scores', limit);
      expect(ids, `limit ${limit}`).toEqual(expected.map((row) => row.id));
      expect(
        sizes.slice(0, -1).every((size) => size === limit),
        `limit ${limit}`,
      ).toBe(true);
    }
  });

  it('lists up to 100 without a limit, with a null cursor on the last page', async () => {
    const body = (await get('/api/scores')).json();
    expect(body.scores.map((score: { id: string }) => score.id)).toEqual(expected.map((row) => row.id));
    expect(body.nextCursor).toBeNull();
  });

  it("positions nothing with another account's cursor, and refuses a malformed one or a limit out of range", async () => {
    const strangers = await get(`/api/scores?cursor=${expected[3]!.id}`, stranger);
    expect(strangers.statusCode).toBe(200);
    expect(strangers.json()).toEqual({ scores: [], nextCursor: null });
    for (const query of ['cursor=not-a-uuid', 'limit=0', 'limit=101']) {
      const refused = await get(`/api/scores?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().code, query).toBe('INVALID_REQUEST');
    }
  });
});

describe('GET /api/products/<id>/scores, a page at a time', () => {
  it("lists the product's scores once each, newest first, across pages of ties", async () => {
    const filed = expected.filter((row) => row.productId === productId).map((row) => row.id);
    expect(filed.length).toBe(8);
    for (const limit of [1, 3, 8]) {
      expect((await walk(`/api/products/${productId}/scores`, limit)).ids, `limit ${limit}`).toEqual(filed);
    }
  });
});

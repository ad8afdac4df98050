/**
 * What the peer benchmark endpoints refuse, and the segment's checks where
 * scores are made: an unknown segment key, a segment on a quick score.
 * Exact bodies; nothing is crawled or charged for a refused score.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_REQUIRED_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const invalid = (part: string, field: string, message: string) => ({
  error: 'Invalid request',
  code: 'INVALID_REQUEST',
  message: `Invalid ${part}: ${field} ${message}`,
  details: [{ field, message }],
});
const ONE_OF = 'must be equal to one of the allowed values';
const send = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: await t.authHeaders({ sub: 'bench_errors' }), ...(payload ? { payload } : {}) });

describe('GET /api/benchmarks', () => {
  it('answers 401 with the exact body without credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/benchmarks?segment=b2b_saas' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });

  it.each([
    ['no segment', '', 'is required'],
    ['an unknown segment key', '?segment=fintech', ONE_OF],
    ['a segment label instead of its key', '?segment=B2B%20SaaS', ONE_OF],
  ])('answers 400 naming querystring.segment for %s', async (_label, query, message) => {
    const response = await send('GET', `/api/benchmarks${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('querystring', 'querystring.segment', message));
  });
});

describe('GET /api/scores/<id>/percentile', () => {
  it('answers 404 NOT_FOUND for a result that does not exist', async () => {
    const response = await send('GET', `/api/scores/${crypto.randomUUID()}/percentile`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', message: 'No result has this id.' });
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const response = await send('GET', '/api/scores/not-a-uuid/percentile');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('params', 'params.id', 'must match format "uuid"'));
  });
});

describe('a segment where scores are made', () => {
  const QUICK_REFUSAL = 'is taken by full scores only (POST /api/score, /api/try-score): peer benchmarks compare full scores';

  it('is refused with 400 when it is not a metadata segment key', async () => {
    const response = await send('POST', '/api/score', { url: 'https://example.com/', segment: 'fintech' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('body', 'body.segment', ONE_OF));
    const product = await send('POST', '/api/score/product', { productId: crypto.randomUUID(), segment: 'fintech' });
    expect(product.json()).toEqual(invalid('body', 'body.segment', ONE_OF));
  });

  it('is refused on a quick score (POST /api/score/quick), before anything is charged', async () => {
    const response = await send('POST', '/api/score/quick', { url: 'https://example.com/', segment: 'b2b_saas' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('body', 'body.segment', QUICK_REFUSAL));
    const usage = (await send('GET', '/api/usage')).json();
    expect(usage.credits.used).toBe(0);
  });
});

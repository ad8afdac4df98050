/** POST /api/products and GET /api/products/<id>/scores: what they refuse, and how. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const addProduct = async (sub: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: await t.authHeaders({ sub }), payload: payload as Record<string, unknown> });

describe('POST /api/products', () => {
  it('answers 400 INVALID_URL for an address that cannot be scored, and adds nothing', async () => {
    const response = await addProduct('products_bad_url', { name: 'Acme', url: 'http://127.0.0.1/admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Invalid URL', code: 'INVALID_URL' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/products', headers: await t.authHeaders({ sub: 'products_bad_url' }) });
    expect(listed.json().products).toEqual([]);
  });

  it('answers 400 INVALID_REQUEST naming body.name for a blank name', async () => {
    const response = await addProduct('products_blank_name', { name: '   ', url: 'https://example.com/' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request',
      code: 'INVALID_REQUEST',
      message: 'Invalid body: body.name is blank',
      details: [{ field: 'body.name', message: 'is blank' }],
    });
  });

  it('answers 402 PLAN_LIMIT_REACHED once the Free plan holds its one product', async () => {
    expect((await addProduct('products_limit', { name: 'First', url: 'https://example.com/' })).statusCode).toBe(201);
    const response = await addProduct('products_limit', { name: 'Second', url: 'https://example.org/' });
    expect(response.statusCode).toBe(402);
    const { error } = response.json();
    expect(error).toMatchObject({ code: 'PLAN_LIMIT_REACHED', retryable: false, message: 'The Free plan allows 1 product, and all are in use.' });
    expect(error.action.length).toBeGreaterThan(0);
    const listed = await t.app.inject({ method: 'GET', url: '/api/products', headers: await t.authHeaders({ sub: 'products_limit' }) });
    expect(listed.json().products.map((product: { name: string }) => product.name)).toEqual(['First']);
  });
});

describe('GET /api/products/<id>/scores', () => {
  it('answers 404 NOT_FOUND for an unknown uuid', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/9b2f8c1e-0000-4000-8000-000000000000/scores',
      headers: await t.authHeaders({ sub: 'products_history' }),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it.each([
    ['36 characters that are not a uuid', '------------------------------------'],
    ['36 hex digits without the dashes of a uuid', 'abcdef0123456789abcdef0123456789abcd'],
    ['something that is not an id at all', 'not-a-uuid'],
  ])('refuses %s with 400 and details, never a database error', async (_label, id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}/scores`, headers: await t.authHeaders({ sub: 'products_history' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: expect.stringContaining('id') }] });
  });

  it("answers 404 for another account's product", async () => {
    const created = (await addProduct('products_owner', { name: 'Mine', url: 'https://example.com/' })).json();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/products/${created.id}/scores`,
      headers: await t.authHeaders({ sub: 'products_stranger' }),
    });
    expect(response.statusCode).toBe(404);
  });
});

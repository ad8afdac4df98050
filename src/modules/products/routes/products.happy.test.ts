/** POST /api/products: an address as people type it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/products', () => {
  it('takes an address without a scheme and keeps it as https', async () => {
    const headers = await t.authHeaders({ sub: 'products_no_scheme' });
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'Acme', url: ' acme.com/platform ' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme', url: 'https://acme.com/platform' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/products', headers });
    expect(listed.json().products.map((product: { url: string }) => product.url)).toEqual(['https://acme.com/platform']);
  });
});

/**
 * GET /app/products/<id> where the address leads nowhere for this reader:
 * signed out (to sign-in, coming back), another account's product, an
 * unknown or malformed id, a score that is not of this product. Each is the
 * 404 page, never a JSON error, never another account's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
const owner = { sub: 'history_errors_owner' };
const stranger = { sub: 'history_errors_stranger' };
let productId = '';
let otherProductId = '';

const visit = async (claims: { sub: string }, url: string) => t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(claims) } });

beforeAll(async () => {
  t = await startTestApp();
  const add = async (claims: { sub: string }, name: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/products', headers: await t.authHeaders(claims), payload: { name, url: 'https://example.com/' } })).json()
      .id as string;
  productId = await add(owner, 'Secret product');
  otherProductId = await add(stranger, 'Stranger product');
});
afterAll(() => t.close());

function expectNotFoundPage(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('We could not find that product');
}

describe('GET /app/products/<id>', () => {
  it('sends a signed-out visitor to sign in, coming back to the same address', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/app/products/${productId}?result=${productId}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sign-in?next=${encodeURIComponent(`/app/products/${productId}?result=${productId}`)}`);
  });

  it("is the 404 page for another account's product, and shows nothing of it", async () => {
    const response = await visit(stranger, `/app/products/${productId}`);
    expectNotFoundPage(response);
    expect(response.body).not.toContain('Secret product');
  });

  it.each([
    ['an unknown id', '9b2f8c1e-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an id with a quote in it', "x'--"],
  ])('is the 404 page for %s', async (_label, id) => {
    expectNotFoundPage(await visit(owner, `/app/products/${encodeURIComponent(id)}`));
  });

  it("is the 404 page for a score that is not one of this product's, or a malformed one", async () => {
    expectNotFoundPage(await visit(owner, `/app/products/${productId}?result=9b2f8c1e-0000-4000-8000-000000000000`));
    expectNotFoundPage(await visit(owner, `/app/products/${productId}?result=nonsense`));
    expectNotFoundPage(await visit(stranger, `/app/products/${otherProductId}?result=${productId}`));
  });

  it('shows a product never scored with what to do, not an empty chart', async () => {
    const response = await visit(owner, `/app/products/${productId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('This product has no score yet.');
    expect(response.body).toContain('Score it now');
    expect(response.body).not.toContain('class="trend-chart"');
  });
});

/** GET /app without a usable session: to sign-in, coming back to the dashboard; never the page, never cached. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /app', () => {
  it('sends a signed-out visitor to sign in, coming back to /app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?next=%2Fapp');
  });

  it('treats a session cookie that does not verify as no session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app', cookies: { __session: 'not-a-token' } });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?next=%2Fapp');
  });
});

/**
 * POST /sign-out is behind the cross-site check (issue 24, item 9): a form
 * on another site cannot sign a visitor out; our own pages' Sign out works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://scores.example.test' } });
});
afterAll(() => t.close());

async function signOut(headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/sign-out',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    cookies: { __session: await t.token({ sub: 'leaving_user' }) },
    payload: '',
  });
}

const clearsTheSession = (setCookie: string | string[] | undefined) => [setCookie ?? []].flat().some((cookie) => /^__session=;/.test(cookie));

describe('POST /sign-out', () => {
  it.each([
    ['a cross-site form', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site sibling', { 'sec-fetch-site': 'same-site' }],
    ['another origin, without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['neither header', {}],
  ])('refuses %s with 403 and keeps the session', async (_label, headers) => {
    const response = await signOut(headers);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Sign-out refused');
    expect(clearsTheSession(response.headers['set-cookie'])).toBe(false);
  });

  it.each([
    ['a same-origin form', { 'sec-fetch-site': 'same-origin' }],
    ['our origin, without Sec-Fetch-Site', { origin: 'https://scores.example.test' }],
  ])('signs out from %s', async (_label, headers) => {
    const response = await signOut(headers);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(clearsTheSession(response.headers['set-cookie'])).toBe(true);
  });
});

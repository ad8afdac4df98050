/** The built-in development identity provider: sign-in pages that set __session, and its JWKS. */
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('development identity provider', () => {
  it('serves /sign-in and /sign-up as forms', async () => {
    for (const url of ['/sign-in', '/sign-up']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<form method="post" action="/sign-in">');
    }
  });

  it('signs in through the form: an HttpOnly __session cookie the API accepts', async () => {
    const form = await t.app.inject({ method: 'GET', url: '/sign-in' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const csrfCookie = form.cookies.find((c) => c.name === '__csrf')!;
    expect(csrfCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', value: csrf });
    const response = await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: csrf },
      payload: `sub=form_user&email=form%40example.test&account=org_form&role=admin&csrf=${csrf}`,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    const cookie = response.cookies.find((c) => c.name === '__session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const account = await t.app.inject({ method: 'GET', url: '/api/account', cookies: { __session: cookie.value } });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ kind: 'organization', role: 'admin' });
  });

  it('refuses a sign-in form posted without the token of its CSRF cookie (another site signing a visitor in)', async () => {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const withoutToken = await t.app.inject({ method: 'POST', url: '/sign-in', headers, payload: 'sub=planted_user' });
    expect(withoutToken.statusCode).toBe(403);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers,
      cookies: { __csrf: 'a'.repeat(43) },
      payload: `sub=planted_user&csrf=${'b'.repeat(43)}`,
    });
    expect(mismatched.statusCode).toBe(403);
    expect([...withoutToken.cookies, ...mismatched.cookies].some((c) => c.name === '__session')).toBe(false);
  });

  it('refuses a malformed sign-in form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'sub=&role=superuser',
    });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toEqual([]);
  });

  it('publishes the JWKS that verifies its tokens', async () => {
    const jwks = (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const { payload } = await jwtVerify(await t.token({ sub: 'jwks_user' }), createLocalJWKSet(jwks), { issuer: t.config.identity.issuer });
    expect(payload.sub).toBe('jwks_user');
  });
});

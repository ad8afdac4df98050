/**
 * The session cookie cannot change anything from another site: a
 * cookie-authenticated POST, PUT or DELETE needs Sec-Fetch-Site same-origin
 * or an Origin of ours, or it is refused with 403. Bearer tokens and reads are
 * not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_BODY, startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_BASE_URL: 'https://maturity.example' } });
});
afterAll(() => t.close());

async function sessionCookie(sub: string): Promise<Record<string, string>> {
  const { authorization } = await t.authHeaders({ sub });
  return { cookie: `__session=${authorization!.slice('Bearer '.length)}` };
}

function rename(headers: Record<string, string>, name: string) {
  return t.app.inject({ method: 'PUT', url: '/api/account', headers: { ...headers, 'content-type': 'application/json' }, payload: { name } });
}

describe('a change carried by the session cookie', () => {
  it('is refused from another site, and when the request does not say where it comes from', async () => {
    const cookie = await sessionCookie('csrf_refused');
    const elsewhere: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const from of elsewhere) {
      const response = await rename({ ...cookie, ...from }, 'Hijacked');
      expect(response.statusCode, JSON.stringify(from)).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN_BODY);
    }
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: { ...cookie, origin: 'https://evil.example' },
      payload: { confirmation: 'DELETE' },
    });
    expect(deletion.statusCode).toBe(403);
    const account = await t.app.inject({ method: 'GET', url: '/api/account', headers: cookie });
    expect(account.statusCode).toBe(200);
    expect(account.json().name).not.toBe('Hijacked');
  });

  it('is accepted from our own pages: Sec-Fetch-Site same-origin, or the public origin, or the host it was sent to', async () => {
    const cookie = await sessionCookie('csrf_accepted');
    expect((await rename({ ...cookie, 'sec-fetch-site': 'same-origin' }, 'One')).statusCode).toBe(200);
    expect((await rename({ ...cookie, origin: 'https://maturity.example' }, 'Two')).statusCode).toBe(200);
    expect((await rename({ ...cookie, host: 'localhost:3000', origin: 'http://localhost:3000' }, 'Three')).statusCode).toBe(200);
  });

  it('leaves bearer tokens and reads alone', async () => {
    const bearer = await t.authHeaders({ sub: 'csrf_bearer' });
    expect((await rename({ ...bearer, origin: 'https://elsewhere.example' }, 'Bearer')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: await sessionCookie('csrf_read') })).statusCode).toBe(200);
  });
});

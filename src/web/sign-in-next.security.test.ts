/**
 * The sign-in form's `next`: a person comes back to the page that sent them
 * to sign in, and never to another site (no open redirect).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { sameSitePath } from './sign-in-form.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ELSEWHERE = [
  '//evil.example',
  'https://evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\tevil',
  'javascript:alert(1)',
  'evil.example',
  '///evil.example',
  '',
  // Dot segments that resolve to "//evil.example" (issue 24).
  '/r/../..//evil.example',
  '/.//evil.example',
  '/a/..//evil.example/path?x=1',
  '/%2e%2e//evil.example',
  '/r/%2E%2E/%2e%2e//evil.example',
];

async function signInWith(next: string) {
  const form = await t.app.inject({ method: 'GET', url: `/sign-in?${new URLSearchParams({ next })}` });
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
  return {
    form,
    response: await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: csrf },
      payload: new URLSearchParams({ sub: 'next_user', csrf, next }).toString(),
    }),
  };
}

describe('sign-in next', () => {
  it('comes back to a path on this site, query included', async () => {
    const { form, response } = await signInWith('/pricing/complete?item=pro');
    expect(form.body).toContain('name="next" value="/pricing/complete?item=pro"');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/pricing/complete?item=pro');
  });

  it.each(ELSEWHERE)('never leaves the site for %j', async (next) => {
    expect(sameSitePath(next)).toBeNull();
    const { form, response } = await signInWith(next);
    expect(form.body).not.toContain('name="next"');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it('ignores a next posted straight to the form handler when it is not a path of ours', async () => {
    const form = await t.app.inject({ method: 'GET', url: '/sign-in' });
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)![1]!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: csrf },
      payload: new URLSearchParams({ sub: 'next_user', csrf, next: '//evil.example/path' }).toString(),
    });
    expect(response.headers.location).toBe('/');
  });
});

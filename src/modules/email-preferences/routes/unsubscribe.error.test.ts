/** The unsubscribe endpoints' refusals, with the spec's exact statuses and messages (parts 4 and 7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = await t.services.emailPreferences.tokenFor(t.database.db, 'errors@example.com');
});
afterAll(() => t.close());

const TOKEN_REQUIRED = { error: 'Invalid request', code: 'INVALID_REQUEST', message: 'Token required' };
const TOKEN_INVALID = { error: 'Not found', code: 'NOT_FOUND', message: 'Token invalid' };
const UNKNOWN = 'A'.repeat(43);

describe('400 Token required', () => {
  it.each([
    ['GET without a token', { method: 'GET', url: '/api/unsubscribe' }],
    ['GET with an empty token', { method: 'GET', url: '/api/unsubscribe?token=' }],
    ['POST without a token', { method: 'POST', url: '/api/unsubscribe', payload: { categories: ['weekly_digest'] } }],
    ['POST with an empty token', { method: 'POST', url: '/api/unsubscribe', payload: { token: '', all: true } }],
    ['POST without a body', { method: 'POST', url: '/api/unsubscribe' }],
    [
      'one-click without a token',
      {
        method: 'POST',
        url: '/api/unsubscribe/one-click?category=weekly_digest',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      },
    ],
  ] as const)('%s', async (_name, request) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOKEN_REQUIRED);
  });
});

describe('404 Token invalid', () => {
  it.each([
    ['GET', { method: 'GET', url: `/api/unsubscribe?token=${UNKNOWN}` }],
    ['POST', { method: 'POST', url: '/api/unsubscribe', payload: { token: UNKNOWN, all: true } }],
    [
      'one-click',
      {
        method: 'POST',
        url: `/api/unsubscribe/one-click?token=${UNKNOWN}&category=weekly_digest`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      },
    ],
  ] as const)('%s with an unknown token', async (_name, request) => {
    const response = await t.app.inject(request);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(TOKEN_INVALID);
  });
});

describe('400 for categories that cannot be opted out of', () => {
  it('names an unknown category', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token, categories: ['weekly_digest', 'newsletter'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'body.categories.1' }] });
    expect(response.json().message).toContain('"newsletter"');
  });

  it('refuses a transactional category, saying it is always sent', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token, categories: ['billing'] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid body: body.categories.0 is "billing", transactional mail, which is always sent and cannot be opted out of');
  });

  it('refuses a category both opted out of and back into, and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/unsubscribe',
      payload: { token, categories: ['weekly_digest'], subscribe: ['weekly_digest'] },
    });
    expect(response.statusCode).toBe(400);
    const state = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(state.json().subscriptions.weekly_digest).toBe(true);
  });

  it('one-click: an unknown category, a transactional one, or a body that is not the RFC 8058 one', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const url of [
      `/api/unsubscribe/one-click?token=${token}&category=newsletter`,
      `/api/unsubscribe/one-click?token=${token}&category=security`,
      `/api/unsubscribe/one-click?token=${token}`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: form, payload: 'List-Unsubscribe=One-Click' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
    }
    const wrongBody = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/one-click?token=${token}&category=weekly_digest`,
      headers: form,
      payload: 'List-Unsubscribe=Yes',
    });
    expect(wrongBody.statusCode).toBe(400);
    expect(wrongBody.json().message).toBe('Send the form body List-Unsubscribe=One-Click (RFC 8058).');
    const state = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` });
    expect(state.json().subscriptions.weekly_digest).toBe(true);
  });
});

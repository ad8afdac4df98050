/** GET and PUT /api/account/email-preferences refusals: no credentials, no address, transactional or unknown categories. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const url = '/api/account/email-preferences';

describe('own email preferences errors', () => {
  it('answers 401 without credentials', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({ method, url, ...(method === 'PUT' ? { payload: { subscriptions: {} } } : {}) });
      expect(response.statusCode, method).toBe(401);
      expect(response.json().code).toBe('AUTH_REQUIRED');
    }
  });

  it('answers 409 when the identity carries no email address, and changes nothing', async () => {
    const headers = await t.authHeaders({ sub: 'own_no_email' });
    const message = 'This credential carries no email address (an API key, or an identity without one), so there are no mail preferences to read or set.';
    const read = await t.app.inject({ method: 'GET', url, headers });
    expect(read.statusCode).toBe(409);
    expect(read.json()).toEqual({ error: 'Conflict', code: 'CONFLICT', message });
    const write = await t.app.inject({ method: 'PUT', url, headers, payload: { subscriptions: { weekly_digest: false } } });
    expect(write.statusCode).toBe(409);
  });

  it('refuses transactional and unknown categories with 400 naming each, and changes nothing', async () => {
    const headers = await t.authHeaders({ sub: 'own_bad', email: 'bad@example.com' });
    const response = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { subscriptions: { billing: false, newsletter: false, weekly_digest: false } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      message:
        'Invalid body: body.subscriptions.billing is "billing", transactional mail, which is always sent and cannot be opted out of; ' +
        'body.subscriptions.newsletter is "newsletter", not a category (one of: product_updates, ritual_emails, score_decay_reminders, peer_benchmark_updates, weekly_digest, anomaly_alerts)',
    });
    expect((await t.app.inject({ method: 'GET', url, headers })).json().subscriptions.weekly_digest).toBe(true);
  });

  it('refuses a malformed body with 400', async () => {
    const headers = await t.authHeaders({ sub: 'own_malformed', email: 'malformed@example.com' });
    for (const payload of [{}, { subscriptions: { weekly_digest: 'no' } }, { subscriptions: ['weekly_digest'] }]) {
      const response = await t.app.inject({ method: 'PUT', url, headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
    }
  });
});

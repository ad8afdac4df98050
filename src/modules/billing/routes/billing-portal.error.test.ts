/** POST /api/billing/portal refusals, and the local portal's forged, expired and cross-site requests. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { encodeLocalPortal } from '../local-portal-session.ts';

describe('POST /api/billing/portal errors', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_API_BASE: stripe.url, PAYMENT_WEBHOOK_SECRET: 'whsec_portal_errors' } });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('answers 401 without credentials', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/billing/portal' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_REQUIRED');
  });

  it('answers 403 to a member, even on a paid account, without calling the provider', async () => {
    const owner = { sub: 'pe_owner', account: 'org_portal_errors', role: 'owner' as const };
    await subscribe(t, await accountIdOf(t, owner), 'pro');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/billing/portal',
      headers: await t.authHeaders({ sub: 'pe_member', account: 'org_portal_errors', role: 'member' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Forbidden: insufficient permissions' });
    expect(stripe.portalSessions()).toHaveLength(0);
  });

  it('answers 409 for an account that never bought anything', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await t.authHeaders({ sub: 'pe_free' }) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'Conflict',
      code: 'CONFLICT',
      message:
        'The account has bought nothing yet, so the payment provider holds nothing to manage. Upgrade to a paid plan first (POST /api/payment/checkout).',
    });
    expect(stripe.portalSessions()).toHaveLength(0);
  });

  it('answers 503 when the provider fails, and 500 when it refuses, with nothing internal in the body', async () => {
    const claims = { sub: 'pe_outage' };
    await subscribe(t, await accountIdOf(t, claims), 'pro');
    stripe.outage();
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await t.authHeaders(claims) });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: 'Service unavailable',
        code: 'SERVICE_UNAVAILABLE',
        message: 'The payment provider did not answer. Try again shortly.',
      });
      stripe.respondWith(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such customer' } } }));
      const refused = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await t.authHeaders(claims) });
      expect(refused.statusCode).toBe(500);
      expect(refused.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
    } finally {
      stripe.healthy();
    }
  });
});

describe('the local portal page', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await startTestApp();
  });
  afterAll(() => local.close());

  it('refuses forged and expired sessions with 404 and cancels nothing', async () => {
    const accountId = await accountIdOf(local, { sub: 'pe_local' });
    await subscribe(local, accountId, 'pro');
    const session = {
      sessionId: '11111111-1111-4111-8111-111111111111',
      accountId,
      customerId: 'cus_x',
      returnUrl: 'http://localhost/app/settings/billing',
      expiresAt: Date.now() + 60_000,
    };
    const secret = local.config.payments.webhookSecrets[0]!;
    const forged = encodeLocalPortal(session, 'whsec_not_ours');
    const expired = encodeLocalPortal({ ...session, expiresAt: Date.now() - 1 }, secret);
    for (const token of [forged, expired, 'garbage']) {
      expect((await local.app.inject({ method: 'GET', url: `/payment/local-portal?session=${token}` })).statusCode).toBe(404);
      const cancel = await local.app.inject({
        method: 'POST',
        url: '/payment/local-portal',
        payload: new URLSearchParams({ session: token, csrf: 'c'.repeat(43) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { __csrf: 'c'.repeat(43) },
      });
      expect(cancel.statusCode).toBe(404);
    }
    // A genuine session, posted by another site: no CSRF cookie to match.
    const genuine = encodeLocalPortal(session, secret);
    const crossSite = await local.app.inject({
      method: 'POST',
      url: '/payment/local-portal',
      payload: new URLSearchParams({ session: genuine, csrf: 'x'.repeat(43) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies: { __csrf: 'y'.repeat(43) },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await local.services.billing.planOf(accountId)).toBe('pro');
  });
});

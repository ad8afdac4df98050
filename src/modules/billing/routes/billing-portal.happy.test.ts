/**
 * POST /api/billing/portal: a Stripe customer portal session (the official
 * SDK against a local fake of Stripe's API, over real HTTP), and the local
 * provider's own portal page, whose Cancel delivers a signed
 * customer.subscription.deleted to our webhook and leaves the account on Free.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_PORTAL_HOST, startFakeStripe, type FakeStripe } from '../../../../test/fakes/stripe-api.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

async function openPortal(t: TestApp, claims: { sub: string; account?: string; role?: 'owner' | 'admin' | 'member' }) {
  return t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: await t.authHeaders(claims) });
}

describe('POST /api/billing/portal with Stripe', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_API_BASE: stripe.url,
        PAYMENT_WEBHOOK_SECRET: 'whsec_portal',
        PUBLIC_BASE_URL: 'https://maturity.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("creates a customer portal session for the account's customer, returning to the billing settings", async () => {
    const claims = { sub: 'portal_stripe_admin', account: 'org_portal_stripe', role: 'admin' as const };
    const refs = await subscribe(t, await accountIdOf(t, claims), 'pro');
    const response = await openPortal(t, claims);
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(new RegExp(`^${FAKE_PORTAL_HOST}/p/session/bps_test_`));
    expect(Object.fromEntries(stripe.portalSessions().at(-1)!)).toEqual({
      customer: refs.customerId,
      return_url: 'https://maturity.example/app/settings/billing',
    });
  });
});

describe('POST /api/billing/portal with the built-in local provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // Cancel delivers the event to our own webhook over HTTP: the app must listen.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('opens a local portal page that cancels at the end of the period, or now through our own webhook, down to Free', async () => {
    const claims = { sub: 'portal_local_owner' };
    const accountId = await accountIdOf(t, claims);
    await subscribe(t, accountId, 'business');
    const response = await openPortal(t, claims);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicBaseUrl}/payment/local-portal`);

    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Business, monthly');
    expect(page.body).toContain(`href="${t.config.publicBaseUrl}/app/settings/billing"`);
    const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const cookie = page.cookies.find((c) => c.name === '__csrf')!;
    const cancel = (when?: 'now') =>
      t.app.inject({
        method: 'POST',
        url: url.pathname,
        payload: new URLSearchParams({ session, csrf, ...(when ? { when } : {}) }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        cookies: { __csrf: cookie.value },
      });

    // The default: the end of the period paid for. The plan holds until then.
    const atPeriodEnd = await cancel();
    expect(atPeriodEnd.statusCode).toBe(303);
    expect(atPeriodEnd.headers.location).toBe(`${t.config.publicBaseUrl}/app/settings/billing`);
    expect(await t.services.billing.planOf(accountId)).toBe('business');
    const ending = await t.services.billing.overview(accountId);
    expect(ending.cancellation?.endsAt).toEqual(ending.entitlement.period.end);

    // Now: through our own webhook, down to Free at once.
    const cancelled = await cancel('now');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${t.config.publicBaseUrl}/app/settings/billing`);
    expect(await t.services.billing.planOf(accountId)).toBe('free');
    const overview = await t.services.billing.overview(accountId);
    expect(overview.subscription).toBeNull();
    expect(overview.hasCustomer).toBe(true);

    // Nothing left to cancel: the page says so, and a second Cancel changes nothing.
    const after = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(after.body).toContain('No subscription is running: the account is on the Free plan.');
    expect(after.body).not.toContain('Cancel at the end of the period');
    expect((await cancel('now')).statusCode).toBe(303);
    expect(await t.services.billing.planOf(accountId)).toBe('free');
  });

  it('documents the endpoint under the Billing portal tag', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/billing/portal'].post;
    expect(operation.tags).toEqual(['Billing portal']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '409', '503']));
  });
});

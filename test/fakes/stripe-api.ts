/**
 * Just enough of Stripe's REST API for our provider: form-encoded requests,
 * JSON objects back, and Stripe's error envelope when told to fail.
 * Routes: DELETE /v1/subscriptions/<id> (cancel), POST /v1/checkout/sessions,
 * POST /v1/billing_portal/sessions, GET /v1/prices/<id> (the price objects
 * given to `setPrice`; any other id is resource_missing).
 */
import crypto from 'node:crypto';
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from './http-recorder.ts';

export interface FakeStripe extends HttpRecorder {
  /** Answer every request with a 500 api_error until healthy() is called. */
  outage(): void;
  healthy(): void;
  cancellations(): { subscriptionId: string; form: URLSearchParams }[];
  /** The form of every checkout session created, in order. */
  checkoutSessions(): URLSearchParams[];
  /** The form of every billing portal session created, in order. */
  portalSessions(): URLSearchParams[];
  /** A price object GET /v1/prices/<id> answers: unit_amount in minor units, a currency, and for a subscription its interval. */
  setPrice(id: string, price: { unitAmount: number; currency: string; interval?: 'month' | 'year' }): void;
  /** How many times each price was read. */
  priceReads(): number;
}

type FakePrice = { unitAmount: number; currency: string; interval?: 'month' | 'year' };

export const FAKE_CHECKOUT_HOST = 'https://checkout.stripe.test';
export const FAKE_PORTAL_HOST = 'https://billing.stripe.test';

function respond(request: RecordedRequest, prices: Map<string, FakePrice>) {
  const price = /^\/v1\/prices\/([^/?]+)/.exec(request.url);
  if (request.method === 'GET' && price) {
    const known = prices.get(decodeURIComponent(price[1]!));
    if (!known) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such price: '${price[1]}'` } } };
    return {
      status: 200,
      body: {
        id: price[1],
        object: 'price',
        active: true,
        currency: known.currency,
        unit_amount: known.unitAmount,
        type: known.interval ? 'recurring' : 'one_time',
        recurring: known.interval ? { interval: known.interval, interval_count: 1 } : null,
      },
    };
  }
  const cancel = /^\/v1\/subscriptions\/([^/?]+)/.exec(request.url);
  if (request.method === 'DELETE' && cancel) {
    return { status: 200, body: { id: cancel[1], object: 'subscription', status: 'canceled' } };
  }
  if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
    const form = new URLSearchParams(request.body);
    const id = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`;
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        client_reference_id: form.get('client_reference_id'),
        customer: form.get('customer'),
        status: 'open',
        payment_status: 'unpaid',
        url: `${FAKE_CHECKOUT_HOST}/c/pay/${id}`,
      },
    };
  }
  if (request.method === 'POST' && request.url === '/v1/billing_portal/sessions') {
    const form = new URLSearchParams(request.body);
    const id = `bps_test_${crypto.randomUUID().replaceAll('-', '')}`;
    return {
      status: 200,
      body: { id, object: 'billing_portal.session', customer: form.get('customer'), return_url: form.get('return_url'), livemode: false, url: `${FAKE_PORTAL_HOST}/p/session/${id}` },
    };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such route ${request.url}` } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const prices = new Map<string, FakePrice>();
  const answer = (request: RecordedRequest) => respond(request, prices);
  const recorder = await startHttpRecorder(answer);
  return {
    ...recorder,
    outage: () => recorder.respondWith(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Service unavailable' } } })),
    healthy: () => recorder.respondWith(answer),
    setPrice: (id, price) => void prices.set(id, price),
    priceReads: () => recorder.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v1/prices/')).length,
    cancellations: () =>
      recorder.requests
        .filter((r) => r.method === 'DELETE' && r.url.startsWith('/v1/subscriptions/'))
        .map((r) => ({ subscriptionId: decodeURIComponent(r.url.split('/')[3]!.split('?')[0]!), form: new URLSearchParams(r.body || r.url.split('?')[1] || '') })),
    checkoutSessions: () => recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/checkout/sessions').map((r) => new URLSearchParams(r.body)),
    portalSessions: () => recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/billing_portal/sessions').map((r) => new URLSearchParams(r.body)),
  };
}

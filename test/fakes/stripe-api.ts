/**
 * Just enough of Stripe's REST API for our provider: form-encoded requests,
 * JSON objects back, and Stripe's error envelope when told to fail.
 * Routes: DELETE /v1/subscriptions/<id> (cancel), POST /v1/checkout/sessions,
 * POST /v1/billing_portal/sessions.
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
}

export const FAKE_CHECKOUT_HOST = 'https://checkout.stripe.test';
export const FAKE_PORTAL_HOST = 'https://billing.stripe.test';

function respond(request: RecordedRequest) {
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
  const recorder = await startHttpRecorder(respond);
  return {
    ...recorder,
    outage: () => recorder.respondWith(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Service unavailable' } } })),
    healthy: () => recorder.respondWith(respond),
    cancellations: () =>
      recorder.requests
        .filter((r) => r.method === 'DELETE' && r.url.startsWith('/v1/subscriptions/'))
        .map((r) => ({ subscriptionId: decodeURIComponent(r.url.split('/')[3]!.split('?')[0]!), form: new URLSearchParams(r.body || r.url.split('?')[1] || '') })),
    checkoutSessions: () => recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/checkout/sessions').map((r) => new URLSearchParams(r.body)),
    portalSessions: () => recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/billing_portal/sessions').map((r) => new URLSearchParams(r.body)),
  };
}

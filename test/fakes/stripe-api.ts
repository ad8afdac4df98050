/**
 * Just enough of Stripe's REST API for our provider: form-encoded requests,
 * JSON objects back, and Stripe's error envelope when told to fail.
 * Routes: DELETE /v1/subscriptions/<id> (cancel), POST /v1/checkout/sessions,
 * POST /v1/billing_portal/sessions, GET /v1/prices/<id> (the price objects
 * given to `setPrice`; any other id is resource_missing), POST
 * /v1/subscriptions/<id> (an update: cancel_at_period_end), GET
 * /v1/invoices?customer= (the invoices given to `setInvoices`).
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
  /** The form of every subscription update, in order. */
  subscriptionUpdates(): { subscriptionId: string; form: URLSearchParams }[];
  /** The invoices GET /v1/invoices lists for a customer. */
  setInvoices(customerId: string, invoices: FakeInvoice[]): void;
}

export interface FakeInvoice {
  id: string;
  number: string;
  created: number;
  total: number;
  currency: string;
  status: 'paid' | 'open' | 'void';
  description: string;
}

type FakePrice = { unitAmount: number; currency: string; interval?: 'month' | 'year' };

export const FAKE_CHECKOUT_HOST = 'https://checkout.stripe.test';
export const FAKE_PORTAL_HOST = 'https://billing.stripe.test';

function respond(request: RecordedRequest, prices: Map<string, FakePrice>, invoices: Map<string, FakeInvoice[]>) {
  const update = /^\/v1\/subscriptions\/([^/?]+)$/.exec(request.url);
  if (request.method === 'POST' && update) {
    const form = new URLSearchParams(request.body);
    return {
      status: 200,
      body: { id: update[1], object: 'subscription', status: 'active', cancel_at_period_end: form.get('cancel_at_period_end') === 'true' },
    };
  }
  if (request.method === 'GET' && request.url.startsWith('/v1/invoices')) {
    const customer = new URLSearchParams(request.url.split('?')[1] ?? '').get('customer') ?? '';
    const data = (invoices.get(customer) ?? []).map((invoice) => ({
      id: invoice.id,
      object: 'invoice',
      number: invoice.number,
      created: invoice.created,
      total: invoice.total,
      currency: invoice.currency,
      status: invoice.status,
      customer,
      description: null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoice.id}`,
      invoice_pdf: null,
      lines: { object: 'list', data: [{ id: `il_${invoice.id}`, object: 'line_item', description: invoice.description }], has_more: false },
    }));
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoices' } };
  }
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
      body: {
        id,
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        livemode: false,
        url: `${FAKE_PORTAL_HOST}/p/session/${id}`,
      },
    };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such route ${request.url}` } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const prices = new Map<string, FakePrice>();
  const invoices = new Map<string, FakeInvoice[]>();
  const answer = (request: RecordedRequest) => respond(request, prices, invoices);
  const recorder = await startHttpRecorder(answer);
  return {
    ...recorder,
    outage: () => recorder.respondWith(() => ({ status: 500, body: { error: { type: 'api_error', message: 'Service unavailable' } } })),
    healthy: () => recorder.respondWith(answer),
    setPrice: (id, price) => void prices.set(id, price),
    priceReads: () => recorder.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/v1/prices/')).length,
    subscriptionUpdates: () =>
      recorder.requests
        .filter((r) => r.method === 'POST' && /^\/v1\/subscriptions\/[^/?]+$/.test(r.url))
        .map((r) => ({ subscriptionId: decodeURIComponent(r.url.split('/')[3]!), form: new URLSearchParams(r.body) })),
    setInvoices: (customerId, list) => void invoices.set(customerId, list),
    cancellations: () =>
      recorder.requests
        .filter((r) => r.method === 'DELETE' && r.url.startsWith('/v1/subscriptions/'))
        .map((r) => ({
          subscriptionId: decodeURIComponent(r.url.split('/')[3]!.split('?')[0]!),
          form: new URLSearchParams(r.body || r.url.split('?')[1] || ''),
        })),
    checkoutSessions: () => recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/checkout/sessions').map((r) => new URLSearchParams(r.body)),
    portalSessions: () =>
      recorder.requests.filter((r) => r.method === 'POST' && r.url === '/v1/billing_portal/sessions').map((r) => new URLSearchParams(r.body)),
  };
}

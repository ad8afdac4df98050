import type { Clock } from '../../../clock.ts';
import type { App } from '../../../http/app-types.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import type { BillingService } from '../billing-service.ts';
import { parsePaymentEvent } from '../payment-events.ts';
import { verifyPaymentSignature } from '../payment-signature.ts';
import { WebhookResponse } from './billing-schemas.ts';

export const PAYMENT_WEBHOOK_PATH = '/api/payment/webhook';

/**
 * The provider's own name for the signature header; the spec writes it
 * Payment-Signature (part 6 neutralises provider names). Both are read.
 */
const SIGNATURE_HEADERS = ['payment-signature', 'stripe-signature'] as const;

/**
 * POST /api/payment/webhook (spec part 6): public, every request signature-
 * verified over the raw bytes. The route lives in its own encapsulated
 * plugin whose only body parser keeps the bytes as they came, so the rest
 * of the app keeps parsing JSON. Invalid signature: 400, nothing applied.
 * Unknown event types: 200, ignored.
 */
export function registerPaymentWebhook(app: App, deps: { billing: BillingService; webhookSecrets: readonly string[]; clock: Clock }): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.post(
      PAYMENT_WEBHOOK_PATH,
      {
        config: { auth: 'public' },
        schema: {
          tags: ['Billing'],
          summary: 'Receive a payment-provider event (signature-verified)',
          description: 'Verifies `Payment-Signature: t=<timestamp>,v1=<signature>` (HMAC-SHA256 of `<t>.<raw body>`), then applies the event once.',
          response: { 200: WebhookResponse, ...errorResponses('INVALID_SIGNATURE', 'INTERNAL_ERROR') },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = SIGNATURE_HEADERS.map((name) => request.headers[name]).find((value) => typeof value === 'string');
        const check = verifyPaymentSignature({ header, rawBody, secrets: deps.webhookSecrets, now: deps.clock.now() });
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, 'payment webhook refused');
          throw new ApiError('INVALID_SIGNATURE');
        }
        const event = parsePaymentEvent(parseJson(rawBody));
        if (!event) throw new ApiError('INVALID_REQUEST', { message: 'The body is not a payment event (id, type, created, data.object).' });
        const outcome = await deps.billing.applyPaymentEvent(event);
        return { received: true as const, outcome };
      },
    );
  });
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

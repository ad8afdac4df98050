/**
 * What the local provider's two checkout pages share (no STRIPE_SECRET_KEY):
 * their dependencies, request schemas, documentation and the page a stale
 * session gets.
 */
import { Type } from 'typebox';
import type { Clock } from '../../clock.ts';
import { page } from '../html.ts';

export const SessionQuery = Type.Object({ session: Type.String({ minLength: 1, maxLength: 4096 }) });
export const PayForm = Type.Object({ session: Type.String({ minLength: 1, maxLength: 4096 }), csrf: Type.Optional(Type.String({ maxLength: 100 })) });
/** The local portal's cancel form: its session, and when (at the period's end unless `now`). */
export const CancelForm = Type.Object({
  session: Type.String({ minLength: 1, maxLength: 4096 }),
  csrf: Type.Optional(Type.String({ maxLength: 100 })),
  when: Type.Optional(Type.Enum(['period_end', 'now'])),
});

export interface LocalCheckoutDeps {
  clock: Clock;
  /** The secret the webhook verifies with (the first of PAYMENT_WEBHOOK_SECRET, or the development one). */
  signingSecret: string;
  /** Where to reach our own webhook when this process is not listening (e.g. behind app.inject). */
  publicBaseUrl: string;
}

export const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

export const documented = (summary: string) => ({ tags: ['Billing'], summary: `Local payment provider: ${summary} (HTML; only without STRIPE_SECRET_KEY)` });

export const SESSION_EXPIRED_PAGE = page('Checkout expired', '<h1>Checkout expired</h1><p>Start the checkout again.</p>');

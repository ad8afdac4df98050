/**
 * Delivers provider events to the app's webhook the way the provider does:
 * the exact bytes, signed with the SDK's helper. And the shortcuts tests
 * use to put an account on a plan or give it a pack through that path.
 */
import crypto from 'node:crypto';
import type { DevTokenClaims } from '../../src/identity/dev-identity.ts';
import type { TestApp } from '../harness.ts';
import { checkoutCompleted, packCheckoutCompleted, signatureHeader, type ProviderEvent, type SubscriptionRefs } from './payment-events.ts';

export interface DeliveryOptions {
  /** Signing time; default now. Must be within 300 s of the app's clock. */
  at?: Date;
  secret?: string;
  /** Replaces the signature header entirely. */
  header?: string;
  /** Sends these bytes instead of the event's JSON (the header still signs the event's JSON). */
  tamperedBody?: string;
}

export async function deliverEvent(t: TestApp, event: ProviderEvent, options: DeliveryOptions = {}) {
  const payload = JSON.stringify(event);
  const secret = options.secret ?? t.config.payments.webhookSecrets[0]!;
  const header = options.header ?? signatureHeader(payload, { secret, timestamp: Math.floor((options.at ?? new Date()).getTime() / 1000) });
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'payment-signature': header },
    payload: options.tamperedBody ?? payload,
  });
}

export async function accountIdOf(t: TestApp, claims: DevTokenClaims): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders(claims) });
  if (response.statusCode !== 200) throw new Error(`GET /api/account answered ${response.statusCode}: ${response.body}`);
  return response.json().id;
}

export function subscriptionRefs(accountId: string): SubscriptionRefs {
  const suffix = crypto.randomUUID().replaceAll('-', '').slice(0, 14);
  return { accountId, customerId: `cus_${suffix}`, subscriptionId: `sub_${suffix}` };
}

/** Puts the account on `plan` through a signed checkout.session.completed, as a paid checkout would. */
export async function subscribe(t: TestApp, accountId: string, plan: string, at: Date = new Date()): Promise<SubscriptionRefs> {
  const refs = subscriptionRefs(accountId);
  const response = await deliverEvent(t, checkoutCompleted(refs, plan, at), { at });
  if (response.json().outcome !== 'applied') throw new Error(`subscribe: ${response.statusCode} ${response.body}`);
  return refs;
}

export async function buyPack(t: TestApp, accountId: string, pack: string, at: Date = new Date()): Promise<void> {
  const response = await deliverEvent(t, packCheckoutCompleted(accountId, `cus_pack_${accountId.slice(0, 8)}`, pack, at), { at });
  if (response.json().outcome !== 'applied') throw new Error(`buyPack: ${response.statusCode} ${response.body}`);
}

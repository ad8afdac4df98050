/**
 * The webhook refuses anything not signed by the provider for these exact
 * bytes within five minutes, with 400 INVALID_SIGNATURE and no effect.
 * Headers are made by the provider's own SDK.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { checkoutCompleted, signatureHeader } from '../../../../test/fakes/payment-events.ts';
import { accountIdOf, deliverEvent, subscriptionRefs } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const CURRENT_SECRET = 'whsec_current_secret';
const PREVIOUS_SECRET = 'whsec_previous_secret';
const clock = new ManualClock('2026-04-01T12:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  // Two secrets: the rotation window, both accepted.
  t = await startTestApp({ clock, env: { PAYMENT_WEBHOOK_SECRET: `${CURRENT_SECRET},${PREVIOUS_SECRET}` } });
});
afterAll(() => t.close());

const INVALID_SIGNATURE_BODY = { error: 'Invalid signature', code: 'INVALID_SIGNATURE', message: 'The webhook signature could not be verified.' };
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

async function planOf(accountId: string): Promise<string> {
  return t.services.billing.planOf(accountId);
}

async function eventsRecorded(): Promise<number> {
  return rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM payment_events`))[0]!.n;
}

describe('POST /api/payment/webhook signature verification', () => {
  it('refuses every forged or stale delivery with 400 INVALID_SIGNATURE and applies none of them', async () => {
    const accountId = await accountIdOf(t, { sub: 'sig_victim' });
    const event = checkoutCompleted(subscriptionRefs(accountId), 'enterprise', clock.now());
    const payload = JSON.stringify(event);
    const now = seconds(clock.now());
    const attempts: Record<string, Parameters<typeof deliverEvent>[2]> = {
      'a tampered body under a valid header': { tamperedBody: payload.replace('"enterprise"', '"business"') },
      'the same JSON re-serialised': { tamperedBody: JSON.stringify(event, null, 2) },
      'a stale timestamp (301 s old)': { header: signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: now - 301 }) },
      'a future timestamp (301 s ahead)': { header: signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: now + 301 }) },
      'a v0-only header': { header: signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: now, scheme: 'v0' }) },
      'an unknown secret': { header: signatureHeader(payload, { secret: 'whsec_attacker', timestamp: now }) },
      'no signature at all': { header: '' },
      'a header without a timestamp': { header: signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: now }).replace(/^t=\d+,/, '') },
    };
    const before = await eventsRecorded();
    for (const [label, options] of Object.entries(attempts)) {
      const response = await deliverEvent(t, event, { at: clock.now(), ...options });
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual(INVALID_SIGNATURE_BODY);
    }
    expect(await eventsRecorded()).toBe(before);
    expect(await planOf(accountId)).toBe('free');

    // The genuine delivery still applies afterwards: the refusals left nothing behind.
    const genuine = await deliverEvent(t, event, { at: clock.now() });
    expect(genuine.statusCode).toBe(200);
    expect(await planOf(accountId)).toBe('enterprise');
  });

  it('accepts timestamps up to 300 s either side of our clock', async () => {
    for (const offset of [-300, 300]) {
      const accountId = await accountIdOf(t, { sub: `sig_edge_${offset}` });
      const event = checkoutCompleted(subscriptionRefs(accountId), 'pro', clock.now());
      const header = signatureHeader(JSON.stringify(event), { secret: CURRENT_SECRET, timestamp: seconds(clock.now()) + offset });
      expect((await deliverEvent(t, event, { header })).statusCode, String(offset)).toBe(200);
    }
  });

  it('accepts deliveries signed with either secret during a rotation, and headers carrying several v1 values', async () => {
    const withPrevious = await accountIdOf(t, { sub: 'sig_rotation_old' });
    const oldEvent = checkoutCompleted(subscriptionRefs(withPrevious), 'pro', clock.now());
    expect((await deliverEvent(t, oldEvent, { at: clock.now(), secret: PREVIOUS_SECRET })).statusCode).toBe(200);

    const withBoth = await accountIdOf(t, { sub: 'sig_rotation_both' });
    const event = checkoutCompleted(subscriptionRefs(withBoth), 'pro', clock.now());
    const payload = JSON.stringify(event);
    const signedByStranger = signatureHeader(payload, { secret: 'whsec_someone_else', timestamp: seconds(clock.now()) });
    const signedByUs = signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: seconds(clock.now()) });
    const header = `${signedByStranger},v1=${signedByUs.split('v1=')[1]}`;
    expect((await deliverEvent(t, event, { header })).statusCode).toBe(200);
    expect(await planOf(withBoth)).toBe('pro');
  });

  it('answers 400 INVALID_REQUEST for a correctly signed body that is not an event, and applies nothing', async () => {
    const payload = JSON.stringify({ hello: 'world' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'payment-signature': signatureHeader(payload, { secret: CURRENT_SECRET, timestamp: seconds(clock.now()) }),
      },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_REQUEST');
  });
});

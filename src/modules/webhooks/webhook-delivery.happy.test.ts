/**
 * Deliveries over real HTTP to a local receiver that verifies every
 * signature with the Standard Webhooks library: the test event, retries
 * until the receiver recovers (one webhook-id throughout), events emitted in
 * the caller's transaction, and the rotation overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { outgoingWebhooks } from './tables.ts';
import { eq } from 'drizzle-orm';

const clock = new ManualClock('2026-11-25T00:00:00.000Z');
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(clock);
  t = await startTestApp({ clock, env: { WEBHOOK_ALLOWLIST: receiver.host } });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** Fresh headers each call: the clock moves past a token's hour. */
const admin = () => t.authHeaders({ sub: 'delivery_admin', account: 'org_delivery', role: 'admin' });
const hours = (n: number) => n * 3600_000;

async function createEndpoint(events: string[]): Promise<{ id: string; secret: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: await admin(), payload: { url: receiver.url, events } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function deliveryLog(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: await admin() })).json().deliveries;
}

async function sendTest(id: string) {
  const response = await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: await admin() });
  expect(response.statusCode).toBe(202);
  return response.json();
}

describe('webhook delivery', () => {
  it('sends webhook.test signed so that the library verifies it, and logs the delivery', async () => {
    const endpoint = await createEndpoint(['score.completed']);
    receiver.setSecrets([endpoint.secret]);
    const queued = await sendTest(endpoint.id);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, eventType: 'webhook.test' });
    expect(queued.messageId).toMatch(/^msg_/);
    const seen = receiver.deliveries.length;
    await t.services.jobRunner.runDue();
    const delivery = receiver.deliveries[seen]!;
    expect(delivery.verifiedBy).toEqual([0]);
    expect(delivery.verified).toEqual({ type: 'webhook.test', timestamp: clock.now().toISOString(), data: { webhookId: endpoint.id } });
    expect(delivery.request.headers['webhook-id']).toBe(queued.messageId);
    expect(delivery.request.headers['content-type']).toBe('application/json');
    const [logged] = await deliveryLog(endpoint.id);
    expect(logged).toMatchObject({ id: queued.id, status: 'delivered', attempts: 1, responseStatus: 204, nextAttemptAt: null, lastError: null });
    expect(logged.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries a receiver that fails twice, and delivers once it recovers, with the same webhook-id', async () => {
    const endpoint = await createEndpoint(['webhook.test']);
    receiver.setSecrets([endpoint.secret]);
    receiver.script([500, 503]);
    const seen = receiver.deliveries.length;
    const queued = await sendTest(endpoint.id);

    await t.services.jobRunner.runDue();
    let [logged] = await deliveryLog(endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, lastError: 'HTTP 500' });
    const nextAttempt = new Date(logged.nextAttemptAt).getTime();
    expect(nextAttempt - clock.now().getTime()).toBeGreaterThanOrEqual(15_000);
    expect(nextAttempt - clock.now().getTime()).toBeLessThanOrEqual(30_000);

    await t.services.jobRunner.runDue(); // not due yet
    expect(receiver.deliveries.length - seen).toBe(1);
    clock.advance(hours(1));
    await t.services.jobRunner.runDue();
    [logged] = await deliveryLog(endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
    clock.advance(hours(1));
    await t.services.jobRunner.runDue();
    [logged] = await deliveryLog(endpoint.id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204 });

    const received = receiver.deliveries.slice(seen);
    expect(received.map((delivery) => delivery.status)).toEqual([500, 503, 204]);
    expect(new Set(received.map((delivery) => delivery.request.headers['webhook-id']))).toEqual(new Set([queued.messageId]));
    expect(received.every((delivery) => delivery.verifiedBy.length === 1)).toBe(true);
  });

  it('emits an event to the subscribed, enabled endpoints only, in the caller transaction', async () => {
    const subscribed = await createEndpoint(['member.added']);
    const other = await createEndpoint(['member.removed']);
    const [row] = await t.testDatabase.handle.db.select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, subscribed.id));
    const queued = await t.testDatabase.handle.db.transaction((tx) =>
      t.services.webhookDeliveries.emit(tx, row!.accountId, 'member.added', { userId: 'user_1', role: 'member' }),
    );
    expect(queued).toBe(1);
    receiver.setSecrets([subscribed.secret]);
    const seen = receiver.deliveries.length;
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.slice(seen).map((delivery) => delivery.verified)).toEqual([
      { type: 'member.added', timestamp: clock.now().toISOString(), data: { userId: 'user_1', role: 'member' } },
    ]);
    expect(await deliveryLog(other.id)).toEqual([]);
  });

  it("delivers an account's events in the order they happened, each verified", async () => {
    // An account of its own: the other tests' endpoints would receive these events too.
    const headers = await t.authHeaders({ sub: 'ordering_admin', account: 'org_ordering', role: 'admin' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers,
      payload: { url: receiver.url, events: ['member.added', 'member.removed'] },
    });
    const endpoint = created.json();
    receiver.setSecrets([endpoint.secret]);
    const [row] = await t.testDatabase.handle.db.select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, endpoint.id));
    const emitted: unknown[] = [];
    // Three changes a second apart, each emitting four events in its own transaction.
    for (let change = 0; change < 3; change++) {
      await t.testDatabase.handle.db.transaction(async (tx) => {
        for (let n = 0; n < 4; n++) {
          const type = n % 2 === 0 ? 'member.added' : 'member.removed';
          const data = { userId: `user_${change}_${n}`, role: 'member' };
          await t.services.webhookDeliveries.emit(tx, row!.accountId, type, data);
          emitted.push({ type, timestamp: clock.now().toISOString(), data });
        }
      });
      clock.advance(1000);
    }
    const seen = receiver.deliveries.length;
    await t.services.jobRunner.runDue();
    const received = receiver.deliveries.slice(seen);
    expect(received.map((delivery) => delivery.verified)).toEqual(emitted);
    expect(received.every((delivery) => delivery.verifiedBy.length === 1)).toBe(true);
  });

  it('emits member.added when a member joins and member.removed when removed', async () => {
    const owner = () => t.authHeaders({ sub: 'team_owner', account: 'org_team_events', role: 'owner' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: await owner(),
      payload: { url: receiver.url, events: ['member.added', 'member.removed'] },
    });
    receiver.setSecrets([created.json().secret]);
    await t.services.jobRunner.runDue();
    const seen = receiver.deliveries.length;
    const member = await t.authHeaders({ sub: 'team_member', account: 'org_team_events', role: 'member' });
    await t.app.inject({ method: 'GET', url: '/api/account', headers: member });
    await t.services.jobRunner.runDue();
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/account/members/team_member', headers: await owner() });
    expect(removed.statusCode).toBe(200);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.slice(seen).map((delivery) => delivery.verified)).toEqual([
      { type: 'member.added', timestamp: clock.now().toISOString(), data: { userId: 'team_member', role: 'member' } },
      { type: 'member.removed', timestamp: clock.now().toISOString(), data: { userId: 'team_member', role: 'member' } },
    ]);
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const endpoint = await createEndpoint(['webhook.test']);
    const rotated = (await t.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/rotate-secret`, headers: await admin() })).json();
    receiver.setSecrets([rotated.secret, endpoint.secret]);
    let seen = receiver.deliveries.length;
    await sendTest(endpoint.id);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries[seen]!.verifiedBy).toEqual([0, 1]);
    expect(String(receiver.deliveries[seen]!.request.headers['webhook-signature']).split(' ')).toHaveLength(2);

    clock.advance(hours(25));
    seen = receiver.deliveries.length;
    await sendTest(endpoint.id);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries[seen]!.verifiedBy).toEqual([0]);
  });

  it('redelivers a logged event with the same webhook-id', async () => {
    const endpoint = await createEndpoint(['webhook.test']);
    receiver.setSecrets([endpoint.secret]);
    const first = await sendTest(endpoint.id);
    await t.services.jobRunner.runDue();
    const seen = receiver.deliveries.length;
    const again = await t.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, headers: await admin() });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ messageId: first.messageId, status: 'pending' });
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries[seen]!.request.headers['webhook-id']).toBe(first.messageId);
    expect(receiver.deliveries[seen]!.verifiedBy).toEqual([0]);
    expect((await deliveryLog(endpoint.id)).map((delivery: { status: string }) => delivery.status)).toEqual(['delivered', 'delivered']);
  });
});

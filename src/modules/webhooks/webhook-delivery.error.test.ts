/**
 * Deliveries that must not or cannot arrive: a name that resolves to an
 * internal address at delivery time (refused before any socket), a redirect
 * (not followed), a receiver failing for the whole 3-day horizon (endpoint
 * disabled, owners mailed), and the account's erasure (endpoints, log and
 * pending attempts gone).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { jobDedupeKeys } from '../../queue/tables.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { DELIVER_WEBHOOK_JOB } from './webhook-deliveries.ts';
import { outgoingWebhooks, webhookDeliveries } from './tables.ts';

const clock = new ManualClock('2026-11-25T00:00:00.000Z');
/** What the test's DNS answers for hooks.example.com: a public address at creation, an internal one later (rebinding). */
let rebindingAnswer = '93.184.215.14';
let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver(clock);
  t = await startTestApp({
    clock,
    env: { WEBHOOK_ALLOWLIST: receiver.host },
    crawlLookup: async () => [{ address: rebindingAnswer, family: 4 }],
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const headersFor = (account: string, role: 'admin' | 'owner' = 'owner') =>
  t.authHeaders({ sub: `${account}_${role}`, account, role, email: `${account}@example.com` });
const db = () => t.testDatabase.handle.db;

async function createEndpoint(account: string, url = receiver.url): Promise<{ id: string; secret: string }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: await headersFor(account), payload: { url, events: ['webhook.test'] } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function sendTest(account: string, id: string) {
  const response = await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: await headersFor(account) });
  expect(response.statusCode).toBe(202);
  return response.json();
}

async function deliveryLog(account: string, id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: await headersFor(account) })).json().deliveries;
}

describe('webhook delivery refusals and failures', () => {
  it('refuses at delivery a host that now resolves to an internal address, without connecting', async () => {
    rebindingAnswer = '93.184.215.14';
    const endpoint = await createEndpoint('org_rebind', 'https://hooks.example.com/in');
    rebindingAnswer = '10.0.0.1';
    await sendTest('org_rebind', endpoint.id);
    await t.services.jobRunner.runDue();
    const [logged] = await deliveryLog('org_rebind', endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(logged.lastError).toMatch(/Refused to connect to hooks\.example\.com: it resolves to 10\.0\.0\.1/);
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    const endpoint = await createEndpoint('org_redirect');
    receiver.script([302]);
    const seen = receiver.deliveries.length;
    await sendTest('org_redirect', endpoint.id);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.length - seen).toBe(1);
    const [logged] = await deliveryLog('org_redirect', endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 302, lastError: 'HTTP 302' });
  });

  it('gives up after 3 days of failures, disables the endpoint and mails the owner', async () => {
    const endpoint = await createEndpoint('org_failing');
    receiver.script(Array.from({ length: 200 }, () => 500));
    const created = clock.now().getTime();
    await sendTest('org_failing', endpoint.id);
    await t.services.jobRunner.runDue();
    for (let step = 0; step < 40 && (await deliveryLog('org_failing', endpoint.id))[0].status === 'pending'; step++) {
      clock.advance(6 * 3600_000);
      await t.services.jobRunner.runDue();
    }
    receiver.script([]);
    const [logged] = await deliveryLog('org_failing', endpoint.id);
    expect(logged).toMatchObject({ status: 'failed', responseStatus: 500, nextAttemptAt: null });
    expect(logged.attempts).toBeGreaterThan(10);
    expect(clock.now().getTime() - created).toBeGreaterThanOrEqual(3 * 24 * 3600_000 - 6 * 3600_000);
    const hook = (await t.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: await headersFor('org_failing') })).json();
    expect(hook).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mails = await db().select().from(jobDedupeKeys).where(eq(jobDedupeKeys.name, 'mail.send'));
    expect(mails.some((job) => job.dedupeKey.startsWith(`webhook ${endpoint.id} disabled`) && job.dedupeKey.endsWith('to org_failing@example.com'))).toBe(true);

    // A disabled endpoint gets nothing; enabled again, it does.
    const seen = receiver.deliveries.length;
    await sendTest('org_failing', endpoint.id);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.length).toBe(seen);
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/enable`, headers: await headersFor('org_failing') });
    await sendTest('org_failing', endpoint.id);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.length).toBe(seen + 1);
  });

  it("answers 404 for another account's delivery log, test and redelivery", async () => {
    const endpoint = await createEndpoint('org_mine');
    const delivery = await sendTest('org_mine', endpoint.id);
    const other = await headersFor('org_not_mine');
    for (const [method, url] of [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['POST', `/api/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: other })).statusCode, `${method} ${url}`).toBe(404);
    }
    await t.services.jobRunner.runDue();
  });

  it("removes the account's endpoints, delivery log and pending attempts with the account", async () => {
    const endpoint = await createEndpoint('org_erased');
    receiver.script([500]);
    await sendTest('org_erased', endpoint.id);
    await t.services.jobRunner.runDue();
    const [row] = await db().select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, endpoint.id));
    const accountId = row!.accountId;
    const pending = async () =>
      (await t.services.jobs.engine.boss.findJobs<{ accountId: string }>(DELIVER_WEBHOOK_JOB)).filter(
        (job) => job.data.accountId === accountId && (job.state === 'created' || job.state === 'retry'),
      );
    expect((await pending()).length).toBeGreaterThan(0);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: await headersFor('org_erased'),
      payload: { confirmation: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await db().select().from(outgoingWebhooks).where(eq(outgoingWebhooks.accountId, accountId))).toEqual([]);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, accountId))).toEqual([]);
    expect(await pending()).toEqual([]);
    const seen = receiver.deliveries.length;
    clock.advance(3600_000);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.length).toBe(seen);
  });

  it('sends at most 10 test events and redeliveries a minute per account, refusing the rest with the nested 429 (issue 24)', async () => {
    const base = await t.listen();
    const endpoint = await createEndpoint('org_flood');
    const headers = await headersFor('org_flood');
    const post = (path: string) => fetch(`${base}${path}`, { method: 'POST', headers });
    const seen = receiver.deliveries.length;

    const tests = await Promise.all(Array.from({ length: 60 }, () => post(`/api/webhooks/${endpoint.id}/test`)));
    expect(tests.filter((response) => response.status === 202)).toHaveLength(10);
    const refused = tests.filter((response) => response.status === 429);
    expect(refused).toHaveLength(50);
    expect(refused[0]!.headers.get('retry-after')).toBe('60');
    expect(await refused[0]!.json()).toEqual({
      error: {
        code: 'SCORING_RATE_LIMITED',
        message: 'Too many webhook-send requests: the limit is 10 per 60 seconds.',
        action: 'Wait 60 seconds before retrying.',
        retryable: true,
      },
    });
    expect(await deliveryLog('org_flood', endpoint.id)).toHaveLength(10);

    // Redeliveries share the window: none while it is full, ten once it has slid.
    const [logged] = await deliveryLog('org_flood', endpoint.id);
    const redeliver = () => Promise.all(Array.from({ length: 40 }, () => post(`/api/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`)));
    expect((await redeliver()).every((response) => response.status === 429)).toBe(true);
    clock.advance(60_000);
    expect((await redeliver()).filter((response) => response.status === 202)).toHaveLength(10);
    expect(await deliveryLog('org_flood', endpoint.id)).toHaveLength(20);
    await t.services.jobRunner.runDue();
    expect(receiver.deliveries.length - seen).toBe(20);

    // Another account's window is its own.
    const other = await createEndpoint('org_flood_other');
    await sendTest('org_flood_other', other.id);
    await t.services.jobRunner.runDue();
  });
});

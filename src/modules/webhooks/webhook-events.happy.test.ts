/**
 * Events emitted where they happen, delivered over real HTTP to a local
 * receiver and verified with the Standard Webhooks library, each body
 * checked against its description in the OpenAPI document's `webhooks`:
 * score.completed (a real crawl of a local fixture site; nothing for an
 * anonymous score), score.linked, plan.changed (signed payment events),
 * usage.threshold (once per period and mark, even under concurrency).
 */
import path from 'node:path';
import { Errors } from 'typebox/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../test/fixtures/static-site.ts';
import { accountIdOf, deliverEvent, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { providerEvent, subscriptionObject } from '../../../test/fakes/payment-events.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { DevTokenClaims } from '../../identity/dev-identity.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let t: TestApp;
let site: ServedSite;
let receiver: WebhookReceiver;
let documentedBodies: Record<string, unknown>;
const secrets: string[] = [];

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  receiver = await startWebhookReceiver(clock);
  t = await startTestApp({ clock, env: { CRAWL_ALLOWLIST: new URL(site.origin).host, WEBHOOK_ALLOWLIST: receiver.host, PAYMENT_PRICE_IDS: 'price_pro=pro' } });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  documentedBodies = Object.fromEntries(
    Object.entries(document.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>).map(([type, item]) => [
      type,
      item.post.requestBody.content['application/json']!.schema,
    ]),
  );
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await site.close();
});

const publicBase = () => t.config.publicBaseUrl.replace(/\/$/, '');

/** An account whose owner subscribed one endpoint to `events`; its headers and id. */
async function subscribedAccount(claims: DevTokenClaims, events: WebhookEventType[]) {
  const headers = await t.authHeaders({ role: 'owner', ...claims });
  const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url, events } });
  expect(created.statusCode).toBe(201);
  secrets.push(created.json().secret);
  receiver.setSecrets(secrets);
  return { headers, accountId: await accountIdOf(t, claims) };
}

/** Runs the due deliveries; the verified bodies received since `seen`, each checked against the document. */
async function deliveredSince(seen: number): Promise<{ type: string; timestamp: string; data: Record<string, unknown> }[]> {
  await t.services.jobRunner.runDue();
  return receiver.deliveries.slice(seen).map((delivery) => {
    const body = delivery.verified as { type: string; timestamp: string; data: Record<string, unknown> } | null;
    expect(body, 'a delivery the library could not verify').not.toBeNull();
    const [valid, errors] = Errors(documentedBodies[body!.type] as never, body);
    expect({ type: body!.type, valid, errors }).toEqual({ type: body!.type, valid: true, errors: [] });
    return body!;
  });
}

describe('the webhooks section of the API document', () => {
  it('describes every event type, with the Standard Webhooks headers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const operation = document.webhooks[type].post;
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(operation.requestBody.content['application/json'].schema.properties.type).toMatchObject({ const: type });
    }
  });
});

describe('emitted webhook events', () => {
  it("sends score.completed with the result's summary and link when an account's score is stored", async () => {
    const { headers } = await subscribedAccount({ sub: 'events_owner', account: 'org_events' }, ['score.completed']);
    const seen = receiver.deliveries.length;

    const scored = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(scored.statusCode).toBe(200);
    const result = scored.json();
    await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '198.51.100.9' });

    expect(await deliveredSince(seen)).toEqual([
      {
        type: 'score.completed',
        timestamp: clock.now().toISOString(),
        data: {
          resultId: result.id,
          url: result.url,
          companyName: result.companyName ?? null,
          totalScore: result.totalScore,
          stageName: result.stageName,
          depth: 'full',
          strengths: result.strengths,
          gaps: result.gaps,
          productId: null,
          createdAt: result.createdAt,
          link: `${publicBase()}/r/${result.id}`,
          api: `${publicBase()}/api/score/${result.id}`,
        },
      },
    ]);
  });

  it('sends score.linked when an anonymous result is linked to the account, once', async () => {
    const { headers } = await subscribedAccount({ sub: 'linker_owner', account: 'org_linker' }, ['score.linked', 'score.completed']);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '198.51.100.10' });
    expect(anonymous.statusCode).toBe(200);
    const result = anonymous.json();
    const seen = receiver.deliveries.length;

    const link = { id: result.id, claimToken: anonymous.headers['score-claim-token'] };
    expect((await t.app.inject({ method: 'POST', url: '/api/score/link', headers, payload: link })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/score/link', headers, payload: link })).statusCode).toBe(409);

    const received = await deliveredSince(seen);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'score.linked',
      data: {
        resultId: result.id,
        url: result.url,
        totalScore: result.totalScore,
        depth: 'full',
        linkedAt: clock.now().toISOString(),
        linkedByUserId: 'linker_owner',
        link: `${publicBase()}/r/${result.id}`,
      },
    });
  });

  it('sends plan.changed when a payment event changes the plan, and nothing for one that does not', async () => {
    const { accountId } = await subscribedAccount({ sub: 'plan_owner', account: 'org_plan' }, ['plan.changed']);
    const seen = receiver.deliveries.length;

    const refs = await subscribe(t, accountId, 'pro', clock.now());
    // The subscription's own event for the same plan changes nothing.
    const period = { start: clock.now(), end: new Date(clock.now().getTime() + 30 * 86_400_000) };
    const active = subscriptionObject(refs, { priceId: 'price_pro', status: 'active', startedAt: clock.now(), period });
    expect((await deliverEvent(t, providerEvent('customer.subscription.updated', clock.now(), active), { at: clock.now() })).json().outcome).toBe('applied');
    clock.advance(60_000);
    const ended = subscriptionObject(refs, { priceId: 'price_pro', status: 'canceled', startedAt: period.start, period });
    expect((await deliverEvent(t, providerEvent('customer.subscription.deleted', clock.now(), ended), { at: clock.now() })).json().outcome).toBe('applied');

    const received = await deliveredSince(seen);
    expect(received.map((event) => event.data)).toEqual([
      { from: 'free', to: 'pro', changedAt: period.start.toISOString() },
      { from: 'pro', to: 'free', changedAt: clock.now().toISOString() },
    ]);
  });

  it('sends usage.threshold at 80% and 100% of the scores, once per period, whatever the concurrency and refunds', async () => {
    const { accountId } = await subscribedAccount({ sub: 'usage_owner', account: 'org_usage' }, ['usage.threshold']);
    const principal = { userId: 'usage_owner', accountId, role: 'owner' as const, email: null, method: 'bearer' as const, apiKeyId: null };
    const seen = receiver.deliveries.length;
    const admit = () => t.services.admissionGate.admit({ action: 'score', principal, clientAddress: null });

    // Free: 3 scores. The first two stay under 80%; the third reaches both marks at once.
    const first = await admit();
    await admit();
    expect(await deliveredSince(seen)).toEqual([]);
    const admissions = await Promise.all([admit(), admit(), admit()]);
    expect(admissions.filter((admission) => admission.ok)).toHaveLength(1);

    // A refund and a second crossing of the same marks in the same period tell nothing more.
    if (!first.ok) throw new Error('the first score was refused');
    await first.charge.refund();
    clock.advance(60_000); // past the per-user score rate limit (5 per 60 s)
    expect((await admit()).ok).toBe(true);

    const received = await deliveredSince(seen);
    const usage = await t.services.usageReports.forAccount(accountId);
    expect(received.map((event) => event.data).sort((a, b) => Number(a.threshold) - Number(b.threshold))).toEqual(
      [80, 100].map((threshold) => ({
        metric: 'scores',
        threshold,
        used: 3,
        limit: 3,
        plan: 'free',
        periodStart: usage.periodStart,
        periodEnd: usage.periodEnd,
      })),
    );
  });
});

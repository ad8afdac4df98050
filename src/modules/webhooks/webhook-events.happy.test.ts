/**
 * Events emitted where they happen, delivered over real HTTP and verified
 * with the Standard Webhooks library: score.completed when an account's
 * score is stored (a real crawl of a local fixture site); nothing for an
 * anonymous score.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../test/fixtures/static-site.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/fakes/webhook-receiver.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let t: TestApp;
let site: ServedSite;
let receiver: WebhookReceiver;
beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  receiver = await startWebhookReceiver(clock);
  t = await startTestApp({ clock, env: { CRAWL_ALLOWLIST: `${new URL(site.origin).host},${receiver.host}` } });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
  await site.close();
});

describe('emitted webhook events', () => {
  it("sends score.completed with the result's summary and link when an account's score is stored", async () => {
    const headers = await t.authHeaders({ sub: 'events_owner', account: 'org_events', role: 'owner' });
    const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url, events: ['score.completed'] } });
    receiver.setSecrets([created.json().secret]);
    const seen = receiver.deliveries.length;

    const scored = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(scored.statusCode).toBe(200);
    const result = scored.json();
    await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '198.51.100.9' });
    await t.services.jobRunner.runDue();

    const received = receiver.deliveries.slice(seen);
    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toEqual({
      type: 'score.completed',
      timestamp: clock.now().toISOString(),
      data: {
        resultId: result.id,
        url: result.url,
        companyName: result.companyName ?? null,
        totalScore: result.totalScore,
        stageName: result.stageName,
        strengths: result.strengths,
        gaps: result.gaps,
        productId: null,
        createdAt: result.createdAt,
        link: `${t.config.publicBaseUrl.replace(/\/$/, '')}/r/${result.id}`,
        api: `${t.config.publicBaseUrl.replace(/\/$/, '')}/api/score/${result.id}`,
      },
    });
  });
});

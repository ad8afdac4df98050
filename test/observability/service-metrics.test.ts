/**
 * The metrics shown working: real activity through the app (a score of a
 * local site, a crawl that fails and gives its credits back, mail and webhook
 * jobs, a model provider that answers or fails, a rate-limit store that is
 * down), then a scrape of GET /metrics, asserting that each series moved by
 * what the activity did. Scraped on the public port behind METRICS_TOKEN, as
 * a Prometheus agent with the token would.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { enqueueMail } from '../../src/mail/send-mail-job.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../fakes/openai-compatible.ts';
import { stoppedRedisUrl } from '../fakes/redis.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhook-receiver.ts';
import { freePort } from '../process/processes.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../harness.ts';
import { sampleOf } from './prometheus-text.ts';

const TOKEN = 'scrape-token-0123456789';
const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let site: ServedSite;
let llm: FakeOpenAiServer;
let receiver: WebhookReceiver;
let closedPort: number;
let t: TestApp;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
  llm = await startFakeOpenAi();
  receiver = await startWebhookReceiver(clock);
  closedPort = await freePort();
  t = await startTestApp({
    clock,
    env: {
      METRICS_TOKEN: TOKEN,
      CRAWL_ALLOWLIST: `${new URL(site.origin).host},127.0.0.1:${closedPort}`,
      WEBHOOK_ALLOWLIST: receiver.host,
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'test-key',
      LLM_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([site.close(), llm.close(), receiver.close()]);
});

async function scrape(app: TestApp = t): Promise<string> {
  const response = await app.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
}

/** What each named series changed by across `activity`. */
async function movedBy(series: [name: string, labels?: Record<string, string>][], activity: () => Promise<void>): Promise<number[]> {
  const before = await scrape();
  await activity();
  const after = await scrape();
  return series.map(([name, labels]) => (sampleOf(after, name, labels) ?? 0) - (sampleOf(before, name, labels) ?? 0));
}

const owner = (sub: string) => t.authHeaders({ sub, account: `org_${sub}`, role: 'owner' });

describe('GET /metrics after real activity', () => {
  it('counts a crawl, its pages, the credits charged, the model call and the request', async () => {
    llm.respondWith({ httpError: { status: 500 } });
    const moved = await movedBy(
      [
        ['crawls_total', { outcome: 'ok' }],
        ['crawl_pages_count'],
        ['crawl_pages_sum'],
        ['crawl_duration_seconds_count', { outcome: 'ok' }],
        ['credits_charged_total', { action: 'score' }],
        ['model_call_duration_seconds_count', { purpose: 'refine', outcome: 'error' }],
        ['model_call_errors_total', { purpose: 'refine' }],
        ['http_request_duration_seconds_count', { method: 'POST', route: '/api/score', status_code: '200' }],
      ],
      async () => {
        const response = await t.app.inject({ method: 'POST', url: '/api/score', headers: await owner('metrics_scorer'), payload: { url: site.origin } });
        expect(response.statusCode).toBe(200);
      },
    );
    const [crawls, crawlsObserved, pages, durations, credits, modelCalls, modelErrors, requests] = moved;
    expect(crawls).toBe(1);
    expect(crawlsObserved).toBe(1);
    expect(pages).toBeGreaterThan(1);
    expect(durations).toBe(1);
    expect(credits).toBeGreaterThan(0);
    expect(modelCalls).toBeGreaterThanOrEqual(1);
    expect(modelErrors).toBe(modelCalls);
    expect(requests).toBe(1);
  });

  it('counts a crawl that fails, and the credits it gives back', async () => {
    const [failed, charged, returned] = await movedBy(
      [
        ['crawls_total', { outcome: 'failed' }],
        ['credits_charged_total', { action: 'score' }],
        ['credits_returned_total', { action: 'score' }],
      ],
      async () => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/score',
          headers: await owner('metrics_failed_crawl'),
          payload: { url: `http://127.0.0.1:${closedPort}/` },
        });
        expect(response.statusCode).toBe(422);
      },
    );
    expect(failed).toBe(1);
    expect(charged).toBeGreaterThan(0);
    expect(returned).toBe(charged);
  });

  it('shows the mail queue deep while a mail waits, then the mail sent and the job completed', async () => {
    await enqueueMail(t.services.jobs, t.database.db, {
      to: 'metrics@example.com',
      subject: 'Hello',
      text: 'Hello.',
      html: '<p>Hello.</p>',
      category: 'account',
    });
    const waiting = await scrape();
    expect(sampleOf(waiting, 'queue_depth', { queue: 'mail.send' })).toBe(1);
    expect(sampleOf(waiting, 'queue_oldest_age_seconds', { queue: 'mail.send' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(waiting, 'queue_depth', { queue: 'score.run' })).toBe(0);

    const [sent, completed] = await movedBy([['mail_sent_total'], ['jobs_completed_total', { queue: 'mail.send' }]], async () => {
      await t.services.jobRunner.runDue();
    });
    expect(sent).toBe(1);
    expect(completed).toBe(1);
    // A queue once seen reads 0 when it empties, rather than vanishing.
    expect(sampleOf(await scrape(), 'queue_depth', { queue: 'mail.send' })).toBe(0);
  });

  it('counts webhook attempts by outcome, and the job attempts that failed and completed', async () => {
    const headers = await owner('metrics_webhooks');
    const created = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url, events: ['score.completed'] } });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json();
    receiver.setSecrets([endpoint.secret]);
    receiver.script([500]);
    const [httpErrors, delivered, failedAttempts, completed] = await movedBy(
      [
        ['webhook_attempts_total', { outcome: 'http_error' }],
        ['webhook_attempts_total', { outcome: 'delivered' }],
        ['jobs_failed_total', { queue: 'webhook.deliver' }],
        ['jobs_completed_total', { queue: 'webhook.deliver' }],
      ],
      async () => {
        expect((await t.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, headers })).statusCode).toBe(202);
        await t.services.jobRunner.runDue();
        // The retry falls due a minute later at most.
        clock.advance(60_000);
        await t.services.jobRunner.runDue();
      },
    );
    expect(httpErrors).toBe(1);
    expect(delivered).toBe(1);
    // A webhook attempt that the receiver refused schedules the next attempt as a new job: this one completed.
    expect(failedAttempts! + completed!).toBe(2);
  });
});

describe('failures of the services behind the app', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        REDIS_URL: await stoppedRedisUrl(),
        RATE_LIMIT_STORE_TIMEOUT_MS: '100',
        SMTP_URL: `smtp://127.0.0.1:${closedPort}`,
      },
    });
  });
  afterAll(() => down.close());

  it('counts rate-limit store failures by policy, mail the transport refused, and the job that will retry it', async () => {
    const before = await scrape(down);
    const refused = await down.app.inject({
      method: 'POST',
      url: '/api/score',
      headers: await down.authHeaders({ sub: 'metrics_limiter' }),
      payload: { url: 'https://example.com' },
    });
    expect(refused.statusCode).toBe(429);
    await enqueueMail(down.services.jobs, down.database.db, {
      to: 'metrics@example.com',
      subject: 'Hello',
      text: 'Hello.',
      html: '<p>Hello.</p>',
      category: 'account',
    });
    await down.services.jobRunner.runDue();
    const after = await scrape(down);

    const storeFailures = [...after.matchAll(/^rate_limit_store_failures_total\{policy="([^"]+)"\} (\d+)/gm)];
    expect(storeFailures.length).toBeGreaterThan(0);
    expect(sampleOf(before, 'rate_limit_store_failures_total', { policy: storeFailures[0]![1]! }) ?? 0).toBe(0);
    expect(Number(storeFailures[0]![2])).toBeGreaterThan(0);
    expect(sampleOf(after, 'mail_failed_total')! - (sampleOf(before, 'mail_failed_total') ?? 0)).toBe(1);
    expect(sampleOf(after, 'jobs_failed_total', { queue: 'mail.send' })).toBe(1);
  });
});

describe('GET /metrics on the public port', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(() => plain.close());

  it('is not served there without METRICS_TOKEN (it has its own port: METRICS_PORT)', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('answers 401 without the token or with another one, and the metrics with it', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toMatchObject({ code: 'AUTH_REQUIRED' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    expect(await scrape()).toContain('# TYPE crawl_duration_seconds histogram');
  });
});

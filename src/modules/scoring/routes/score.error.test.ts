import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChallengeSite } from '../../../../test/fixtures/hostile/challenge-page.ts';
import { startDrip, type DripServer } from '../../../../test/fixtures/hostile/drip.ts';
import type { FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { startRobotsDisallowAll } from '../../../../test/fixtures/hostile/robots-disallow-all.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';

let t: TestApp;
let site: ServedSite;
let challenge: FixtureServer;
let robots: FixtureServer;
let drip: DripServer;
let closedPort: number;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  challenge = await startChallengeSite();
  robots = await startRobotsDisallowAll();
  drip = await startDrip(1000);
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await startTestApp({
    // The fixture sites' changelogs are dated around this day: a fixed clock keeps staleness rules stable.
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    env: {
      CRAWL_ALLOWLIST: [new URL(site.origin).host, challenge.allowlistEntry, robots.allowlistEntry, drip.allowlistEntry, `127.0.0.1:${closedPort}`].join(','),
      CRAWL_REQUEST_TIMEOUT_MS: '1500',
      CRAWL_MAX_ACTIVE: '1',
      CRAWL_QUEUE_LIMIT: '0',
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([site.close(), challenge.close(), robots.close(), drip.close()]);
});

async function usedScores(headers: Record<string, string>) {
  const usage = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
  return { credits: usage.credits.used, scores: usage.scores.used };
}

describe('POST /api/score: addresses that cannot be scored', () => {
  const cases: [string, string][] = [
    ['not a URL', 'acme dot com'],
    ['a relative address', '/pricing'],
    ['another scheme', 'ftp://files.example.com/'],
    ['credentials in the address', 'https://user:secret@example.com/'],
    ['a loopback literal', 'http://127.0.0.1/'],
    ['a decimal loopback', 'http://2130706433/'],
    ['an IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private network address', 'http://10.0.0.8/admin'],
  ];
  for (const [label, url] of cases) {
    it(`answers 400 INVALID_URL for ${label}, and charges nothing`, async () => {
      // A user per case: every request counts toward the 5-per-minute window, whatever its outcome.
      const headers = await t.authHeaders({ sub: `invalid_url_${cases.indexOf(cases.find(([l]) => l === label)!)}` });
      const response = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url } });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ error: 'Invalid URL', code: 'INVALID_URL' });
      expect(body.message.length).toBeGreaterThan(5);
      expect(await usedScores(headers)).toEqual({ credits: 0, scores: 0 });
    });
  }
});

describe('POST /api/score: sites that cannot be crawled', () => {
  const cases: [string, () => string, RegExp][] = [
    ['a refused connection', () => `http://127.0.0.1:${closedPort}/`, /refused/i],
    ['a bot challenge page', () => challenge.url, /challenge/i],
    ['a robots.txt that disallows everything', () => robots.url, /robots\.txt/i],
  ];
  for (const [label, url, reason] of cases) {
    it(`answers 422 CRAWL_FAILED saying why for ${label}, and refunds the score`, async () => {
      const headers = await t.authHeaders({ sub: `crawl_failed_${label.length}` });
      const response = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: url() } });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body).toMatchObject({ error: 'Crawl failed', code: 'CRAWL_FAILED' });
      expect(body.message).toMatch(reason);
      expect(await usedScores(headers)).toEqual({ credits: 0, scores: 0 });
    });
  }
});

/**
 * A score job waits in the score queue until a worker takes it; once more
 * than CRAWL_QUEUE_LIMIT (0 here) are waiting, new scores are refused. With
 * the one worker slot (CRAWL_MAX_ACTIVE 1) on the dripping site, one more
 * score waits (the queue was not deeper than 0 when it came), and the next
 * finds the queue deeper than its bound.
 */
async function fillTheQueue(sub: string) {
  const waiting = t.app.inject({ method: 'POST', url: '/api/score', headers: await t.authHeaders({ sub }), payload: { url: site.origin } });
  await expect.poll(() => t.services.scoreJobs.waiting(), { timeout: 5000 }).toBe(1);
  // Wrapped: an async function's returned promise would be awaited with it.
  return { waiting };
}

describe('crawl capacity', () => {
  it('answers 503 with Retry-After when every worker slot is busy and the queue is full, and refunds', async () => {
    const slowHeaders = await t.authHeaders({ sub: 'capacity_slow' });
    const slow = t.app.inject({ method: 'POST', url: '/api/score', headers: slowHeaders, payload: { url: drip.url } });
    await expect.poll(() => drip.requests.length, { timeout: 5000 }).toBeGreaterThan(0);
    const { waiting } = await fillTheQueue('capacity_waiting');

    const headers = await t.authHeaders({ sub: 'capacity_refused' });
    const refused = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await usedScores(headers)).toEqual({ credits: 0, scores: 0 });

    // The dripping site times out: CRAWL_FAILED, refunded, and the slot is free again.
    expect((await slow).statusCode).toBe(422);
    // The score that waited ran once the slot was free.
    expect((await waiting).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(after.statusCode).toBe(200);
  });

  it('decides quota and rate-limit refusals before enqueuing: a refused request never queues', async () => {
    // A Free account with its three monthly scores spent.
    const spent = await t.authHeaders({ sub: 'capacity_spent' });
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'POST', url: '/api/score', headers: spent, payload: { url: site.origin } })).statusCode).toBe(200);

    // The only slot is now busy and the queue is full: anything that reached the queue would get 503.
    const dripRequestsBefore = drip.requests.length;
    const slow = t.app.inject({ method: 'POST', url: '/api/score', headers: await t.authHeaders({ sub: 'capacity_slow_2' }), payload: { url: drip.url } });
    await expect.poll(() => drip.requests.length, { timeout: 5000 }).toBeGreaterThan(dripRequestsBefore);
    const { waiting } = await fillTheQueue('capacity_waiting_2');

    const overQuota = await t.app.inject({ method: 'POST', url: '/api/score', headers: spent, payload: { url: site.origin } });
    expect(overQuota.statusCode).toBe(402);
    const busy = await t.authHeaders({ sub: 'capacity_busy' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/score', headers: busy, payload: { url: site.origin } })).statusCode);
    expect(statuses).toEqual([503, 503, 503, 503, 503, 429]);
    await slow;
    await waiting;
  });
});

describe('malformed requests', () => {
  for (const [label, payload, field] of [
    ['a missing url', {}, 'body.url'],
    ['a url that is not a string', { url: 42 }, 'body.url'],
    ['an over-long context', { url: 'https://example.com', context: 'x'.repeat(2001) }, 'body.context'],
  ] as const) {
    it(`answers 400 INVALID_REQUEST naming ${field} for ${label}`, async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/score', headers: await t.authHeaders({ sub: 'malformed' }), payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
    });
  }
});

describe('GET /api/score/<id>', () => {
  it('answers 404 NOT_FOUND for an unknown id, and 400 with details for something that is not an id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/score/9b2f8c1e-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND' });
    for (const id of ['not-a-uuid', '------------------------------------']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/score/${id}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: expect.stringContaining('id') }] });
    }
  });
});

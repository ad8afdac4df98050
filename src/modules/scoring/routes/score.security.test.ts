import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingServer } from '../../../../test/fixtures/hostile/counting-server.ts';
import type { FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { startRefusedRedirect } from '../../../../test/fixtures/hostile/refused-redirect.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';

let t: TestApp;
let site: ServedSite;
let internal: FixtureServer;
let toInternal: FixtureServer;
let toMetadata: FixtureServer;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  internal = await startCountingServer('127.0.0.2');
  toInternal = await startRefusedRedirect(`${internal.url}/`);
  toMetadata = await startRefusedRedirect('http://169.254.169.254/latest/meta-data/');
  t = await startTestApp({
    // The fixture sites' changelogs are dated around this day: a fixed clock keeps staleness rules stable.
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    // Every host name resolves to the internal server, as a hostile DNS answer would.
    crawlLookup: async () => [{ address: internal.host, family: 4 }],
    env: { CRAWL_ALLOWLIST: [new URL(site.origin).host, toInternal.allowlistEntry, toMetadata.allowlistEntry].join(',') },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([site.close(), internal.close(), toInternal.close(), toMetadata.close()]);
});

describe('the crawler cannot be turned against our network', () => {
  it('refuses a redirect from an allowed host to 127.0.0.2 with 422, and 127.0.0.2 receives no connection at all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/score',
      headers: await t.authHeaders({ sub: 'ssrf_internal' }),
      payload: { url: toInternal.url },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CRAWL_FAILED' });
    expect(response.json().message).toMatch(/refused address/i);
    expect(internal.connections).toBe(0);
  });

  it('refuses a public-looking name whose DNS answer is an internal address, before any connection', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/score',
      headers: await t.authHeaders({ sub: 'ssrf_dns' }),
      payload: { url: `http://intranet.example.com:${internal.port}/` },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'CRAWL_FAILED' });
    expect(internal.connections).toBe(0);
  });

  it('refuses a redirect to the cloud metadata address with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/score',
      headers: await t.authHeaders({ sub: 'ssrf_metadata' }),
      payload: { url: toMetadata.url },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/refused address/i);
  });
});

describe('anonymous cap', () => {
  it('allows one anonymous score per address per hour across /api/score, /api/score/quick and /api/try-score, with the real wait', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/score', payload: { url: site.origin }, remoteAddress: '203.0.113.20' });
    expect(first.statusCode).toBe(200);
    for (const url of ['/api/score', '/api/score/quick', '/api/try-score']) {
      const again = await t.app.inject({ method: 'POST', url, payload: { url: site.origin }, remoteAddress: '203.0.113.20' });
      expect(again.statusCode, url).toBe(429);
      expect(again.json()).toMatchObject({ error: { code: 'SCORING_RATE_LIMITED', retryable: true } });
      const wait = Number(again.headers['retry-after']);
      expect(wait).toBeGreaterThan(3500);
      expect(wait).toBeLessThanOrEqual(3600);
    }
    // Another address has its own allowance.
    expect((await t.app.inject({ method: 'POST', url: '/api/score/quick', payload: { url: site.origin }, remoteAddress: '203.0.113.21' })).statusCode).toBe(
      200,
    );
  });

  it('tells an anonymous caller of /api/score to sign in, and any caller of /api/try-score, signed in or not, to use /api/score signed in', async () => {
    const anonymousAddress = '203.0.113.50';
    expect((await t.app.inject({ method: 'POST', url: '/api/score', payload: { url: site.origin }, remoteAddress: anonymousAddress })).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/score', payload: { url: site.origin }, remoteAddress: anonymousAddress });
    expect(anonymous.json().error.action).toMatch(/^Sign in for more scores, or retry in \d+ seconds\.$/);

    const headers = await t.authHeaders({ sub: 'signed_in_trier' });
    const signedInAddress = '203.0.113.51';
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/try-score', headers, payload: { url: site.origin }, remoteAddress: signedInAddress })).statusCode,
    ).toBe(200);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/try-score', headers, payload: { url: site.origin }, remoteAddress: signedInAddress });
    expect(signedIn.statusCode).toBe(429);
    expect(signedIn.json().error.action).toMatch(
      /^For more scores, use POST \/api\/score signed in \(it counts against your plan\), or retry in \d+ seconds\.$/,
    );
  });

  it('ignores a spoofed X-Forwarded-For when no proxy is trusted', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '203.0.113.30' })).statusCode).toBe(200);
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/try-score',
      payload: { url: site.origin },
      remoteAddress: '203.0.113.30',
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(spoofed.statusCode).toBe(429);
  });
});

describe('per-user score rate limit', () => {
  it('shares 5 per 60 s across /api/score, /api/score/quick and /api/score/product; refusals count too', async () => {
    const headers = await t.authHeaders({ sub: 'rate_user' });
    const product = (await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'P', url: site.origin } })).json();
    const calls: [string, object][] = [
      ['/api/score', { url: site.origin }],
      ['/api/score/quick', { url: site.origin }],
      ['/api/score/product', { productId: product.id }],
      ['/api/score', { url: site.origin }],
      ['/api/score/quick', { url: site.origin }],
      ['/api/score/product', { productId: product.id }],
    ];
    const statuses: number[] = [];
    for (const [url, payload] of calls) statuses.push((await t.app.inject({ method: 'POST', url, headers, payload })).statusCode);
    // Free plan: 3 scores a month, then 402; the 6th request in the window is rate limited.
    expect(statuses).toEqual([200, 200, 200, 402, 402, 429]);
  });
});

describe('isolation and claims', () => {
  it("another account can neither score, nor read the history of, an account's product", async () => {
    const owner = await t.authHeaders({ sub: 'iso_owner' });
    const intruder = await t.authHeaders({ sub: 'iso_intruder' });
    const product = (await t.app.inject({ method: 'POST', url: '/api/products', headers: owner, payload: { name: 'Secret', url: site.origin } })).json();
    expect((await t.app.inject({ method: 'POST', url: '/api/score/product', headers: intruder, payload: { productId: product.id } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${product.id}/scores`, headers: intruder })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers: intruder })).json().products).toEqual([]);
  });

  it('links an anonymous result only with its claim token', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '203.0.113.40' });
    const id = anonymous.json().id;
    const thief = await t.authHeaders({ sub: 'claim_thief' });
    const guessed = await t.app.inject({ method: 'POST', url: '/api/score/link', headers: thief, payload: { id, claimToken: 'guessed-token-value' } });
    expect(guessed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/scores', headers: thief })).json().scores).toEqual([]);
  });
});

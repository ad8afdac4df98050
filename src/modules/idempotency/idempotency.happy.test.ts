/**
 * Idempotency-Key on the paid and creating routes, with the semantics payment
 * APIs use: a retry with the same key and body replays the first response
 * without charging, another body is refused with 422, concurrent requests
 * with one key run once, keys are scoped to the caller and last 24 hours.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../example-sites.ts';
import { ManualClock } from '../../clock.ts';
import { accountIdOf, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let t: TestApp;
let site: ServedSite;
beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ clock, env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

async function scoresUsed(headers: Record<string, string>): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().scores.used;
}

function score(headers: Record<string, string>, key: string, url = site.origin) {
  return t.app.inject({ method: 'POST', url: '/api/score', headers: { ...headers, 'idempotency-key': key }, payload: { url } });
}

describe('Idempotency-Key on POST /api/score', () => {
  it('replays the first response to a retry with the same key and body, without charging again', async () => {
    const headers = await t.authHeaders({ sub: 'idem_retry' });
    const first = await score(headers, 'retry-1');
    expect(first.statusCode).toBe(200);
    const retry = await score(headers, 'retry-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await scoresUsed(headers)).toBe(1);
  });

  it('refuses the same key with another body with 422, and runs nothing', async () => {
    const headers = await t.authHeaders({ sub: 'idem_mismatch' });
    expect((await score(headers, 'mismatch-1')).statusCode).toBe(200);
    const other = await score(headers, 'mismatch-1', `${site.origin}/pricing`);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await scoresUsed(headers)).toBe(1);
  });

  it('runs two concurrent requests with one key once: both get the one result', async () => {
    const headers = await t.authHeaders({ sub: 'idem_concurrent' });
    const [a, b] = await Promise.all([score(headers, 'concurrent-1'), score(headers, 'concurrent-1')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().id).toBe(b.json().id);
    expect(await scoresUsed(headers)).toBe(1);
  });

  it('makes the second of two concurrent requests over HTTP wait for the first and replay it, as documented (issue 24)', async () => {
    const base = await t.listen();
    const headers = { ...(await t.authHeaders({ sub: 'idem_http' })), 'idempotency-key': 'concurrent-http', 'content-type': 'application/json' };
    const send = () => fetch(`${base}/api/score`, { method: 'POST', headers, body: JSON.stringify({ url: site.origin }) });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = [await a.json(), await b.json()];
    expect(second.id).toBe(first.id);
    expect([a.headers.get('idempotent-replayed'), b.headers.get('idempotent-replayed')].sort()).toEqual(['true', null].sort());
    expect(await scoresUsed(await t.authHeaders({ sub: 'idem_http' }))).toBe(1);
  });

  it('scopes keys to the caller, and lets a key run again after 24 hours', async () => {
    const alice = await t.authHeaders({ sub: 'idem_alice' });
    const bob = await t.authHeaders({ sub: 'idem_bob' });
    const fromAlice = await score(alice, 'shared-key');
    const fromBob = await score(bob, 'shared-key');
    expect(fromBob.json().id).not.toBe(fromAlice.json().id);
    expect(await scoresUsed(bob)).toBe(1);

    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await score(alice, 'shared-key');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(fromAlice.json().id);
  });

  it('refuses a key that is not 1 to 255 printable characters with 400 and details', async () => {
    const headers = await t.authHeaders({ sub: 'idem_bad_key' });
    const response = await score(headers, 'x'.repeat(256));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'headers.idempotency-key' }] });
    expect(await scoresUsed(headers)).toBe(0);
  });
});

describe('Idempotency-Key on the other paid and creating routes', () => {
  it('creates one API key for a retried POST /api/keys', async () => {
    const admin = await t.authHeaders({ sub: 'idem_keys', account: 'org_idem_keys', role: 'admin' });
    await subscribe(t, await accountIdOf(t, { sub: 'idem_keys', account: 'org_idem_keys', role: 'admin' }), 'business', clock.now());
    const create = () => t.app.inject({ method: 'POST', url: '/api/keys', headers: { ...admin, 'idempotency-key': 'key-once' }, payload: { name: 'CI' } });
    const first = await create();
    const again = await create();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await t.app.inject({ method: 'GET', url: '/api/keys', headers: admin })).json().keys).toHaveLength(1);
  });

  it('answers a retried checkout with the same session', async () => {
    const headers = await t.authHeaders({ sub: 'idem_checkout' });
    const checkout = () =>
      t.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: { ...headers, 'idempotency-key': 'pay-once' }, payload: { plan: 'pro' } });
    const first = await checkout();
    expect(first.statusCode).toBe(200);
    expect((await checkout()).json()).toEqual(first.json());
  });

  it('replays a product score without charging again', async () => {
    const headers = await t.authHeaders({ sub: 'idem_product' });
    const product = (await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'P', url: site.origin } })).json();
    const run = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/score/product',
        headers: { ...headers, 'idempotency-key': 'product-once' },
        payload: { productId: product.id },
      });
    const first = await run();
    expect(first.statusCode).toBe(200);
    expect((await run()).json().id).toBe(first.json().id);
    expect(await scoresUsed(headers)).toBe(1);
  });
});

/**
 * GET /api/score/<id> as kept in the instance: a result read again is served
 * without a query, with a strong ETag (304 on a match), and an account's
 * erasure takes its results out at once here and within the cache's time to
 * live in another instance sharing the database.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';
import type { ScoringResult } from '../result-schema.ts';
import { SHARED_RESULT_TTL_MS } from '../shared-result-cache.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let site: ServedSite;
let a: TestApp;
/** A second instance on the same database, with a cache of its own. */
let b: TestApp;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  const env = { CRAWL_ALLOWLIST: new URL(site.origin).host };
  a = await startTestApp({ clock, env });
  b = await startTestApp({ clock, env, database: a.testDatabase });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await site.close();
});

async function scoreAs(t: TestApp, sub: string): Promise<{ result: ScoringResult; headers: Record<string, string> }> {
  const headers = await t.authHeaders({ sub });
  const response = await t.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: site.origin } });
  expect(response.statusCode).toBe(200);
  return { result: response.json<ScoringResult>(), headers };
}

async function eraseAccount(t: TestApp, headers: Record<string, string>): Promise<void> {
  const response = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers, payload: { confirmation: 'DELETE' } });
  expect(response.statusCode).toBe(200);
}

const view = (t: TestApp, id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/score/${id}`, headers });

describe('GET /api/score/<id> from the instance cache', () => {
  it('serialises a result once: a second read needs no query, and the account erasure takes it out at once', async () => {
    const { result, headers } = await scoreAs(a, 'shared_cache_owner');
    const first = await view(a, result.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    expect(first.json()).toEqual(result);

    // The row is gone behind the service's back: only a kept copy can still answer.
    await a.database.db.execute(sql`DELETE FROM scoring_results WHERE id = ${result.id}`);
    const second = await view(a, result.id);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);

    await eraseAccount(a, headers);
    expect((await view(a, result.id)).statusCode).toBe(404);
  });

  it('sends a strong ETag, the hash of the body, the same from every instance; If-None-Match answers 304 with no body', async () => {
    const { result } = await scoreAs(a, 'shared_etag_owner');
    const fromA = await view(a, result.id);
    const etag = fromA.headers.etag as string;
    expect(etag).toBe(`"${crypto.createHash('sha256').update(fromA.rawPayload).digest('base64url')}"`);
    // Another instance, or this one after a restart, serialises the stored result afresh: same bytes, same tag.
    const fromB = await view(b, result.id);
    expect(fromB.headers.etag).toBe(etag);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"someone-else", ${etag}`, '*']) {
      const notModified = await view(a, result.id, { 'if-none-match': ifNoneMatch });
      expect(notModified.statusCode, ifNoneMatch).toBe(304);
      expect(notModified.rawPayload.length).toBe(0);
      // A 304 announces no body: a client must not wait for one.
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers.etag).toBe(etag);
      expect(notModified.headers['cache-control']).toBe('private, max-age=60');
    }
    const changed = await view(a, result.id, { 'if-none-match': '"an-older-tag"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(result);
    expect(changed.headers.etag).toBe(etag);
  });

  it('keeps no answer for an unknown id: a result stored afterwards under it is served', async () => {
    const { result } = await scoreAs(a, 'shared_unknown_owner');
    const id = crypto.randomUUID();
    expect((await view(a, id, { 'if-none-match': '*' })).statusCode).toBe(404);
    await a.database.db.execute(sql`
      INSERT INTO scoring_results (id, url, result, depth, created_at)
      VALUES (${id}, ${result.url}, ${JSON.stringify({ ...result, id })}::jsonb, ${result.depth}, now())`);
    const stored = await view(a, id);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ ...result, id });
  });

  it('finds a result linked in another instance when the account is erased here, and another instance forgets it within the time to live', async () => {
    const anonymous = await a.app.inject({ method: 'POST', url: '/api/try-score', payload: { url: site.origin }, remoteAddress: '198.51.100.23' });
    expect(anonymous.statusCode).toBe(200);
    const result = anonymous.json<ScoringResult>();
    // Both instances keep it while it is anonymous.
    const before = await view(a, result.id);
    expect((await view(b, result.id)).statusCode).toBe(200);

    // Linked through A: the body holds no owner, so it is unchanged.
    const ownerOnA = await a.authHeaders({ sub: 'shared_linker' });
    const linked = await a.app.inject({
      method: 'POST',
      url: '/api/score/link',
      headers: ownerOnA,
      payload: { id: result.id, claimToken: anonymous.headers['score-claim-token'] },
    });
    expect(linked.statusCode).toBe(200);
    const afterLink = await view(a, result.id);
    expect(afterLink.rawPayload.equals(before.rawPayload)).toBe(true);

    // Erased through B, which kept it as anonymous: it asks the database which results were the account's.
    await eraseAccount(b, await b.authHeaders({ sub: 'shared_linker' }));
    expect((await view(b, result.id)).statusCode).toBe(404);

    // A was not told: it may answer from its copy until the entry's time is up, never longer.
    expect((await view(a, result.id)).statusCode).toBe(200);
    clock.advance(SHARED_RESULT_TTL_MS);
    expect((await view(a, result.id)).statusCode).toBe(404);
  });
});

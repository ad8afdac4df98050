/**
 * GET /r/<id> as a visitor is shown it, kept in the instance (issue 29,
 * item 3): rendered once and sent as kept, with a strong ETag (304 on a
 * match), re-rendered once the cache's time to live has passed, and taken out
 * at once by the erasure of the result's account. A member's copy is theirs
 * and never kept.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { SHARED_RESULT_TTL_MS } from '../../modules/scoring/shared-result-cache.ts';
import { scoringResults } from '../../modules/scoring/tables.ts';
import { caller } from '../../../test/onboarding-client.ts';
import { storeResult } from '../../../test/stored-results.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock('2026-08-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const OWNER = { sub: 'page_cache_owner' };
const visit = (id: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/r/${id}`, headers });
const asMember = async (id: string) => t.app.inject({ method: 'GET', url: `/r/${id}`, cookies: { __session: await t.token(OWNER) } });

describe('GET /r/<id> for a visitor, from the instance cache', () => {
  it('sends the same bytes with a strong ETag, and 304 with no body when If-None-Match names it', async () => {
    const result = await storeResult(t, { accountId: await caller(t, OWNER).accountId(), companyName: 'Cachedly' });
    const first = await visit(result.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    expect(first.headers['vary']).toBe('Cookie');
    expect(first.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.body).toContain('Cachedly');

    const second = await visit(result.id);
    expect(second.body).toBe(first.body);
    expect(second.headers['etag']).toBe(first.headers['etag']);

    const notModified = await visit(result.id, { 'if-none-match': `"other", ${first.headers['etag']}` });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['etag']).toBe(first.headers['etag']);
    expect((await visit(result.id, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('keeps what it rendered for the time to live, while a member is shown the stored row; then renders anew', async () => {
    const result = await storeResult(t, { accountId: await caller(t, OWNER).accountId(), companyName: 'Before Ltd' });
    const kept = await visit(result.id);
    expect(kept.body).toContain('Before Ltd');
    // The row changes behind the page's back: only a kept copy can still say the old name.
    await t.database.db
      .update(scoringResults)
      .set({ result: sql`jsonb_set(${scoringResults.result}, '{companyName}', '"After Ltd"')` })
      .where(eq(scoringResults.id, result.id));
    expect((await visit(result.id)).body).toBe(kept.body);
    const member = await asMember(result.id);
    expect(member.headers['cache-control']).toBe('private, no-store');
    expect(member.headers['etag']).toBeUndefined();
    expect(member.body).toContain('After Ltd');

    clock.advance(SHARED_RESULT_TTL_MS + 1);
    const renewed = await visit(result.id);
    expect(renewed.body).toContain('After Ltd');
    expect(renewed.headers['etag']).not.toBe(kept.headers['etag']);
    expect((await visit(result.id, { 'if-none-match': kept.headers['etag'] as string })).statusCode).toBe(200);
  });

  it("is taken out at once by the erasure of the result's account", async () => {
    const claims = { sub: 'page_cache_erased' };
    const result = await storeResult(t, { accountId: await caller(t, claims).accountId() });
    expect((await visit(result.id)).statusCode).toBe(200);
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/delete',
      headers: await t.authHeaders(claims),
      payload: { confirmation: 'DELETE' },
    });
    expect(erased.statusCode).toBe(200);
    const gone = await visit(result.id);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['etag']).toBeUndefined();
  });

  it('answers an unknown id with the not-found page, and keeps nothing for it', async () => {
    const unknown = await visit('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['etag']).toBeUndefined();
  });
});

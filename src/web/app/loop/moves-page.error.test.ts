/**
 * The Moves page's forms refuse what the API refuses, with the page again
 * and nothing changed: an expired form (403), too many dispatches this hour
 * (429 with Retry-After, the wait said in words), an account the trial left
 * read-only (403, in the words of POST /api/moves/<id>/approve).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { MOVE_DISPATCH_RATE_LIMIT } from '../../../modules/limits/policies.ts';
import { moves, type MoveState } from '../../../modules/moves/tables.ts';
import { caller, DAY } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
const owner = { sub: 'moves_errors_owner' };
const CSRF = 'c'.repeat(43);
let t: TestApp;
let accountId = '';
let productId = '';

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
const post = async (url: string, fields: Record<string, string> = {}, csrf = CSRF) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies: { __session: await t.token(owner), __csrf: CSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
const stateOf = async (id: string): Promise<MoveState> => (await t.database.db.select({ state: moves.state }).from(moves).where(eq(moves.id, id)))[0]!.state;

async function proposeMove(n: number): Promise<string> {
  const [row] = await t.database.db
    .insert(moves)
    .values({
      accountId,
      productId,
      kind: 'rescore',
      origin: 'dimension_fell',
      dimensionId: 'pricing_packaging',
      fromLevel: 2,
      targetLevel: 3,
      resultId: crypto.randomUUID(),
      title: `Move ${n}`,
      body: 'Why: a test.',
      target: 'Relaymesh',
      proposedAt: clock.now(),
      proposalKey: `errors ${n}`,
    })
    .returning({ id: moves.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  accountId = await caller(t, owner).accountId();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await t.authHeaders(owner),
    payload: { name: 'Relaymesh', url: 'https://relaymesh.example' },
  });
  productId = created.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe("the Moves page's forms, refused", () => {
  it('refuses an expired form, nothing sent', async () => {
    const id = await proposeMove(0);
    const expired = await post(`/app/moves/${id}/approve`, {}, 'd'.repeat(43));
    expect(expired.statusCode).toBe(403);
    expect(textOf(expired.body)).toContain('The form expired. Nothing was changed: try again.');
    expect((await post(`/app/moves/${id}/dismiss`, { reason: 'not_actionable' }, 'd'.repeat(43))).statusCode).toBe(403);
    expect(await stateOf(id)).toBe('proposed');
  });

  it('says how long to wait when the hour has had its dispatches', async () => {
    const headers = await t.authHeaders(owner);
    for (let n = 1; n <= MOVE_DISPATCH_RATE_LIMIT.limit; n += 1) {
      const approved = await t.app.inject({ method: 'POST', url: `/api/moves/${await proposeMove(n)}/approve`, headers });
      expect(approved.statusCode).toBe(200);
    }
    const waiting = await proposeMove(MOVE_DISPATCH_RATE_LIMIT.limit + 1);
    const throttled = await post(`/app/moves/${waiting}/approve`);
    expect(throttled.statusCode).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(textOf(throttled.body)).toMatch(/Too many moves were sent this hour\. Nothing was sent: approve it again in \d+ minutes?\./);
    expect(await stateOf(waiting)).toBe('proposed');
  });

  it("refuses a read-only account in the words of the API, under the page's banner on what lifts it", async () => {
    const id = await proposeMove(100);
    clock.advance(15 * DAY);
    const api = await t.app.inject({
      method: 'POST',
      url: `/api/moves/${id}/dismiss`,
      headers: await t.authHeaders(owner),
      payload: { reason: 'not_actionable' },
    });
    expect(api.statusCode).toBe(403);
    const refused = await post(`/app/moves/${id}/dismiss`, { reason: 'not_actionable' });
    expect(refused.statusCode).toBe(403);
    expect(textOf(refused.body)).toContain(api.json().message);
    expect(textOf(refused.body)).toContain('This account is read-only The trial');
    expect((await post('/app/moves/settings', { autoDispatch: 'rescore' })).statusCode).toBe(403);
    expect(await stateOf(id)).toBe('proposed');
  });
});

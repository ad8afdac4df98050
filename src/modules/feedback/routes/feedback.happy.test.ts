/**
 * POST and GET /api/feedback: a verdict per member, result and dimension, a
 * later one replacing the earlier (one row however many arrive at once), the
 * account's own list, read-only mode, and erasure with either account.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { caller, DAY } from '../../../../test/onboarding-client.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { billingAccounts } from '../../billing/tables.ts';
import { scoringResults } from '../../scoring/tables.ts';
import { scoreFeedback } from '../tables.ts';

const clock = new ManualClock('2026-06-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A stored result of the account (as a score stores it), with a fresh id. */
async function storedResult(accountId: string | null): Promise<string> {
  const id = crypto.randomUUID();
  const result = { ...fixtureResult(), id };
  await t.database.db.insert(scoringResults).values({ id, accountId, url: result.url, result, createdAt: clock.now() });
  return id;
}

/** An organisation's owner and member: on Pro, so the member holds a seat (Free has one, the owner's). */
async function team(name: string) {
  const owner = { sub: `${name}_owner`, account: `org_${name}`, role: 'owner' as const };
  const member = { sub: `${name}_member`, account: `org_${name}`, role: 'member' as const };
  const accountId = await caller(t, owner).accountId();
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  return { owner, member, accountId };
}

const give = async (claims: Parameters<TestApp['authHeaders']>[0], payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/feedback', headers: await t.authHeaders(claims), payload: payload as Record<string, unknown> });
const listOf = async (claims: Parameters<TestApp['authHeaders']>[0], query = '') =>
  t.app.inject({ method: 'GET', url: `/api/feedback${query}`, headers: await t.authHeaders(claims) });
const rowsOfResult = async (resultId: string) => t.database.db.select().from(scoreFeedback).where(eq(scoreFeedback.resultId, resultId));

describe('POST /api/feedback', () => {
  it('records a verdict on the whole score and on a dimension: 201 with the record, the comment trimmed', async () => {
    const accountId = await caller(t, { sub: 'fb_first' }).accountId();
    const resultId = await storedResult(accountId);
    const whole = await give({ sub: 'fb_first' }, { resultId, verdict: 'helpful' });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toEqual({
      id: expect.any(String),
      resultId,
      dimensionId: null,
      verdict: 'helpful',
      comment: null,
      userId: 'fb_first',
      createdAt: clock.now().toISOString(),
      updatedAt: clock.now().toISOString(),
    });
    const dimension = await give(
      { sub: 'fb_first' },
      { resultId, dimensionId: 'pricing_packaging', verdict: 'too_low', comment: '  Our pricing page is public.  ' },
    );
    expect(dimension.statusCode).toBe(201);
    expect(dimension.json()).toMatchObject({ resultId, dimensionId: 'pricing_packaging', verdict: 'too_low', comment: 'Our pricing page is public.' });
    expect(await rowsOfResult(resultId)).toHaveLength(2);
  });

  it('replaces the earlier verdict of the same member on the same result and dimension: 200, same id, first date kept', async () => {
    const accountId = await caller(t, { sub: 'fb_replace' }).accountId();
    const resultId = await storedResult(accountId);
    const first = (await give({ sub: 'fb_replace' }, { resultId, dimensionId: 'delivery_velocity', verdict: 'too_high', comment: 'Old changelog.' })).json();
    const firstWhole = (await give({ sub: 'fb_replace' }, { resultId, verdict: 'too_high' })).json();
    const givenAt = clock.now().toISOString();
    clock.advance(60_000);

    const second = await give({ sub: 'fb_replace' }, { resultId, dimensionId: 'delivery_velocity', verdict: 'helpful' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ...first, verdict: 'helpful', comment: null, createdAt: givenAt, updatedAt: clock.now().toISOString() });
    // The whole-score verdict (no dimension) is one per member and result too.
    const secondWhole = await give({ sub: 'fb_replace' }, { resultId, verdict: 'too_low', comment: 'Better than this.' });
    expect(secondWhole.statusCode).toBe(200);
    expect(secondWhole.json()).toMatchObject({ id: firstWhole.id, dimensionId: null, verdict: 'too_low', comment: 'Better than this.' });
    expect(await rowsOfResult(resultId)).toHaveLength(2);
  });

  it('keeps one row when many verdicts on the same dimension arrive at once: exactly one 201', async () => {
    const accountId = await caller(t, { sub: 'fb_race' }).accountId();
    const resultId = await storedResult(accountId);
    const verdicts = ['too_high', 'too_low', 'helpful', 'wrong_evidence'] as const;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, k) => give({ sub: 'fb_race' }, { resultId, dimensionId: 'product_analytics', verdict: verdicts[k % verdicts.length] })),
    );
    expect(responses.map((response) => response.statusCode).sort((a, b) => a - b)).toEqual([...Array<number>(11).fill(200), 201]);
    const rows = await rowsOfResult(resultId);
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json().id))).toEqual(new Set([rows[0]!.id]));
  });

  it("gives each member their own verdict, and takes one on another account's result (ids are shareable)", async () => {
    const scorerId = await caller(t, { sub: 'fb_scorer' }).accountId();
    const resultId = await storedResult(scorerId);
    const { owner, member: teammate } = await team('fb_team');
    for (const member of [owner, teammate]) {
      const response = await give(member, { resultId, dimensionId: 'experience_design', verdict: 'too_high' });
      expect(response.statusCode).toBe(201);
      expect(response.json().userId).toBe(member.sub);
    }
    expect(await rowsOfResult(resultId)).toHaveLength(2);
  });

  it('is taken while the account is read-only: it spends nothing', async () => {
    const member = caller(t, { sub: 'fb_read_only' });
    const accountId = await member.accountId();
    const resultId = await storedResult(accountId);
    clock.advance(15 * DAY);
    try {
      expect((await member.chat()).json().code).toBe('ACCOUNT_READ_ONLY');
      expect((await give({ sub: 'fb_read_only' }, { resultId, verdict: 'too_low' })).statusCode).toBe(201);
    } finally {
      clock.advance(-15 * DAY);
    }
  });
});

describe('GET /api/feedback', () => {
  it("lists the account's feedback, every member's, newest first, and only the account's", async () => {
    const { owner, member, accountId } = await team('fb_list');
    const [older, newer] = [await storedResult(accountId), await storedResult(accountId)];
    await give(owner, { resultId: older, verdict: 'helpful' });
    clock.advance(1000);
    await give(member, { resultId: older, dimensionId: 'market_intelligence', verdict: 'wrong_evidence' });
    clock.advance(1000);
    await give(owner, { resultId: newer, dimensionId: 'build_vs_buy', verdict: 'too_high' });
    clock.advance(1000);
    // Replacing brings a verdict to the top.
    await give(owner, { resultId: older, verdict: 'too_low' });
    // Another account's feedback on the same result is not listed.
    await give({ sub: 'fb_list_stranger' }, { resultId: older, verdict: 'helpful' });

    const response = await listOf(member);
    expect(response.statusCode).toBe(200);
    const listed = response
      .json()
      .feedback.map((f: { resultId: string; dimensionId: string | null; verdict: string; userId: string }) => [f.resultId, f.dimensionId, f.verdict, f.userId]);
    expect(listed).toEqual([
      [older, null, 'too_low', owner.sub],
      [newer, 'build_vs_buy', 'too_high', owner.sub],
      [older, 'market_intelligence', 'wrong_evidence', member.sub],
    ]);
    const onNewer = (await listOf(owner, `?resultId=${newer}`)).json().feedback;
    expect(onNewer.map((f: { resultId: string }) => f.resultId)).toEqual([newer]);
    expect((await listOf({ sub: 'fb_list_nobody' })).json()).toEqual({ feedback: [] });
  });
});

describe('erasure', () => {
  it("goes with the giver's account, and with the account whose result it is about", async () => {
    const scorer = { sub: 'fb_erase_scorer', account: 'org_fb_erase_scorer', role: 'owner' as const };
    const giver = { sub: 'fb_erase_giver', account: 'org_fb_erase_giver', role: 'owner' as const };
    const scorerId = await caller(t, scorer).accountId();
    const giverId = await caller(t, giver).accountId();
    const [ownResult, scorersResult] = [await storedResult(giverId), await storedResult(scorerId)];
    const otherResult = await storedResult(scorerId);
    expect((await give(giver, { resultId: ownResult, verdict: 'helpful' })).statusCode).toBe(201);
    expect((await give(giver, { resultId: scorersResult, verdict: 'too_high' })).statusCode).toBe(201);
    expect((await give(scorer, { resultId: ownResult, verdict: 'too_low' })).statusCode).toBe(201);
    expect((await give(scorer, { resultId: otherResult, verdict: 'helpful' })).statusCode).toBe(201);

    const erase = async (claims: typeof scorer) =>
      t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: await t.authHeaders(claims), payload: { confirmation: 'DELETE' } });
    expect((await erase(scorer)).statusCode).toBe(200);
    // The scorer's own feedback, and the giver's on the scorer's result, are gone; the giver's on its own result stays.
    const left = await t.database.db.select().from(scoreFeedback).where(eq(scoreFeedback.resultId, ownResult));
    expect(left.map((row) => [row.accountId, row.verdict])).toEqual([[giverId, 'helpful']]);
    expect(await rowsOfResult(scorersResult)).toEqual([]);
    expect(await rowsOfResult(otherResult)).toEqual([]);

    expect((await erase(giver)).statusCode).toBe(200);
    expect(await t.database.db.select().from(scoreFeedback).where(eq(scoreFeedback.accountId, giverId))).toEqual([]);
  });
});

/**
 * Goals per dimension (issue 28): set from the product's latest level, the
 * levels on the way, on track or at risk by the straight-line rule as the
 * test clock moves, replaced per dimension, removed, and another account's
 * product not found.
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
import { productGoals } from '../tables.ts';

const clock = new ManualClock('2026-06-01T09:00:00.000Z');
let t: TestApp;
const owner = { sub: 'goals_owner', account: 'org_goals', role: 'owner' as const };
let accountId: string;
let productId: string;

beforeAll(async () => {
  t = await startTestApp({ clock });
  accountId = await caller(t, owner).accountId();
  // On a paid plan: the weeks the clock moves would otherwise end the trial in read-only mode.
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await headers(),
    payload: { name: 'Acme', url: 'https://acme.example' },
  });
  productId = created.json().id;
});
afterAll(() => t.close());

/** Signed at the test clock's now: a token signed before the clock moved on would have expired. */
const headers = () => t.authHeaders(owner);

/** A score of the product as a score stores it, with roadmap_discipline at `level`, now. */
async function scored(level: 1 | 2 | 3 | 4): Promise<string> {
  const id = crypto.randomUUID();
  const result = { ...fixtureResult({ levels: { roadmap_discipline: level } }), id, productId };
  await t.database.db.insert(scoringResults).values({ id, accountId, productId, url: result.url, result, createdAt: clock.now() });
  return id;
}

const goals = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${productId}/goals`, headers: await headers() })).json().goals;

describe('goals per dimension', () => {
  it('starts at the latest level, follows the scores since, and is on track or at risk by the straight line to the due date', async () => {
    await scored(1);
    clock.advance(60_000);
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/goals`,
      headers: await headers(),
      payload: { dimensionId: 'roadmap_discipline', targetLevel: 3, dueDate: '2026-07-01' },
    });
    expect(set.statusCode).toBe(201);
    expect(set.json()).toMatchObject({
      productId,
      dimensionId: 'roadmap_discipline',
      targetLevel: 3,
      dueDate: '2026-07-01',
      progress: { startLevel: 1, currentLevel: 1, expectedLevel: 1, path: [] },
      onTrack: true,
      atRisk: false,
    });

    // Two thirds of the way to the due date the line stands above 2; the product is still at 1.
    clock.advance(20 * DAY);
    const [late] = await goals();
    expect(late.progress.expectedLevel).toBeGreaterThan(2);
    expect(late).toMatchObject({ progress: { currentLevel: 1 }, onTrack: false, atRisk: true });

    const rescored = await scored(2);
    const [back] = await goals();
    expect(back).toMatchObject({ progress: { startLevel: 1, currentLevel: 2, path: [{ resultId: rescored, level: 2 }] }, onTrack: true, atRisk: false });

    // Past the due date short of the target: at risk.
    clock.advance(15 * DAY);
    expect(await goals()).toMatchObject([{ onTrack: false, atRisk: true }]);
    await scored(3);
    expect(await goals()).toMatchObject([{ progress: { currentLevel: 3 }, onTrack: true, atRisk: false }]);
  });

  it('replaces the goal for a dimension rather than keeping two, and removes one', async () => {
    const dueDate = new Date(clock.now().getTime() + 60 * DAY).toISOString().slice(0, 10);
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/goals`,
      headers: await headers(),
      payload: { dimensionId: 'delivery_velocity', targetLevel: 4, dueDate },
    });
    expect(first.statusCode).toBe(201);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/goals`,
      headers: await headers(),
      payload: { dimensionId: 'delivery_velocity', targetLevel: 4, dueDate: '2027-01-01' },
    });
    expect(second.statusCode).toBe(201);
    const listed = await goals();
    expect(listed.filter((goal: { dimensionId: string }) => goal.dimensionId === 'delivery_velocity')).toEqual([
      expect.objectContaining({ id: second.json().id, dueDate: '2027-01-01' }),
    ]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/goals/${second.json().id}`, headers: await headers() });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true });
    expect((await goals()).map((goal: { dimensionId: string }) => goal.dimensionId)).toEqual(['roadmap_discipline']);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/goals/${second.json().id}`, headers: await headers() });
    expect(again.statusCode).toBe(404);
  });

  it("does not show or touch another account's goals", async () => {
    const other = await t.authHeaders({ sub: 'goals_stranger' });
    for (const request of [
      { method: 'GET' as const, url: `/api/products/${productId}/goals` },
      {
        method: 'POST' as const,
        url: `/api/products/${productId}/goals`,
        payload: { dimensionId: 'roadmap_discipline', targetLevel: 4, dueDate: '2027-01-01' },
      },
    ]) {
      const response = await t.app.inject({ ...request, headers: other });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such product in this account.' });
    }
    const [goal] = await goals();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${productId}/goals/${goal.id}`, headers: other });
    expect(removed.statusCode).toBe(404);
    expect(await t.database.db.select().from(productGoals).where(eq(productGoals.id, goal.id))).toHaveLength(1);
  });
});

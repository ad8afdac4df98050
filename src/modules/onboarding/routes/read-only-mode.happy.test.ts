/**
 * The trial over its days (spec parts 2 and 3), with an injected clock:
 * the coverage record at each position, read-only mode entered at Day 14
 * with a milestone missing, what it refuses and what it never refuses, and
 * how completing both milestones, or a paid plan, lifts it at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { deliverEvent, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { providerEvent, subscriptionObject } from '../../../../test/fakes/payment-events.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ALL_OWNERS, caller, DAY } from '../../../../test/onboarding-client.ts';

const clock = new ManualClock('2026-03-01T09:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_PRICE_IDS: 'price_pro=pro' } });
});
afterAll(() => t.close());

/** A new account created now, at the clock's time. */
async function newAccount(sub: string) {
  const client = caller(t, { sub });
  const accountId = await client.accountId();
  return { ...client, id: accountId, createdAt: clock.now() };
}

const at = (createdAt: Date, days: number) => clock.set(new Date(createdAt.getTime() + days * DAY));

describe('GET /api/onboarding/coverage', () => {
  it('answers 401 AUTH_REQUIRED without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/onboarding/coverage' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('AUTH_REQUIRED');
  });

  it('starts the trial at the account creation and counts it down over the positions, never below 0', async () => {
    const account = await newAccount('cov_days');
    const expected: [number, number, boolean][] = [
      [0, 30, false],
      [7, 23, false],
      [14, 16, true],
      [25, 5, true],
      [30, 0, true],
      [31, 0, true],
    ];
    for (const [day, remaining, readOnly] of expected) {
      at(account.createdAt, day);
      const coverage = await account.coverage();
      expect(coverage, `Day ${day}`).toMatchObject({ trialStartedAt: account.createdAt.toISOString(), trialDaysRemaining: remaining, readOnly });
      expect(
        coverage.positions.filter((p: { reached: boolean }) => p.reached).map((p: { day: number }) => p.day),
        `Day ${day}`,
      ).toEqual([0, 7, 14, 25, 30].filter((position) => position <= day));
    }
  });

  it('has exactly the record fields of part 2 (plus positions), with blockers on the incomplete milestones', async () => {
    const account = await newAccount('cov_shape');
    const coverage = await account.coverage();
    expect(Object.keys(coverage).sort()).toEqual(['milestones', 'positions', 'readOnly', 'trialDaysRemaining', 'trialStartedAt']);
    expect(Object.keys(coverage.milestones).sort()).toEqual(['orgMap', 'welcomeInterview']);
    expect(coverage.milestones.welcomeInterview).toEqual({ completedAt: null, blocker: expect.stringContaining('welcome interview') });
    expect(coverage.milestones.orgMap).toEqual({ completedAt: null, blocker: expect.stringMatching(/^No product yet/) });
  });
});

describe('read-only mode', () => {
  it('is entered at Day 14 with a milestone missing: writes that create or spend answer 403 ACCOUNT_READ_ONLY, reads keep working', async () => {
    const account = await newAccount('ro_enter');
    at(account.createdAt, 13.9);
    expect((await account.chat()).statusCode).toBe(200);

    at(account.createdAt, 14);
    const chat = await account.chat();
    expect(chat.statusCode).toBe(403);
    const refused = chat.json();
    expect(refused).toMatchObject({ error: 'Account read-only', code: 'ACCOUNT_READ_ONLY', details: { missingMilestones: ['welcomeInterview', 'orgMap'] } });
    expect(refused.message).toMatch(/^This account is read-only/);
    expect(refused.details.action).toMatch(/^To lift it at once, answer the welcome interview .* and name an owner for all six functions/);

    const score = await account.send('POST', '/api/score', { url: 'https://example.com/' });
    expect(score.statusCode).toBe(403);
    expect(score.json().code).toBe('ACCOUNT_READ_ONLY');
    const key = await account.send('POST', '/api/keys', { name: 'ci' });
    expect(key.json().code).toBe('ACCOUNT_READ_ONLY');

    for (const url of [
      '/api/onboarding/coverage',
      '/api/account',
      '/api/usage',
      '/api/products',
      '/api/team-registry',
      '/api/scores',
      '/api/assessment/metadata',
    ]) {
      expect((await account.send('GET', url)).statusCode, url).toBe(200);
    }
  });

  it('lets the owner complete both milestones, which lifts it at once', async () => {
    const account = await newAccount('ro_lift');
    at(account.createdAt, 20);
    expect((await account.coverage()).readOnly).toBe(true);

    const interview = await account.answerInterview();
    expect(interview.statusCode).toBe(200);
    const halfway = await account.coverage();
    expect(halfway).toMatchObject({ readOnly: true, milestones: { welcomeInterview: { completedAt: clock.now().toISOString(), blocker: '' } } });
    expect((await account.chat()).statusCode).toBe(403);

    // The product to map, and its registry, are how the org map is completed: not refused while it is missing.
    const product = await account.addProduct();
    expect(product.statusCode).toBe(201);
    const productId = product.json().id;
    const partial = await account.putOwners(productId, { strategy: ALL_OWNERS.strategy });
    expect(partial.statusCode).toBe(200);
    expect((await account.coverage()).milestones.orgMap.blocker).toContain('design, development, intelligence, operations, gtm of Ledgerly');

    clock.advance(60_000);
    const complete = await account.putOwners(productId, ALL_OWNERS);
    expect(complete.statusCode).toBe(200);
    expect(complete.json()).toMatchObject({ productId, productName: 'Ledgerly', missingFunctions: [] });
    const lifted = await account.coverage();
    expect(lifted).toMatchObject({ readOnly: false, milestones: { orgMap: { completedAt: clock.now().toISOString(), blocker: '' } } });
    expect((await account.chat()).statusCode).toBe(200);
  });

  it('refuses registry edits that complete nothing once the org map is done, and never the welcome interview', async () => {
    const account = await newAccount('ro_registry');
    const productId = (await account.addProduct()).json().id;
    expect((await account.putOwners(productId, ALL_OWNERS)).statusCode).toBe(200);
    at(account.createdAt, 15);
    const edit = await account.putOwners(productId, { ...ALL_OWNERS, gtm: { name: 'Someone else' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().details).toMatchObject({ missingMilestones: ['welcomeInterview'] });
    expect(edit.json().details.action).toMatch(/^To lift it at once, answer the welcome interview/);
    expect((await account.send('DELETE', `/api/team-registry/${productId}`)).statusCode).toBe(403);
    expect((await account.answerInterview()).statusCode).toBe(200);
    expect((await account.putOwners(productId, { ...ALL_OWNERS, gtm: { name: 'Someone else' } })).statusCode).toBe(200);
  });

  it('never stops the owner paying or deleting the account, whose onboarding rows go with it', async () => {
    const account = await newAccount('ro_owner');
    const productId = (await account.addProduct()).json().id;
    expect((await account.putOwners(productId, { strategy: ALL_OWNERS.strategy })).statusCode).toBe(200);
    at(account.createdAt, 16);
    expect((await account.coverage()).readOnly).toBe(true);

    const checkout = await account.send('POST', '/api/payment/checkout', { plan: 'pro' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().url).toEqual(expect.any(String));

    const deleted = await account.send('DELETE', '/api/account/delete', { confirmation: 'DELETE' });
    expect(deleted.statusCode).toBe(200);
    for (const table of ['team_registry_owners', 'onboarding_milestones', 'welcome_interviews']) {
      const rows = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE account_id = ${account.id}`),
      );
      expect(rows[0]!.n, table).toBe(0);
    }
  });

  it('never applies on a paid plan, which ends the trial; back on Free with a milestone missing, it applies again', async () => {
    const account = await newAccount('ro_paid');
    at(account.createdAt, 20);
    expect((await account.chat()).statusCode).toBe(403);

    const refs = await subscribe(t, account.id, 'pro', clock.now());
    expect(await account.coverage()).toMatchObject({ readOnly: false, trialDaysRemaining: 0 });
    expect((await account.chat()).statusCode).toBe(200);

    clock.advance(DAY);
    const cancelled = subscriptionObject(refs, {
      priceId: 'price_pro',
      status: 'canceled',
      startedAt: clock.now(),
      period: { start: clock.now(), end: new Date(clock.now().getTime() + 30 * DAY) },
    });
    expect((await deliverEvent(t, providerEvent('customer.subscription.deleted', clock.now(), cancelled), { at: clock.now() })).json().outcome).toBe('applied');
    // The 30 calendar days still run: the nine left of them show again.
    expect(await account.coverage()).toMatchObject({ readOnly: true, trialDaysRemaining: 9 });
    expect((await account.chat()).statusCode).toBe(403);
  });

  it('keeps the first completion time when the interview is answered again, and returns the latest answers', async () => {
    const account = await newAccount('ro_resubmit');
    expect((await account.answerInterview()).statusCode).toBe(200);
    const first = clock.now().toISOString();
    clock.advance(DAY);
    const again = await account.answerInterview({ role: 'CTO', goals: ['Ship faster'], product: { name: 'Ledgerly' }, teamSize: 30 });
    expect(again.json()).toEqual({
      role: 'CTO',
      goals: ['Ship faster'],
      product: { name: 'Ledgerly', url: null },
      teamSize: 30,
      submittedAt: first,
      updatedAt: clock.now().toISOString(),
    });
    expect((await account.send('GET', '/api/onboarding/welcome-interview')).json()).toEqual(again.json());
    expect((await account.coverage()).milestones.welcomeInterview.completedAt).toBe(first);
  });
});

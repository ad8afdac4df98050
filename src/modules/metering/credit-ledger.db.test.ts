/**
 * Charging under concurrency, on the real database: 50 reservations at once
 * on one account admit exactly what the balances allow, never one more, and
 * the ledger accounts for every unit. Refunds give back exactly, once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import type { Principal } from '../../http/app-types.ts';
import { invoiceObject, providerEvent } from '../../../test/fakes/payment-events.ts';
import { accountIdOf, buyPack, deliverEvent, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Admission } from './admission-gate.ts';
import { CreditLedger, NO_USAGE, type UsageLimits } from './credit-ledger.ts';
import { refusalError } from './api/refusal-responses.ts';

const CONCURRENT = 50;
const CHAT_COST = { ...NO_USAGE, credits: 1, chatMessages: 1 };
const NO_LIMITS: UsageLimits = { credits: null, scores: null, chatMessages: null, apiCalls: null };
const clock = new ManualClock('2026-06-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, env: { PAYMENT_PRICE_IDS: 'price_pro=pro' } });
});
afterAll(() => t.close());

function principal(accountId: string, userId: string): Principal {
  return { userId, accountId, role: 'owner', email: null, method: 'bearer', apiKeyId: null };
}

/** 50 requests at once, each from its own user so that the per-action limit (5 per user) is not what decides. */
function burst(accountId: string, action: 'score' | 'chat', label: string): Promise<Admission[]> {
  return Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      t.services.admissionGate.admit({ action, principal: principal(accountId, `${label}_${i}`), clientAddress: null }),
    ),
  );
}

async function seedUsage(accountId: string, used: { credits?: number; scores?: number }): Promise<void> {
  const { period } = await t.services.billing.entitlementOf(accountId);
  await t.database.db.execute(sql`
    INSERT INTO usage_counters (account_id, period_start, credits_used, scores_used)
    VALUES (${accountId}, ${period.start.toISOString()}, ${used.credits ?? 0}, ${used.scores ?? 0})`);
}

async function counters(accountId: string) {
  return rowsOf<{ period_start: Date; credits_used: number; scores_used: number; chat_messages_used: number }>(
    await t.database.db.execute(
      sql`SELECT period_start, credits_used, scores_used, chat_messages_used FROM usage_counters WHERE account_id = ${accountId} ORDER BY period_start`,
    ),
  );
}

async function ledger(accountId: string) {
  return rowsOf<{ entry: string; credits: number; scores: number; chat_messages: number; pack_scores: number; n: number }>(
    await t.database.db.execute(sql`
      SELECT entry, sum(credits)::int AS credits, sum(scores)::int AS scores, sum(chat_messages)::int AS chat_messages,
             sum(pack_scores)::int AS pack_scores, count(*)::int AS n
      FROM usage_ledger WHERE account_id = ${accountId} GROUP BY entry ORDER BY entry`),
  );
}

const admitted = (admissions: Admission[]) => admissions.filter((a) => a.ok).length;
const refusalCodes = (admissions: Admission[]) => [...new Set(admissions.flatMap((a) => (a.ok ? [] : [refusalError(a).code])))];

describe('charging under concurrency', () => {
  it('admits exactly 3 of 50 simultaneous Free scores (the score cap) and records exactly those', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_free' });
    const admissions = await burst(accountId, 'score', 'free');
    expect(admitted(admissions)).toBe(3);
    expect(refusalCodes(admissions)).toEqual(['PLAN_LIMIT_REACHED']);
    expect(await counters(accountId)).toMatchObject([{ credits_used: 30, scores_used: 3 }]);
    expect(await ledger(accountId)).toEqual([{ entry: 'charge', credits: 30, scores: 3, chat_messages: 0, pack_scores: 0, n: 3 }]);
  });

  it('admits exactly what the credit pool covers and then exactly the pack, never one more', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_credits' });
    await subscribe(t, accountId, 'pro', clock.now());
    await buyPack(t, accountId, 'small', clock.now());
    await seedUsage(accountId, { credits: 955 });
    const admissions = await burst(accountId, 'score', 'credits');
    // 955 + 4 x 10 = 995 <= 1000; then 20 pack scores; the other 26 are refused.
    expect(admitted(admissions)).toBe(4 + 20);
    expect(refusalCodes(admissions)).toEqual(['CREDIT_EXHAUSTED']);
    expect(await counters(accountId)).toMatchObject([{ credits_used: 995, scores_used: 4 }]);
    const usage = await t.services.usageReports.forAccount(accountId);
    expect(usage.scores.packBalance).toBe(0);
    expect(await ledger(accountId)).toEqual([
      { entry: 'charge', credits: 40, scores: 4, chat_messages: 0, pack_scores: 20, n: 24 },
      { entry: 'pack_purchase', credits: 0, scores: 0, chat_messages: 0, pack_scores: -20, n: 1 },
    ]);
  });

  it('admits exactly the chat messages the remaining credits cover', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_chat' });
    await subscribe(t, accountId, 'pro', clock.now());
    await seedUsage(accountId, { credits: 990 });
    const admissions = await burst(accountId, 'chat', 'chat');
    expect(admitted(admissions)).toBe(10);
    expect(refusalCodes(admissions)).toEqual(['CREDIT_EXHAUSTED']);
    expect(await counters(accountId)).toMatchObject([{ credits_used: 1000, chat_messages_used: 10 }]);
  });

  it('charges nothing, and says so, for an account that is gone (erased while its request came in)', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_gone' });
    const { period } = await t.services.billing.entitlementOf(accountId);
    const ledgerOf = new CreditLedger(t.database.db);
    const request = { accountId, action: 'chat' as const, cost: CHAT_COST, limits: NO_LIMITS, periodStart: period.start, now: clock.now() };
    expect(await ledgerOf.charge({ ...request, accountId: crypto.randomUUID() })).toEqual({ ok: false, reason: 'no_account' });
    expect(await ledgerOf.charge(request)).toMatchObject({ ok: true, used: { credits: 1, chatMessages: 1 } });
    expect(await ledgerOf.charge({ ...request, limits: { ...NO_LIMITS, chatMessages: 1 } })).toEqual({ ok: false, reason: 'limit' });
    expect(await counters(accountId)).toMatchObject([{ credits_used: 1, chat_messages_used: 1 }]);
    expect(await ledger(accountId)).toHaveLength(1);
  });
});

describe('refunds', () => {
  it('gives back exactly what was reserved, once, even when refunded twice at the same moment', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_refund' });
    const admission = await t.services.admissionGate.admit({ action: 'score', principal: principal(accountId, 'cl_refund'), clientAddress: null });
    if (!admission.ok) throw refusalError(admission);
    expect(await counters(accountId)).toMatchObject([{ credits_used: 10, scores_used: 1 }]);
    await Promise.all([admission.charge.refund(), admission.charge.refund()]);
    await admission.charge.refund();
    expect(await counters(accountId)).toMatchObject([{ credits_used: 0, scores_used: 0 }]);
    const entries = await ledger(accountId);
    expect(entries).toEqual([
      { entry: 'charge', credits: 10, scores: 1, chat_messages: 0, pack_scores: 0, n: 1 },
      { entry: 'refund', credits: -10, scores: -1, chat_messages: 0, pack_scores: 0, n: 1 },
    ]);
  });

  it('returns a pack score to the pack, not to the cycle', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_pack_refund' });
    await subscribe(t, accountId, 'pro', clock.now());
    await buyPack(t, accountId, 'small', clock.now());
    await seedUsage(accountId, { credits: 1000, scores: 100 });
    const admission = await t.services.admissionGate.admit({ action: 'score', principal: principal(accountId, 'cl_pack_refund'), clientAddress: null });
    if (!admission.ok) throw refusalError(admission);
    expect((await t.services.usageReports.forAccount(accountId)).scores.packBalance).toBe(19);
    await admission.charge.refund();
    const usage = await t.services.usageReports.forAccount(accountId);
    expect(usage.scores).toMatchObject({ packBalance: 20, used: 100 });
    expect(usage.credits.used).toBe(1000);
  });

  it('refunds into the period the charge was taken from, even after a renewal reset', async () => {
    const accountId = await accountIdOf(t, { sub: 'cl_refund_reset' });
    const refs = await subscribe(t, accountId, 'pro', clock.now());
    const first = (await t.services.billing.entitlementOf(accountId)).period;
    const admission = await t.services.admissionGate.admit({ action: 'score', principal: principal(accountId, 'cl_refund_reset'), clientAddress: null });
    if (!admission.ok) throw refusalError(admission);
    const next = { start: first.end, end: new Date(first.end.getTime() + 30 * 24 * 3600 * 1000) };
    await deliverEvent(
      t,
      providerEvent('invoice.payment_succeeded', clock.now(), invoiceObject(refs, { priceId: 'price_pro', period: next, billingReason: 'subscription_cycle' })),
      {
        at: clock.now(),
      },
    );
    await admission.charge.refund();
    const rows = await counters(accountId);
    expect(rows.map((row) => [new Date(row.period_start).toISOString(), row.credits_used])).toEqual([[first.start.toISOString(), 0]]);
    expect((await t.services.usageReports.forAccount(accountId)).periodStart).toBe(next.start.toISOString());
  });
});

/**
 * The billing record's revision (migration 0044): what metering compares,
 * after a charge, to know the entitlement it charged against was in force.
 * It must move on with every change the entitlement is computed from,
 * whoever makes it (a payment event, an operator's UPDATE), and never go
 * back; and a charge against a record changed behind the instance's back is
 * given back and made again against the record in force.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import type { Principal } from '../../http/app-types.ts';
import { accountIdOf, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock('2026-05-04T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const revisionOf = (accountId: string) => t.services.billing.entitlementRevision(accountId);
const principal = (accountId: string, userId: string): Principal => ({ userId, accountId, role: 'owner', email: null, method: 'session', apiKeyId: null });

describe('the entitlement revision', () => {
  it("moves on with a payment event, a failed payment and an operator's update, and never goes back", async () => {
    const accountId = await accountIdOf(t, { sub: 'rev_moves' });
    const seen = [await revisionOf(accountId)];
    await subscribe(t, accountId, 'pro', clock.now());
    seen.push(await revisionOf(accountId));
    await t.database.db.execute(sql`
      INSERT INTO billing_payment_failures (subscription_id, failed_at)
      SELECT provider_subscription_id, ${clock.now().toISOString()}::timestamptz FROM billing_accounts WHERE account_id = ${accountId}`);
    seen.push(await revisionOf(accountId));
    await t.database.db.execute(sql`UPDATE billing_accounts SET seat_limit = 5 WHERE account_id = ${accountId}`);
    seen.push(await revisionOf(accountId));
    for (let i = 1; i < seen.length; i++) expect(seen[i]!, `after change ${i}`).toBeGreaterThan(seen[i - 1]!);
  });

  it('is null once the record is gone', async () => {
    const accountId = await accountIdOf(t, { sub: 'rev_gone' });
    await t.database.db.execute(sql`DELETE FROM billing_accounts WHERE account_id = ${accountId}`);
    expect(await revisionOf(accountId)).toBeNull();
  });

  it('gives back a charge made against a remembered record an operator changed since, and charges the record in force', async () => {
    const accountId = await accountIdOf(t, { sub: 'rev_charge' });
    await subscribe(t, accountId, 'pro', clock.now());
    // Remembered as Pro by this instance.
    expect((await t.services.billing.freshEntitlement(accountId)).entitlement.plan).toBe('pro');
    await t.database.db.execute(sql`UPDATE billing_accounts SET plan = 'free', provider_subscription_id = NULL WHERE account_id = ${accountId}`);
    const admission = await t.services.admissionGate.admit({ action: 'chat', principal: principal(accountId, 'rev_charge'), clientAddress: null });
    expect(admission.ok).toBe(true);
    const ledger = rowsOf<{ entry: string; period_start: Date | string }>(
      await t.database.db.execute(sql`SELECT entry, period_start FROM usage_ledger WHERE account_id = ${accountId} ORDER BY created_at, entry`),
    );
    // Charged against Pro, given back, charged against Free: one charge stands, in the Free period.
    expect(ledger.map((row) => row.entry).sort()).toEqual(['charge', 'charge', 'refund']);
    const free = await t.services.billing.entitlementOf(accountId);
    expect(free.plan).toBe('free');
    const standing = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`SELECT sum(chat_messages_used)::int AS n FROM usage_counters WHERE account_id = ${accountId} AND period_start = ${free.period.start.toISOString()}::timestamptz`,
      ),
    );
    expect(standing[0]!.n).toBe(1);
  });
});

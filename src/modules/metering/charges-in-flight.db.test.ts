/**
 * A score's charge and its result are one outcome (issue 24, item 1): the
 * charge is in flight until the transaction that stores the result settles
 * it; work that stops without a result (its process died) stops renewing
 * the lease, and the lapsed charge is given back exactly once, to the usage
 * figures too. A result whose charge was given back meanwhile is not stored.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { rowsOf } from '../../db/client.ts';
import type { Principal } from '../../http/app-types.ts';
import { judgeCrawl } from '../scoring/judge-crawl.ts';
import { scoringResults } from '../scoring/tables.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../test/fixtures/static-site.ts';
import { accountIdOf, buyPack, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../test/harness.ts';
import { LEASE_MS } from './charges-in-flight.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let site: ServedSite;
let t: TestApp;
/** Judging waits on this while a test holds it: the score is then "running". */
let judging: Promise<void> = Promise.resolve();
let judgeReached: () => void = () => {};

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({
    clock,
    env: { CRAWL_ALLOWLIST: new URL(site.origin).host },
    scoringJudge: async (input, deps) => {
      judgeReached();
      await judging;
      return judgeCrawl(input, deps);
    },
  });
});
afterAll(async () => {
  await t.close();
  await site.close();
});
afterEach(() => {
  judging = Promise.resolve();
});

/** Holds judging until the returned function is called; `reached` resolves once a score is being judged. */
function holdJudging(): { release: () => void; reached: Promise<void> } {
  let release!: () => void;
  judging = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (judgeReached = resolve));
  return { release, reached };
}

function principal(accountId: string, userId: string): Principal {
  return { userId, accountId, role: 'owner', email: null, method: 'bearer', apiKeyId: null };
}

async function usage(accountId: string) {
  const report = await t.services.usageReports.forAccount(accountId);
  return { credits: report.credits.used, scores: report.scores.used, packScores: report.scores.packBalance };
}

async function inFlight(accountId: string): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS count FROM charges_in_flight WHERE account_id = ${accountId}::uuid`),
  );
  return rows[0]!.count;
}

async function refunds(accountId: string): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS count FROM usage_ledger WHERE account_id = ${accountId}::uuid AND entry = 'refund'`),
  );
  return rows[0]!.count;
}

async function admitScore(accountId: string, userId: string) {
  const admission = await t.services.admissionGate.admit({ action: 'score', principal: principal(accountId, userId), clientAddress: null });
  if (!admission.ok) throw new Error(`not admitted: ${admission.reason}`);
  return admission;
}

describe('a score charge in flight', () => {
  it('is in flight while the score runs, stands once the result is stored, and is never given back after that', async () => {
    const headers = await t.authHeaders({ sub: 'flight_happy' });
    const accountId = await accountIdOf(t, { sub: 'flight_happy' });
    const held = holdJudging();
    const scoring = t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: `${site.origin}/` } });
    await held.reached;
    expect(await usage(accountId)).toMatchObject({ credits: 10, scores: 1 });
    expect(await inFlight(accountId)).toBe(1);

    held.release();
    const response = await scoring;
    expect(response.statusCode).toBe(200);
    expect(await inFlight(accountId)).toBe(0);
    clock.advance(LEASE_MS + 1_000);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(0);
    expect(await usage(accountId)).toMatchObject({ credits: 10, scores: 1 });
    expect(await refunds(accountId)).toBe(0);
  });

  it('is given back, once, when the work stopped without a result and its lease lapsed', async () => {
    const accountId = await accountIdOf(t, { sub: 'flight_crash' });
    // Two scores whose process "died": nothing settles or refunds them, and nothing renews their leases.
    await admitScore(accountId, 'flight_crash');
    await admitScore(accountId, 'flight_crash');
    expect(await usage(accountId)).toMatchObject({ credits: 20, scores: 2 });

    clock.advance(LEASE_MS - 1_000);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(0);
    clock.advance(2_000);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(2);
    expect(await usage(accountId)).toMatchObject({ credits: 0, scores: 0 });
    expect(await inFlight(accountId)).toBe(0);
    expect(await refunds(accountId)).toBe(2);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(0);
    expect(await usage(accountId)).toMatchObject({ credits: 0, scores: 0 });
  });

  it('keeps its charge while this instance renews the lease, however long the work takes', async () => {
    const accountId = await accountIdOf(t, { sub: 'flight_long' });
    const admission = await admitScore(accountId, 'flight_long');
    for (let step = 0; step < 6; step++) {
      clock.advance(LEASE_MS / 2);
      await t.services.chargesInFlight.renew();
      expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(0);
    }
    expect(await usage(accountId)).toMatchObject({ credits: 10, scores: 1 });
    // Refunded by its own request (the score failed): out of flight, and the reclaim has nothing to add.
    await admission.charge.refund();
    clock.advance(LEASE_MS * 2);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(0);
    expect(await usage(accountId)).toMatchObject({ credits: 0, scores: 0 });
    expect(await refunds(accountId)).toBe(1);
  });

  it('gives a pack score back to the pack', async () => {
    const accountId = await accountIdOf(t, { sub: 'flight_pack' });
    await subscribe(t, accountId, 'pro', clock.now());
    await buyPack(t, accountId, 'small', clock.now());
    // Use up the cycle's credits (a first score makes the period's row), so the next score comes from the pack.
    await (await admitScore(accountId, 'flight_pack')).charge.refund();
    await t.database.db.execute(sql`UPDATE usage_counters SET credits_used = 1000 WHERE account_id = ${accountId}::uuid`);
    const before = await usage(accountId);
    await admitScore(accountId, 'flight_pack');
    expect(await usage(accountId)).toMatchObject({ packScores: before.packScores - 1 });
    clock.advance(LEASE_MS + 1_000);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(1);
    expect(await usage(accountId)).toEqual(before);
  });

  it('does not store a result whose charge was given back while it was being made', async () => {
    const headers = await t.authHeaders({ sub: 'flight_late' });
    const accountId = await accountIdOf(t, { sub: 'flight_late' });
    const held = holdJudging();
    const scoring = t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: `${site.origin}/` } });
    await held.reached;
    // The renewals did not reach the database for a whole lease: the charge is taken for dead work.
    clock.advance(LEASE_MS + 1_000);
    expect(await t.services.chargesInFlight.reclaimLapsed()).toBe(1);
    held.release();
    const response = await scoring;
    expect(response.statusCode).toBe(500);
    expect(
      await t.database.db
        .select({ id: scoringResults.id })
        .from(scoringResults)
        .where(sql`${scoringResults.accountId} = ${accountId}::uuid`),
    ).toEqual([]);
    expect(await usage(accountId)).toMatchObject({ credits: 0, scores: 0 });
    expect(await refunds(accountId)).toBe(1);
  });
});

/**
 * The balances behind quotas and credits, changed only by single SQL
 * statements that check and change together, each writing its ledger row
 * in the same statement (data-modifying CTEs run as one atomic unit). There
 * is no read-compute-write anywhere, so no interleaving of concurrent
 * requests, on one instance or many, can overspend a balance by one unit.
 *
 * Usage counts in a row per (account, period start): a new billing period
 * is a fresh row, and a refund goes back to the row its charge came from.
 */
import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { rowsOf, type Executor } from '../../db/client.ts';
import { SCORE_PACKS, type ScorePack } from '../../vocabulary/plans.ts';

/** One amount per counted thing. */
export interface UsageCounts {
  credits: number;
  scores: number;
  chatMessages: number;
  apiCalls: number;
}

/** The ceiling for each counted thing in the period; null is unlimited. */
export type UsageLimits = { [K in keyof UsageCounts]: number | null };

export const NO_USAGE: UsageCounts = { credits: 0, scores: 0, chatMessages: 0, apiCalls: 0 };

export type ChargedAction = 'score' | 'chat' | 'api_call';

export interface ChargeRequest {
  accountId: string;
  action: ChargedAction;
  cost: UsageCounts;
  limits: UsageLimits;
  /** The billing period's start: its usage row. */
  periodStart: Date;
  now: Date;
  /**
   * A score's charge is in flight until its result is stored: when given, the
   * statement also records it in charges_in_flight under a lease until then
   * (charges-in-flight.ts).
   */
  leaseUntil?: Date;
}

/** What a charge took, so that its refund can give back exactly that. */
export interface ChargeRecord {
  reservationId: string;
  accountId: string;
  action: ChargedAction;
  /** The period row charged; null for a pack score. */
  periodStart: Date | null;
  cost: UsageCounts;
  packScores: number;
}

/**
 * A refusal (`limit`) says nothing about the counters: the caller that needs
 * them for its answer reads them (`usedIn`), and one that does not (a pack
 * covers the score) pays no query for them. `no_account`: the account is
 * gone (erased while the request came in), and nothing was charged.
 */
export type ChargeOutcome = { ok: true; record: ChargeRecord; used: UsageCounts } | { ok: false; reason: 'limit' | 'no_account' };

interface CounterRow {
  credits_used: number;
  scores_used: number;
  chat_messages_used: number;
  api_calls_used: number;
}

/** Told of credits as they move (the metrics' credits_charged_total and credits_returned_total). */
export interface CreditMovements {
  charged(action: ChargedAction, credits: number): void;
  returned(action: ChargedAction, credits: number): void;
}

export class CreditLedger {
  readonly #db: Executor;
  readonly #movements: CreditMovements | undefined;

  constructor(db: Executor, movements?: CreditMovements) {
    this.#db = db;
    this.#movements = movements;
  }

  /**
   * Adds `cost` to the period's usage if every limit still holds afterwards
   * otherwise changes nothing. One statement, one
   * round trip.
   */
  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const { accountId, action, cost, limits, now } = request;
    const reservationId = crypto.randomUUID();
    const periodStart = request.periodStart.toISOString();
    const fits = (used: (column: string) => SQL) =>
      sql.join(
        COUNTED.map(([key, column]) => {
          const limit = limits[key];
          return limit === null || cost[key] === 0 ? sql`true` : sql`${used(column)} + ${cost[key]}::int <= ${limit}::int`;
        }),
        sql` AND `,
      );
    const charging = sql`
      WITH charged AS (
        INSERT INTO usage_counters AS u (account_id, period_start, credits_used, scores_used, chat_messages_used, api_calls_used)
        SELECT ${accountId}::uuid, ${periodStart}::timestamptz,
               ${cost.credits}::int, ${cost.scores}::int, ${cost.chatMessages}::int, ${cost.apiCalls}::int
        WHERE ${fits(() => sql`0`)}
        ON CONFLICT (account_id, period_start) DO UPDATE SET
          credits_used = u.credits_used + EXCLUDED.credits_used,
          scores_used = u.scores_used + EXCLUDED.scores_used,
          chat_messages_used = u.chat_messages_used + EXCLUDED.chat_messages_used,
          api_calls_used = u.api_calls_used + EXCLUDED.api_calls_used
        WHERE ${fits((column) => sql.raw(`u.${column}`))}
        RETURNING u.credits_used, u.scores_used, u.chat_messages_used, u.api_calls_used
      ), recorded AS (
        INSERT INTO usage_ledger (account_id, entry, action, reservation_id, period_start, credits, scores, chat_messages, api_calls, created_at)
        SELECT ${accountId}::uuid, 'charge', ${action}, ${reservationId}::uuid, ${periodStart}::timestamptz,
               ${cost.credits}::int, ${cost.scores}::int, ${cost.chatMessages}::int, ${cost.apiCalls}::int, ${now.toISOString()}::timestamptz
        FROM charged
      )${leasedWith(request.leaseUntil, accountId, reservationId, now, sql`charged`)}
      SELECT * FROM charged`;
    let result;
    try {
      result = await this.#db.execute(charging);
    } catch (error) {
      if (isForeignKeyViolation(error)) return { ok: false, reason: 'no_account' };
      throw error;
    }
    const [row] = rowsOf<CounterRow>(result);
    if (!row) return { ok: false, reason: 'limit' };
    this.#movements?.charged(action, cost.credits);
    return {
      ok: true,
      used: countsOf(row),
      record: { reservationId, accountId, action, periodStart: request.periodStart, cost, packScores: 0 },
    };
  }

  /** Takes one score from the account's packs, if it has one left; a pack score costs no credits. In flight under `leaseUntil`, as a charge is. */
  async takePackScore(accountId: string, now: Date, leaseUntil?: Date): Promise<ChargeRecord | null> {
    const reservationId = crypto.randomUUID();
    const result = await this.#db.execute(sql`
      WITH taken AS (
        UPDATE score_pack_balances SET scores_remaining = scores_remaining - 1, updated_at = ${now.toISOString()}::timestamptz
        WHERE account_id = ${accountId}::uuid AND scores_remaining >= 1
        RETURNING scores_remaining
      ), recorded AS (
        INSERT INTO usage_ledger (account_id, entry, action, reservation_id, pack_scores, created_at)
        SELECT ${accountId}::uuid, 'charge', 'score', ${reservationId}::uuid, 1, ${now.toISOString()}::timestamptz FROM taken
      )${leasedWith(leaseUntil, accountId, reservationId, now, sql`taken`)}
      SELECT scores_remaining FROM taken`);
    if (rowsOf(result).length === 0) return null;
    return { reservationId, accountId, action: 'score', periodStart: null, cost: NO_USAGE, packScores: 1 };
  }

  /**
   * Gives back exactly what `record` took. Idempotent, also under
   * concurrency: the refund's ledger row is unique per reservation, and the
   * balances move only in the statement whose insert claimed it.
   * Returns whether this call refunded: not when the account was erased
   * while its work ran (its ledger went with it; there is nothing to give
   * back to).
   */
  async refund(record: ChargeRecord, now: Date): Promise<boolean> {
    try {
      const refunded = await this.#refund(record, now);
      if (refunded) this.#movements?.returned(record.action, record.cost.credits);
      return refunded;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async #refund(record: ChargeRecord, now: Date): Promise<boolean> {
    const { accountId, cost, packScores } = record;
    const periodStart = record.periodStart?.toISOString() ?? null;
    const result = await this.#db.execute(sql`
      WITH out_of_flight AS (
        DELETE FROM charges_in_flight WHERE reservation_id = ${record.reservationId}::uuid
      ), refunded AS (
        INSERT INTO usage_ledger (account_id, entry, action, reservation_id, period_start, credits, scores, chat_messages, api_calls, pack_scores, created_at)
        VALUES (${accountId}::uuid, 'refund', ${record.action}, ${record.reservationId}::uuid, ${periodStart}::timestamptz,
                ${-cost.credits}::int, ${-cost.scores}::int, ${-cost.chatMessages}::int, ${-cost.apiCalls}::int, ${-packScores}::int,
                ${now.toISOString()}::timestamptz)
        ON CONFLICT (reservation_id, entry) DO NOTHING
        RETURNING reservation_id
      ), counters AS (
        UPDATE usage_counters u SET
          credits_used = u.credits_used - ${cost.credits}::int,
          scores_used = u.scores_used - ${cost.scores}::int,
          chat_messages_used = u.chat_messages_used - ${cost.chatMessages}::int,
          api_calls_used = u.api_calls_used - ${cost.apiCalls}::int
        FROM refunded
        WHERE u.account_id = ${accountId}::uuid AND u.period_start = ${periodStart}::timestamptz
        RETURNING 1
      ), packs AS (
        UPDATE score_pack_balances b SET scores_remaining = b.scores_remaining + ${packScores}::int, updated_at = ${now.toISOString()}::timestamptz
        FROM refunded
        WHERE b.account_id = ${accountId}::uuid AND ${packScores}::int > 0
        RETURNING 1
      )
      SELECT count(*)::int AS refunded FROM refunded`);
    return (rowsOf<{ refunded: number }>(result)[0]?.refunded ?? 0) > 0;
  }

  /**
   * The charge stands: its result is stored, in the caller's transaction.
   * False when it is no longer in flight: its lease lapsed and it was given
   * back (reclaimLapsed), so the result must not be stored against it.
   */
  async settle(executor: Executor, reservationId: string): Promise<boolean> {
    const result = await executor.execute(sql`DELETE FROM charges_in_flight WHERE reservation_id = ${reservationId}::uuid RETURNING reservation_id`);
    return rowsOf(result).length > 0;
  }

  /** Moves the leases of charges still being worked on to `leaseUntil`. */
  async renewLeases(reservationIds: readonly string[], leaseUntil: Date): Promise<void> {
    if (reservationIds.length === 0) return;
    await this.#db.execute(sql`
      UPDATE charges_in_flight SET lease_until = ${leaseUntil.toISOString()}::timestamptz
      WHERE reservation_id IN (${sql.join(
        reservationIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }

  /**
   * Gives back every charge whose lease lapsed before `now` (its work died
   * with its process), at most `limit` of them, in one statement: each is
   * taken out of flight and refunded exactly as its ledger row says, once
   * (the refund's ledger row is unique per reservation). Rows another
   * instance is reclaiming, or a result is settling, are skipped. Returns
   * how many were given back.
   */
  async reclaimLapsed(now: Date, limit: number): Promise<number> {
    const at = now.toISOString();
    const result = await this.#db.execute(sql`
      WITH lapsed AS (
        DELETE FROM charges_in_flight WHERE reservation_id IN (
          SELECT reservation_id FROM charges_in_flight WHERE lease_until < ${at}::timestamptz
          ORDER BY lease_until LIMIT ${limit}::int FOR UPDATE SKIP LOCKED)
        RETURNING reservation_id
      ), refunded AS (
        INSERT INTO usage_ledger (account_id, entry, action, reservation_id, period_start, credits, scores, chat_messages, api_calls, pack_scores, created_at)
        SELECT l.account_id, 'refund', l.action, l.reservation_id, l.period_start,
               -l.credits, -l.scores, -l.chat_messages, -l.api_calls, -l.pack_scores, ${at}::timestamptz
        FROM usage_ledger l JOIN lapsed ON lapsed.reservation_id = l.reservation_id
        WHERE l.entry = 'charge'
        ON CONFLICT (reservation_id, entry) DO NOTHING
        RETURNING account_id, action, period_start, credits, scores, chat_messages, api_calls, pack_scores
      ), counters AS (
        -- Summed per row first: an UPDATE ... FROM changes a row once, however many source rows match it.
        UPDATE usage_counters u SET
          credits_used = u.credits_used + r.credits,
          scores_used = u.scores_used + r.scores,
          chat_messages_used = u.chat_messages_used + r.chat_messages,
          api_calls_used = u.api_calls_used + r.api_calls
        FROM (SELECT account_id, period_start, sum(credits)::int AS credits, sum(scores)::int AS scores,
                     sum(chat_messages)::int AS chat_messages, sum(api_calls)::int AS api_calls
              FROM refunded WHERE period_start IS NOT NULL GROUP BY account_id, period_start) r
        WHERE u.account_id = r.account_id AND u.period_start = r.period_start
        RETURNING 1
      ), packs AS (
        UPDATE score_pack_balances b SET scores_remaining = b.scores_remaining - r.pack_scores, updated_at = ${at}::timestamptz
        FROM (SELECT account_id, sum(pack_scores)::int AS pack_scores FROM refunded WHERE pack_scores < 0 GROUP BY account_id) r
        WHERE b.account_id = r.account_id
        RETURNING 1
      )
      SELECT action, count(*)::int AS reclaimed, coalesce(-sum(credits), 0)::int AS credits FROM refunded GROUP BY action`);
    const reclaimed = rowsOf<{ action: ChargedAction; reclaimed: number; credits: number }>(result);
    for (const row of reclaimed) this.#movements?.returned(row.action, row.credits);
    return reclaimed.reduce((total, row) => total + row.reclaimed, 0);
  }

  /** Credits a bought pack's scores, in the caller's transaction (the one that applies the payment event). */
  async creditPack(executor: Executor, purchase: { accountId: string; pack: ScorePack; sourceEventId: string; now: Date }): Promise<void> {
    const { accountId, pack, sourceEventId } = purchase;
    const scores = SCORE_PACKS[pack];
    const now = purchase.now.toISOString();
    await executor.execute(sql`
      WITH added AS (
        INSERT INTO score_pack_balances AS b (account_id, scores_remaining, updated_at)
        VALUES (${accountId}::uuid, ${scores}::int, ${now}::timestamptz)
        ON CONFLICT (account_id) DO UPDATE SET scores_remaining = b.scores_remaining + EXCLUDED.scores_remaining, updated_at = EXCLUDED.updated_at
        RETURNING scores_remaining
      )
      INSERT INTO usage_ledger (account_id, entry, action, pack_scores, source_event_id, created_at)
      SELECT ${accountId}::uuid, 'pack_purchase', ${`pack_${pack}`}, ${-scores}::int, ${sourceEventId}, ${now}::timestamptz FROM added`);
  }

  async usedIn(executor: Executor, accountId: string, periodStart: Date): Promise<UsageCounts> {
    const result = await executor.execute(sql`
      SELECT credits_used, scores_used, chat_messages_used, api_calls_used FROM usage_counters
      WHERE account_id = ${accountId}::uuid AND period_start = ${periodStart.toISOString()}::timestamptz`);
    const [row] = rowsOf<CounterRow>(result);
    return row ? countsOf(row) : NO_USAGE;
  }

  async packBalance(executor: Executor, accountId: string): Promise<number> {
    const result = await executor.execute(sql`SELECT scores_remaining FROM score_pack_balances WHERE account_id = ${accountId}::uuid`);
    return rowsOf<{ scores_remaining: number }>(result)[0]?.scores_remaining ?? 0;
  }
}

/**
 * The CTE that records a charge in flight, when it has a lease: one row for
 * the reservation if the statement's `charged` CTE charged anything.
 */
function leasedWith(leaseUntil: Date | undefined, accountId: string, reservationId: string, now: Date, charged: SQL): SQL {
  if (!leaseUntil) return sql``;
  return sql`, leased AS (
        INSERT INTO charges_in_flight (reservation_id, account_id, lease_until, created_at)
        SELECT ${reservationId}::uuid, ${accountId}::uuid, ${leaseUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        FROM ${charged} LIMIT 1
      )`;
}

/** Each counted thing and its column in usage_counters. */
const COUNTED: readonly (readonly [keyof UsageCounts, string])[] = [
  ['credits', 'credits_used'],
  ['scores', 'scores_used'],
  ['chatMessages', 'chat_messages_used'],
  ['apiCalls', 'api_calls_used'],
];

function countsOf(row: CounterRow): UsageCounts {
  return { credits: row.credits_used, scores: row.scores_used, chatMessages: row.chat_messages_used, apiCalls: row.api_calls_used };
}

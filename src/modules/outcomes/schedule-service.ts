/**
 * Scheduled rescoring (issue 28): a product's cadence (weekly, monthly, or
 * off), and a sweep that rescores the products that are due through the same
 * admission as a member's score (the rate limit, the plan's quota, credits),
 * in the name of the member who set the cadence. Owns product_schedules.
 *
 * A run that cannot happen says so (lastOutcome: quota_exhausted, no_credits,
 * rate_limited, read_only when the account's trial left it read-only, failed) and is not retried before the next period: the period
 * moves on before the run starts, so a crash mid-run does not repeat it
 * either.
 */
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { Principal } from '../../http/app-types.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { Admission } from '../metering/admission-gate.ts';
import type { ScoreOutcome, ScoreRequest } from '../scoring/scoring-service.ts';
import type { RefusedRunNotice } from './scheduled-run-refused-mail.ts';
import { productSchedules, type ScheduleCadence, type ScheduledRunOutcome } from './tables.ts';

export const SCHEDULED_RESCORE_SWEEP_JOB = 'outcomes.scheduled-rescore-sweep';
/** Due products are looked for hourly: a scheduled score runs within the hour after it falls due. */
export const SCHEDULED_RESCORE_SWEEP_EVERY_MS = 60 * 60 * 1000;
const SWEEP_PAGE = 50;

export interface Schedule {
  productId: string;
  cadence: ScheduleCadence | 'off';
  nextRunAt: Date | null;
  lastRun: { at: Date; outcome: ScheduledRunOutcome } | null;
}

/** How a score asked for now ended: its result when it scored. */
export interface ScoreNowOutcome {
  outcome: ScheduledRunOutcome;
  resultId: string | null;
}

export interface ScheduleDependencies {
  db: Database;
  clock: Clock;
  /** The product, only when it is the account's. */
  product: (accountId: string, productId: string) => Promise<{ id: string; name: string; url: string } | null>;
  /** The metering admission gate's admit (a score, for the principal). */
  admit: (request: { action: 'score'; principal: Principal; clientAddress: null }) => Promise<Admission>;
  score: (request: ScoreRequest) => Promise<ScoreOutcome>;
  /** Whether read-only mode (onboarding) refuses the account a score now, as it would refuse POST /api/score/product. */
  readOnly: (accountId: string) => Promise<boolean>;
  /** Tells the account's admins when a run could not happen, in the transaction that records it (scheduled-run-refused-mail.ts). */
  onRunRefused?: RefusedRunNotice;
}

/** The next time after `from` in steps of the cadence: weekly is 7 days; monthly the same day of the next month (UTC, clamped by Date). */
export function nextRunAfter(cadence: ScheduleCadence, from: Date): Date {
  const next = new Date(from);
  if (cadence === 'weekly') next.setUTCDate(next.getUTCDate() + 7);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export class ScheduleService {
  readonly #deps: ScheduleDependencies;

  constructor(deps: ScheduleDependencies) {
    this.#deps = deps;
  }

  async get(accountId: string, productId: string): Promise<Schedule> {
    const [row] = await this.#deps.db
      .select()
      .from(productSchedules)
      .where(and(eq(productSchedules.accountId, accountId), eq(productSchedules.productId, productId)));
    return row ? scheduleOf(row) : { productId, cadence: 'off', nextRunAt: null, lastRun: null };
  }

  /**
   * Sets the cadence; the first scheduled score is one period from now (the
   * member has just seen the product's score, or can score it now). `off`
   * removes the schedule and its record.
   */
  async set(accountId: string, productId: string, setBy: string, cadence: ScheduleCadence | 'off'): Promise<Schedule> {
    if (cadence === 'off') {
      await this.#deps.db.delete(productSchedules).where(and(eq(productSchedules.accountId, accountId), eq(productSchedules.productId, productId)));
      return { productId, cadence: 'off', nextRunAt: null, lastRun: null };
    }
    const now = this.#deps.clock.now();
    const values = { productId, accountId, cadence, setBy, nextRunAt: nextRunAfter(cadence, now), updatedAt: now };
    const [row] = await this.#deps.db
      .insert(productSchedules)
      .values(values)
      .onConflictDoUpdate({ target: productSchedules.productId, set: { cadence, setBy, nextRunAt: values.nextRunAt, updatedAt: now } })
      .returning();
    return scheduleOf(row!);
  }

  register(runner: JobRunner): void {
    runner.on(SCHEDULED_RESCORE_SWEEP_JOB, async () => {
      await this.sweep();
    });
    runner.every(SCHEDULED_RESCORE_SWEEP_JOB, SCHEDULED_RESCORE_SWEEP_EVERY_MS);
  }

  /** Runs every schedule that is due now, one at a time (a score takes a crawl slot); returns how many ran. */
  async sweep(): Promise<number> {
    const now = this.#deps.clock.now();
    let ran = 0;
    let after: string | undefined;
    for (;;) {
      const due = await this.#deps.db
        .select()
        .from(productSchedules)
        .where(and(lte(productSchedules.nextRunAt, now), after ? gt(productSchedules.productId, after) : undefined))
        .orderBy(asc(productSchedules.productId))
        .limit(SWEEP_PAGE);
      for (const row of due) if (await this.#runIfStillDue(row, now)) ran += 1;
      if (due.length < SWEEP_PAGE) return ran;
      after = due.at(-1)!.productId;
    }
  }

  /** Claims the run by moving the period on (a concurrent sweep that read the same row claims nothing), then runs it. */
  async #runIfStillDue(row: typeof productSchedules.$inferSelect, now: Date): Promise<boolean> {
    let next = nextRunAfter(row.cadence, row.nextRunAt);
    // Periods missed while nothing ran are not made up: one run, then the next period after now.
    while (next <= now) next = nextRunAfter(row.cadence, next);
    const claimed = await this.#deps.db
      .update(productSchedules)
      .set({ nextRunAt: next })
      .where(and(eq(productSchedules.productId, row.productId), eq(productSchedules.nextRunAt, row.nextRunAt)))
      .returning({ productId: productSchedules.productId });
    if (claimed.length === 0) return false;
    const record = async (outcome: ScheduledRunOutcome, product: { id: string; name: string } | null) => {
      const notify =
        product && outcome !== 'scored' && this.#deps.onRunRefused
          ? await this.#deps.onRunRefused({ accountId: row.accountId, product, outcome, dueAt: row.nextRunAt, nextRunAt: next })
          : null;
      await this.#deps.db.transaction(async (tx) => {
        await tx.update(productSchedules).set({ lastRunAt: now, lastOutcome: outcome }).where(eq(productSchedules.productId, row.productId));
        await notify?.(tx);
      });
    };
    let product: { id: string; name: string; url: string } | null = null;
    try {
      product = await this.#deps.product(row.accountId, row.productId);
      await record(product ? (await this.#run(row.accountId, row.setBy, product)).outcome : 'failed', product);
    } catch (error) {
      // Recorded, then the job engine logs it; the run waits for the next period like any other failure.
      await record('failed', product);
      throw error;
    }
    return true;
  }

  /**
   * Scores the product now, admitted and charged as a scheduled score is, in
   * the name of `userId` (the moves module's rescore). The result when it
   * scored; else why not, in a scheduled run's words.
   */
  async scoreNow(accountId: string, productId: string, userId: string): Promise<ScoreNowOutcome> {
    const product = await this.#deps.product(accountId, productId);
    if (!product) return { outcome: 'failed', resultId: null };
    return this.#run(accountId, userId, product);
  }

  async #run(accountId: string, userId: string, product: { id: string; name: string; url: string }): Promise<ScoreNowOutcome> {
    const refused = (outcome: ScheduledRunOutcome): ScoreNowOutcome => ({ outcome, resultId: null });
    if (await this.#deps.readOnly(accountId)) return refused('read_only');
    // The member who set the cadence, as a session would be: the gate's rate limit is per member, quotas and credits per account.
    const principal: Principal = { userId, accountId, role: 'member', email: null, method: 'session', apiKeyId: null };
    const admission = await this.#deps.admit({ action: 'score', principal, clientAddress: null });
    if (!admission.ok) {
      if (admission.reason === 'plan_limit_reached') return refused('quota_exhausted');
      if (admission.reason === 'credit_exhausted') return refused('no_credits');
      if (admission.reason === 'rate_limited') return refused('rate_limited');
      return refused('failed');
    }
    const { charge } = admission;
    try {
      const outcome = await this.#deps.score({
        url: product.url,
        depth: 'full',
        context: null,
        companyName: product.name,
        owner: { accountId, userId },
        productId: product.id,
        segment: null,
        signal: new AbortController().signal,
        settleCharge: (tx: Transaction) => charge.settle(tx),
      });
      if (outcome.ok) return { outcome: 'scored', resultId: outcome.result.id };
      await charge.refund();
      return refused('failed');
    } catch (error) {
      await charge.refund();
      throw error;
    }
  }
}

function scheduleOf(row: typeof productSchedules.$inferSelect): Schedule {
  return {
    productId: row.productId,
    cadence: row.cadence,
    nextRunAt: row.nextRunAt,
    lastRun: row.lastRunAt && row.lastOutcome ? { at: row.lastRunAt, outcome: row.lastOutcome } : null,
  };
}

/**
 * Anomalies (issue 28, item 3): after each stored score of an account, what
 * changed beyond normal variation since the score before it (anomaly-rules.ts),
 * recorded with its evidence before and after, a severity and a state, and
 * alerted: an `anomaly.detected` domain event per anomaly (the outbound
 * webhook), one mail per score to the owners and admins (opt-out
 * category `anomaly_alerts`), and one Slack post per score when an admin set
 * an address (slack-alerts.ts). Owns the anomalies tables.
 *
 * Detection is a job enqueued in the storing transaction, once per result:
 * the score's own transaction stays short, and a failure is retried without
 * failing the score. A later score that shows a dimension back, or a gone
 * page read again, resolves the anomaly it mends.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { Role } from '../../vocabulary/roles.ts';
import type { ScoringResult } from '../scoring/result-schema.ts';
import { anomalyMailFor } from './anomaly-mail.ts';
import { detectAnomalies, type DetectedAnomaly } from './anomaly-rules.ts';
import { anomalies, type AnomalyState } from './tables.ts';

export const DETECT_ANOMALIES_JOB = 'anomalies.detect';
/** Who is mailed: the people who decide what to do about it (as for decay reminders). */
const ALERT_ROLES: readonly Role[] = ['owner', 'admin'];

export type Anomaly = typeof anomalies.$inferSelect;

/** The owners' and admins' addresses, once each. */
function recipientsOf(members: { role: Role; email: string | null }[]): string[] {
  return [...new Set(members.filter((member) => ALERT_ROLES.includes(member.role) && member.email?.includes('@')).map((member) => member.email!.trim().toLowerCase()))];
}

export interface AnomalyDependencies {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  publicBaseUrl: string;
  /** A result of the account with the one it is compared with (ScoringService.withPrevious). */
  withPrevious(accountId: string, resultId: string): Promise<{ current: ScoringResult; previous: ScoringResult | null; productId: string | null } | null>;
  /** The account's team with their addresses (accounts module). */
  members(accountId: string): Promise<{ role: Role; email: string | null }[]>;
  /** Runs in the transaction that records an anomaly: the `anomaly.detected` event. */
  onDetected(tx: Transaction, accountId: string, anomaly: Anomaly): Promise<unknown>;
  /** Runs once in the transaction that records a result's new anomalies: the Slack post. */
  onRecorded(tx: Transaction, accountId: string, resultId: string): Promise<unknown>;
}

export interface AnomalyQuery {
  state?: AnomalyState;
  productId?: string;
  /** An anomaly id: only those listed after it, newest first (the next page). */
  after?: string;
  limit: number;
}

export class AnomalyService {
  readonly #deps: AnomalyDependencies;

  constructor(deps: AnomalyDependencies) {
    this.#deps = deps;
  }

  register(runner: JobRunner): void {
    runner.on(DETECT_ANOMALIES_JOB, async (payload) => {
      await this.detect(String(payload.accountId), String(payload.resultId));
    });
  }

  /** In the transaction that stores an account's score: look for anomalies once it has committed. */
  afterScore(tx: Executor, accountId: string, resultId: string): Promise<unknown> {
    return this.#deps.jobs.enqueue(tx, { name: DETECT_ANOMALIES_JOB, payload: { accountId, resultId }, dedupeKey: `anomalies ${resultId}`, accountId });
  }

  /** Detects, records and alerts the anomalies of one stored result; how many were new. */
  async detect(accountId: string, resultId: string): Promise<number> {
    const pair = await this.#deps.withPrevious(accountId, resultId);
    if (!pair?.previous) return 0;
    const { current, previous, productId } = pair;
    const found = detectAnomalies(previous, current);
    const now = this.#deps.clock.now();
    // Read before the transaction: on the embedded database a read outside it would wait for it to end.
    const recipients = found.length > 0 ? recipientsOf(await this.#deps.members(accountId)) : [];
    return this.#deps.db.transaction(async (tx) => {
      if (productId) await this.#resolveMended(tx, accountId, productId, current, now);
      if (found.length === 0) return 0;
      const recorded = await tx
        .insert(anomalies)
        .values(found.map((anomaly) => ({ accountId, productId, resultId, previousResultId: previous.id, ...anomaly, detectedAt: now })))
        // Detected already (a retried job): nothing twice.
        .onConflictDoNothing()
        .returning();
      for (const anomaly of recorded) await this.#deps.onDetected(tx, accountId, anomaly);
      const fresh = found.filter((anomaly) => recorded.some((row) => row.kind === anomaly.kind && row.subject === anomaly.subject));
      if (fresh.length > 0) {
        await this.#mail(tx, accountId, recipients, current, productId, fresh);
        await this.#deps.onRecorded(tx, accountId, resultId);
      }
      return recorded.length;
    });
  }

  /** The account's anomalies, newest first, a page at a time. */
  async list(accountId: string, query: AnomalyQuery): Promise<{ anomalies: Anomaly[]; nextCursor: string | null }> {
    const rows = await this.#deps.db
      .select()
      .from(anomalies)
      .where(
        and(
          eq(anomalies.accountId, accountId),
          query.state ? eq(anomalies.state, query.state) : undefined,
          query.productId ? eq(anomalies.productId, query.productId) : undefined,
          query.after
            ? sql`(${anomalies.detectedAt}, ${anomalies.id}) < (SELECT c.detected_at, c.id FROM anomalies c WHERE c.id = ${query.after} AND c.account_id = ${accountId})`
            : undefined,
        ),
      )
      .orderBy(desc(anomalies.detectedAt), desc(anomalies.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { anomalies: page, nextCursor: rows.length > query.limit ? page.at(-1)!.id : null };
  }

  /** Acknowledges or resolves one of the account's anomalies; null when the account has no such anomaly. */
  async setState(accountId: string, id: string, state: Exclude<AnomalyState, 'open'>, userId: string): Promise<Anomaly | null> {
    const [row] = await this.#deps.db
      .update(anomalies)
      .set({ state, stateChangedAt: this.#deps.clock.now(), stateChangedBy: userId })
      .where(and(eq(anomalies.id, id), eq(anomalies.accountId, accountId)))
      .returning();
    return row ?? null;
  }

  /** A dimension back at its earlier level, or a gone page read again: the anomaly is resolved by the score that shows it. */
  async #resolveMended(tx: Transaction, accountId: string, productId: string, current: ScoringResult, now: Date): Promise<void> {
    const unresolved = await tx
      .select({ id: anomalies.id, kind: anomalies.kind, subject: anomalies.subject, before: anomalies.before })
      .from(anomalies)
      .where(and(eq(anomalies.accountId, accountId), eq(anomalies.productId, productId), inArray(anomalies.state, ['open', 'acknowledged']), lt(anomalies.detectedAt, now)));
    const read = new Set((current.crawledPages ?? []).map((page) => new URL(page).pathname.replace(/\/+$/, '') || '/'));
    const mended = unresolved.filter((anomaly) => {
      if (anomaly.kind === 'dimension_down') return (current.dimensions.find((d) => d.dimensionId === anomaly.subject)?.score ?? 0) >= (anomaly.before.value ?? 5);
      if (anomaly.kind === 'total_down') return current.totalScore >= (anomaly.before.value ?? Infinity);
      return read.has(anomaly.subject);
    });
    if (mended.length === 0) return;
    await tx
      .update(anomalies)
      .set({ state: 'resolved', stateChangedAt: now, stateChangedBy: 'system' })
      .where(or(...mended.map((anomaly) => eq(anomalies.id, anomaly.id))));
  }

  async #mail(tx: Transaction, accountId: string, recipients: string[], current: ScoringResult, productId: string | null, found: DetectedAnomaly[]): Promise<void> {
    const base = this.#deps.publicBaseUrl;
    const content = anomalyMailFor(current.companyName ?? new URL(current.url).host, found, productId ? `${base}/app/products/${productId}` : `${base}/r/${current.id}`);
    for (const to of recipients) {
      await enqueueMail(this.#deps.jobs, tx, { to, ...content, category: 'anomaly_alerts' }, { dedupeKey: `anomalies ${current.id} to ${to}`, accountId });
    }
  }
}

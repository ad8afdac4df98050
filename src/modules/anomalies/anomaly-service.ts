/**
 * Anomalies (issue 28, item 3): what changed beyond normal variation, recorded
 * with its evidence before and after, a severity and a state, and alerted: an
 * `anomaly.detected` domain event per anomaly (the outbound webhook), one mail
 * per detection to the owners and admins (opt-out category
 * `anomaly_alerts`), and one Slack post per detection when an admin set an
 * address (slack-alerts.ts). Owns the anomalies tables. Two detections:
 *
 * - after each stored score of an account, against the score before it
 *   (anomaly-rules.ts);
 * - after measured signals are recorded (a source's sync or a push), each
 *   value against the band of its own earlier values (signal-band.ts).
 *
 * Each is a job enqueued in the transaction that stored the score or the
 * values, so that transaction stays short and a failed detection is retried
 * without failing it. A later score that shows a dimension back, or a gone
 * page read again, resolves the anomaly it mends.
 */
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { measuredSignalType } from '../../framework/measured-signals.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { Role } from '../../vocabulary/roles.ts';
import type { ScoringResult } from '../scoring/result-schema.ts';
import { anomalyMailFor } from './anomaly-mail.ts';
import { detectAnomalies, pageKey } from './anomaly-rules.ts';
import { recipientsOf } from '../lifecycle-mail/lifecycle-mail.ts';
import { HISTORY_WINDOW, outsideBand } from './signal-band.ts';
import { anomalies, type AnomalyState } from './tables.ts';

export const DETECT_ANOMALIES_JOB = 'anomalies.detect';
export const DETECT_SIGNAL_ANOMALIES_JOB = 'anomalies.detect-signals';
/** Who is mailed: the people who decide what to do about it (as for decay reminders). */
const ALERT_ROLES: readonly Role[] = ['owner', 'admin'];

export type Anomaly = typeof anomalies.$inferSelect;
type NewAnomaly = typeof anomalies.$inferInsert;

/** A measured value and the earlier values of the same product, type and scope, newest first (the signals module's). */
export interface SignalHistory {
  signal: { id: string; productId: string | null; type: string; scope: string | null; value: number; observedAt: Date; source: string };
  earlier: { value: number; observedAt: Date }[];
}

export interface AnomalyDependencies {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  publicBaseUrl: string;
  /** A result of the account with the one it is compared with (ScoringService.withPrevious). */
  withPrevious(accountId: string, resultId: string): Promise<{ current: ScoringResult; previous: ScoringResult | null; productId: string | null } | null>;
  /** A signal of the account with at most `limit` earlier values (SignalService.historyOf); null when the account has no such signal. */
  signalHistory(accountId: string, signalId: string, limit: number): Promise<SignalHistory | null>;
  /** The account's team with their addresses (accounts module). */
  members(accountId: string): Promise<{ role: Role; email: string | null }[]>;
  /** Runs in the transaction that records an anomaly: the `anomaly.detected` event. */
  onDetected(tx: Transaction, accountId: string, anomaly: Anomaly): Promise<unknown>;
  /** Runs once in the transaction that records a detection's new anomalies: the Slack post. */
  onRecorded(tx: Transaction, accountId: string, anomalyIds: string[], detection: string): Promise<unknown>;
}

export interface AnomalyQuery {
  /** Only anomalies in one of these states. */
  states?: readonly AnomalyState[];
  productId?: string;
  /** An anomaly id: only those listed after it, newest first (the next page). */
  after?: string;
  limit: number;
}

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const day = (at: Date) => at.toISOString().slice(0, 10);

export class AnomalyService {
  readonly #deps: AnomalyDependencies;

  constructor(deps: AnomalyDependencies) {
    this.#deps = deps;
  }

  register(runner: JobRunner): void {
    runner.on(DETECT_ANOMALIES_JOB, async (payload) => {
      await this.detect(String(payload.accountId), String(payload.resultId));
    });
    runner.on(DETECT_SIGNAL_ANOMALIES_JOB, async (payload) => {
      await this.detectSignals(String(payload.accountId), (payload.signalIds as unknown[]).map(String));
    });
  }

  /** In the transaction that stores an account's score: look for anomalies once it has committed. */
  afterScore(tx: Executor, accountId: string, resultId: string): Promise<unknown> {
    return this.#deps.jobs.enqueue(tx, { name: DETECT_ANOMALIES_JOB, payload: { accountId, resultId }, dedupeKey: `anomalies ${resultId}`, accountId });
  }

  /** In the transaction that stores measured values (a sync or a push): look at each against its band once it has committed. */
  async afterSignals(tx: Executor, accountId: string, signalIds: string[]): Promise<unknown> {
    if (signalIds.length === 0) return;
    return this.#deps.jobs.enqueue(tx, {
      name: DETECT_SIGNAL_ANOMALIES_JOB,
      payload: { accountId, signalIds },
      dedupeKey: `signals ${signalIds[0]}`,
      accountId,
    });
  }

  /** Detects, records and alerts the anomalies of one stored result; how many were new. */
  async detect(accountId: string, resultId: string): Promise<number> {
    const pair = await this.#deps.withPrevious(accountId, resultId);
    if (!pair?.previous) return 0;
    const { current, previous, productId } = pair;
    const now = this.#deps.clock.now();
    const rows: NewAnomaly[] = detectAnomalies(previous, current).map((anomaly) => ({
      ...anomaly,
      accountId,
      productId,
      resultId,
      previousResultId: previous.id,
      detectedAt: now,
      detectionKey: `${resultId} ${anomaly.kind} ${anomaly.subject}`,
    }));
    const base = this.#deps.publicBaseUrl;
    const alert = {
      name: current.companyName ?? new URL(current.url).host,
      link: productId ? `${base}/app/products/${productId}` : `${base}/r/${current.id}`,
      detection: `result ${resultId}`,
    };
    // Read before the transaction: on the embedded database a read outside it would wait for it to end.
    const recipients = rows.length > 0 ? recipientsOf(await this.#deps.members(accountId), ALERT_ROLES) : [];
    return this.#deps.db.transaction(async (tx) => {
      if (productId) await this.#resolveMended(tx, accountId, productId, current, now);
      return this.#recordAndAlert(tx, accountId, rows, recipients, alert);
    });
  }

  /** Each recorded value against the band of its earlier values; how many anomalies were new. */
  async detectSignals(accountId: string, signalIds: string[]): Promise<number> {
    const now = this.#deps.clock.now();
    const rows: NewAnomaly[] = [];
    for (const signalId of signalIds) {
      const history = await this.#deps.signalHistory(accountId, signalId, HISTORY_WINDOW);
      if (!history) continue;
      const { signal, earlier } = history;
      const reading = outsideBand(
        signal.value,
        earlier.map((entry) => entry.value),
      );
      if (!reading) continue;
      const known = measuredSignalType(signal.type);
      const unit = known?.unit ? ` ${known.unit}` : '';
      const subject = signal.scope ? `${signal.type} ${signal.scope}` : signal.type;
      rows.push({
        accountId,
        productId: signal.productId,
        signalId,
        kind: 'signal_out_of_band',
        subject,
        severity: reading.severity,
        summary: `${known?.label ?? signal.type}${signal.scope ? ` (${signal.scope})` : ''} was ${number(signal.value)}${unit}, outside its usual band around ${number(reading.median)}${unit}.`,
        dimensionIds: known?.dimension ? [known.dimension] : [],
        before: {
          resultId: null,
          scoredAt: earlier[0]!.observedAt.toISOString(),
          value: reading.median,
          evidence: `median ${number(reading.median)}${unit}, median absolute deviation ${number(reading.mad)}, over the ${earlier.length} values from ${day(earlier.at(-1)!.observedAt)} to ${day(earlier[0]!.observedAt)}`,
        },
        after: {
          resultId: null,
          scoredAt: signal.observedAt.toISOString(),
          value: signal.value,
          evidence: `${number(signal.value)}${unit} observed ${day(signal.observedAt)} (${signal.source})`,
        },
        detectedAt: now,
        detectionKey: `signal ${signalId}`,
      });
    }
    const productId = rows.find((row) => row.productId)?.productId;
    const base = this.#deps.publicBaseUrl;
    const alert = { name: 'Measured signals', link: productId ? `${base}/app/products/${productId}` : `${base}/app`, detection: `signals ${signalIds[0]}` };
    if (rows.length === 0) return 0;
    const recipients = recipientsOf(await this.#deps.members(accountId), ALERT_ROLES);
    return this.#deps.db.transaction((tx) => this.#recordAndAlert(tx, accountId, rows, recipients, alert));
  }

  /** Records the anomalies not recorded before and alerts them: an event each, one mail to each lead, one Slack post. */
  async #recordAndAlert(
    tx: Transaction,
    accountId: string,
    rows: NewAnomaly[],
    recipients: string[],
    alert: { name: string; link: string; detection: string },
  ): Promise<number> {
    if (rows.length === 0) return 0;
    // Detected already (a retried job): nothing twice.
    const recorded = await tx.insert(anomalies).values(rows).onConflictDoNothing().returning();
    if (recorded.length === 0) return 0;
    for (const anomaly of recorded) await this.#deps.onDetected(tx, accountId, anomaly);
    const content = anomalyMailFor(alert.name, recorded, alert.link);
    for (const to of recipients) {
      await enqueueMail(this.#deps.jobs, tx, { to, ...content, category: 'anomaly_alerts' }, { dedupeKey: `anomalies ${alert.detection} to ${to}`, accountId });
    }
    await this.#deps.onRecorded(
      tx,
      accountId,
      recorded.map((anomaly) => anomaly.id),
      alert.detection,
    );
    return recorded.length;
  }

  /** The account's anomalies, newest first, a page at a time. */
  async list(accountId: string, query: AnomalyQuery): Promise<{ anomalies: Anomaly[]; nextCursor: string | null }> {
    const rows = await this.#deps.db
      .select()
      .from(anomalies)
      .where(
        and(
          eq(anomalies.accountId, accountId),
          query.states ? inArray(anomalies.state, [...query.states]) : undefined,
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
      .where(
        and(
          eq(anomalies.accountId, accountId),
          eq(anomalies.productId, productId),
          inArray(anomalies.state, ['open', 'acknowledged']),
          inArray(anomalies.kind, ['dimension_down', 'total_down', 'evidence_page_gone']),
          lt(anomalies.detectedAt, now),
        ),
      );
    const read = new Set((current.crawledPages ?? []).map(pageKey));
    const mended = unresolved.filter((anomaly) => {
      if (anomaly.kind === 'dimension_down')
        return (current.dimensions.find((d) => d.dimensionId === anomaly.subject)?.score ?? 0) >= (anomaly.before.value ?? 5);
      if (anomaly.kind === 'total_down') return current.totalScore >= (anomaly.before.value ?? Infinity);
      return read.has(anomaly.subject);
    });
    if (mended.length === 0) return;
    await tx
      .update(anomalies)
      .set({ state: 'resolved', stateChangedAt: now, stateChangedBy: 'system' })
      .where(or(...mended.map((anomaly) => eq(anomalies.id, anomaly.id))));
  }
}

/**
 * Anomalies posted to Slack (issue 28, item 3): an admin sets the account's
 * incoming-webhook address; each score with new anomalies posts one message
 * there (Slack's incoming-webhook JSON: `text`, with `mrkdwn` links), from a
 * job enqueued in the recording transaction, once per detection, retried with
 * the job engine's backoff while Slack answers with an error. The address
 * passes the same SSRF checks as webhook endpoints (WEBHOOK_ALLOWLIST).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import { anomalies, anomalySlackTargets } from './tables.ts';

export const SLACK_ALERT_JOB = 'anomalies.slack';
/** Slack's answer to a good post is quick; a few tries over the engine's backoff, then the mail and the webhook event stand alone. */
const SLACK_ATTEMPTS = 5;

export interface SlackAlertDependencies {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  publicBaseUrl: string;
  /** The address checks webhook endpoints pass (https, no internal address, WEBHOOK_ALLOWLIST). */
  checkUrl(url: string): Promise<{ ok: true; url: string } | { ok: false; reason: string }>;
  /** Posts a JSON body through the SSRF-safe connector. */
  post(url: string, headers: Record<string, string>, body: string): Promise<{ ok: boolean; status: number | null; error: string | null }>;
}

/** What the API shows of a configured address: enough to recognise it, not enough to post with it. */
export function maskedSlackUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}/…${parsed.pathname.slice(-4)}`;
}

export class SlackAlerts {
  readonly #deps: SlackAlertDependencies;

  constructor(deps: SlackAlertDependencies) {
    this.#deps = deps;
  }

  register(runner: JobRunner): void {
    runner.on(SLACK_ALERT_JOB, async (payload) => {
      await this.#post(String(payload.accountId), (payload.anomalyIds as unknown[]).map(String));
    });
  }

  async target(accountId: string): Promise<{ webhookUrl: string; updatedAt: Date } | null> {
    const [row] = await this.#deps.db.select().from(anomalySlackTargets).where(eq(anomalySlackTargets.accountId, accountId));
    return row ? { webhookUrl: row.webhookUrl, updatedAt: row.updatedAt } : null;
  }

  async set(accountId: string, url: string, userId: string): Promise<{ ok: true; webhookUrl: string; updatedAt: Date } | { ok: false; reason: string }> {
    const checked = await this.#deps.checkUrl(url);
    if (!checked.ok) return checked;
    const updatedAt = this.#deps.clock.now();
    await this.#deps.db
      .insert(anomalySlackTargets)
      .values({ accountId, webhookUrl: checked.url, setBy: userId, updatedAt })
      .onConflictDoUpdate({ target: anomalySlackTargets.accountId, set: { webhookUrl: checked.url, setBy: userId, updatedAt } });
    return { ok: true, webhookUrl: checked.url, updatedAt };
  }

  async remove(accountId: string): Promise<boolean> {
    const removed = await this.#deps.db
      .delete(anomalySlackTargets)
      .where(eq(anomalySlackTargets.accountId, accountId))
      .returning({ accountId: anomalySlackTargets.accountId });
    return removed.length > 0;
  }

  /** In the transaction that records a detection's anomalies: post them once it commits, when the account has a Slack address. */
  async afterRecorded(tx: Executor, accountId: string, anomalyIds: string[], detection: string): Promise<void> {
    const [target] = await tx
      .select({ accountId: anomalySlackTargets.accountId })
      .from(anomalySlackTargets)
      .where(eq(anomalySlackTargets.accountId, accountId));
    if (!target) return;
    await this.#deps.jobs.enqueue(tx, {
      name: SLACK_ALERT_JOB,
      payload: { accountId, anomalyIds },
      dedupeKey: `slack ${detection}`,
      accountId,
      maxAttempts: SLACK_ATTEMPTS,
    });
  }

  async #post(accountId: string, anomalyIds: string[]): Promise<void> {
    const target = await this.target(accountId);
    // Removed since: nothing to post to.
    if (!target) return;
    const rows = await this.#deps.db
      .select({ summary: anomalies.summary, severity: anomalies.severity, resultId: anomalies.resultId })
      .from(anomalies)
      .where(and(eq(anomalies.accountId, accountId), inArray(anomalies.id, anomalyIds)));
    if (rows.length === 0) return;
    const resultId = rows.find((row) => row.resultId)?.resultId;
    const where = resultId ? ` (<${new URL(`/r/${resultId}`, this.#deps.publicBaseUrl).href}|the result>)` : '';
    const lines = rows.map((row) => `• ${row.severity === 'high' ? '*High*' : 'Medium'}: ${row.summary}`);
    const text = [`New anomalies${where}:`, ...lines].join('\n');
    const outcome = await this.#deps.post(target.webhookUrl, { 'content-type': 'application/json' }, JSON.stringify({ text }));
    if (!outcome.ok) throw new Error(`Slack answered ${outcome.status ?? outcome.error}`);
  }
}

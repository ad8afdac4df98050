/**
 * The mail to an account's owners and admins when a scheduled score could
 * not run (quota spent, no credits, read-only): they set the cadence up and
 * would otherwise learn only from a score that never came. Transactional
 * ('account'): it is about something the account asked for, like the mail
 * when a webhook endpoint is disabled (docs/DECISIONS.md). Enqueued in the
 * transaction that records the outcome, once per product, due run and
 * recipient (the dedupe key).
 */
import type { Executor } from '../../db/client.ts';
import { escapeHtml } from '../../escape-html.ts';
import { enqueueMail } from '../../mail/send-mail-job.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { ScheduledRunOutcome } from './tables.ts';

/** Why a scheduled score did not run, as the product page and the mail say it. */
export const REFUSED_RUN_WORDS: Partial<Record<ScheduledRunOutcome, string>> = {
  quota_exhausted: "the plan's scores for this month were all used",
  no_credits: 'the account had no credits left',
  read_only: 'the account is read-only since its trial ended',
  rate_limited: 'too many scores were asked for at once',
};

/** What lifts each mailed refusal, and the page (from the public base) where it is done. */
const REMEDIES: Partial<Record<ScheduledRunOutcome, { words: string; path: string }>> = {
  quota_exhausted: { words: "The plan's scores renew with its period; for more now, upgrade the plan", path: '/app/billing' },
  no_credits: { words: 'Credits renew with the period; for more now, buy a score pack or upgrade the plan', path: '/app/billing' },
  read_only: { words: 'Complete onboarding, or choose a paid plan, to lift it', path: '/app/onboarding' },
};

/** The outcomes that mail the admins: what the account can act on (failed is ours to fix; rate_limited passes on its own). */
export const MAILED_OUTCOMES: readonly ScheduledRunOutcome[] = ['quota_exhausted', 'no_credits', 'read_only'];

export interface RefusedRun {
  accountId: string;
  product: { id: string; name: string };
  outcome: ScheduledRunOutcome;
  /** When the run was due: with the product, what makes the mail once per due run. */
  dueAt: Date;
  nextRunAt: Date;
}

/**
 * Reads who to tell (before the caller's transaction: on the embedded
 * database a read outside it would wait for it to end), then returns what
 * enqueues the mail in that transaction.
 */
export type RefusedRunNotice = (run: RefusedRun) => Promise<(executor: Executor) => Promise<void>>;

/** The addresses of the account's owners and admins (the accounts module). */
export type LeadAddresses = (accountId: string) => Promise<string[]>;

export function refusedRunMail(deps: { jobs: JobQueue; leads: LeadAddresses; publicBaseUrl: string }): RefusedRunNotice {
  return async (run) => {
    const reason = REFUSED_RUN_WORDS[run.outcome];
    const remedy = REMEDIES[run.outcome];
    if (!reason || !remedy || !MAILED_OUTCOMES.includes(run.outcome)) return async () => {};
    const recipients = await deps.leads(run.accountId);
    const page = new URL(`/app/products/${run.product.id}`, deps.publicBaseUrl).href;
    const where = new URL(remedy.path, deps.publicBaseUrl).href;
    const next = run.nextRunAt.toISOString().slice(0, 10);
    const subject = `The scheduled score of ${run.product.name} did not run`;
    const text = [
      `The scheduled score of ${run.product.name} due on ${run.dueAt.toISOString().slice(0, 10)} did not run: ${reason}.`,
      `It is not retried before the next one, on ${next}. ${remedy.words}: ${where}`,
      `The product: ${page}`,
    ].join('\n\n');
    const html = `<p>The scheduled score of <strong>${escapeHtml(run.product.name)}</strong> due on ${run.dueAt.toISOString().slice(0, 10)} did not run: ${escapeHtml(reason)}.</p><p>It is not retried before the next one, on ${next}. <a href="${escapeHtml(where)}">${escapeHtml(remedy.words)}</a>.</p><p><a href="${escapeHtml(page)}">${escapeHtml(run.product.name)}</a></p>`;
    return async (executor) => {
      for (const to of recipients) {
        await enqueueMail(
          deps.jobs,
          executor,
          { to, subject, text, html, category: 'account' },
          { accountId: run.accountId, dedupeKey: `scheduled run ${run.product.id} due ${run.dueAt.toISOString()} refused to ${to}` },
        );
      }
    };
  };
}

/**
 * The generic send-mail job. A module enqueues a mail in its own
 * transaction (enqueueMail); the job runner sends it after the commit,
 * retrying with backoff while the SMTP server refuses. With a dedupe key
 * ("trial day 7 for account X") the same mail is enqueued, and so sent, once.
 *
 * Sending is at least once per job: if the process dies after the SMTP
 * server accepted the message but before the job is marked completed, the
 * job runs again after its lease and the mail goes out a second time. That
 * window is milliseconds wide; closing it would need the SMTP server to
 * deduplicate by Message-ID, which SMTP does not promise.
 */
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Executor } from '../db/client.ts';
import type { EnqueueResult, JobQueue, JobRequest } from '../queue/job-queue.ts';
import { PermanentJobError, type JobContext, type JobRunner } from '../queue/job-runner.ts';
import { OPT_OUT_CATEGORIES, TRANSACTIONAL_CATEGORIES } from '../vocabulary/mail-categories.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';

export const SEND_MAIL_JOB = 'mail.send';

const OutgoingMailSchema = Type.Object({
  to: Type.String({ minLength: 3 }),
  subject: Type.String({ minLength: 1 }),
  text: Type.String({ minLength: 1 }),
  html: Type.String({ minLength: 1 }),
  category: Type.Union([...OPT_OUT_CATEGORIES, ...TRANSACTIONAL_CATEGORIES].map((category) => Type.Literal(category))),
  headers: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/**
 * Decides at send time whether a mail still goes out, and in what final
 * form: the place to check the recipient's preferences (they may have opted
 * out since the mail was enqueued) and add the preference footer and
 * List-Unsubscribe headers. null drops the mail; the job completes.
 */
export type MailGate = (mail: OutgoingMail, context: JobContext) => Promise<OutgoingMail | null>;

export type MailJobOptions = Pick<JobRequest, 'runAt' | 'dedupeKey' | 'accountId' | 'maxAttempts'>;

/** Enqueues a mail in the caller's transaction; it goes out after the commit, once per dedupe key. */
export function enqueueMail(queue: JobQueue, executor: Executor, mail: OutgoingMail, options: MailJobOptions = {}): Promise<EnqueueResult> {
  return queue.enqueue(executor, { name: SEND_MAIL_JOB, payload: { ...mail }, ...options });
}

/** Registers the mail.send handler on a runner. */
export function handleSendMail(runner: JobRunner, deps: { mailer: Pick<Mailer, 'send'>; gate?: MailGate }): void {
  runner.on(SEND_MAIL_JOB, async (payload, context) => {
    if (!Value.Check(OutgoingMailSchema, payload)) throw new PermanentJobError('mail.send payload is not an outgoing mail');
    const mail = deps.gate ? await deps.gate(payload, context) : payload;
    if (mail) await deps.mailer.send(mail);
  });
}

/**
 * The generic mail.send job through the whole app: a mail enqueued in a
 * transaction goes out over real SMTP after the commit, once per dedupe key,
 * through a refusing server, and leaves with the account's erasure.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import type { OutgoingMail } from '../../src/mail/mailer.ts';
import { enqueueMail, SEND_MAIL_JOB } from '../../src/mail/send-mail-job.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { postOneClick } from '../one-click-unsubscribe.ts';

const FROM = 'Maturity Scoring <mail@scoring.example.test>';
let smtp: FakeSmtpServer;
let t: TestApp;
const clock = new ManualClock('2026-06-01T10:00:00.000Z');

/** A header's value as sent (mailparser folds the List-* fields into one object; the raw lines keep them apart). */
function headerLine(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((header) => header.key === name)?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

const daySeven: OutgoingMail = {
  to: 'owner@example.test',
  subject: 'Your trial: day 7',
  text: 'Halfway through your trial.',
  html: '<p>Halfway through your trial.</p>',
  category: 'account',
};

beforeAll(async () => {
  smtp = await startFakeSmtpServer({ user: 'service', pass: 'pw' });
  t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, MAIL_FROM: FROM } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.refusing = false;
  await t.services.jobs.engine.boss.deleteAllJobs(SEND_MAIL_JOB);
});

/** The mail jobs pg-boss holds (src/queue): the envelope's payload, state and output. */
const mailJobs = () => t.services.jobs.engine.boss.findJobs<{ payload: Record<string, unknown> }>(SEND_MAIL_JOB);

describe('mail.send', () => {
  it('sends after the commit, over SMTP, with both parts; the same dedupe key never sends twice', async () => {
    await t.database.db.transaction(async (tx) => {
      const result = await enqueueMail(t.services.jobs, tx, daySeven, { dedupeKey: 'trial day 7 for account A' });
      expect(result.enqueued).toBe(true);
      // Not before the commit: the runner cannot see the job yet.
    });
    // The app's recurring sweeps (lifecycle mail) run too, so only failures are counted here; the mail itself is checked below.
    expect(await t.services.jobRunner.runDue()).toMatchObject({ failed: 0 });
    const [received] = await smtp.waitForMessages(1);
    expect(received!.to).toEqual(['owner@example.test']);
    expect(received!.parsed.from?.value).toEqual([{ name: 'Maturity Scoring', address: 'mail@scoring.example.test' }]);
    expect(received!.parsed.text).toContain(daySeven.text);
    expect(received!.parsed.html).toContain('<p>Halfway through your trial.</p>');
    // Every mail links to the recipient's preferences; transactional mail has no one-click unsubscribe.
    expect(received!.parsed.text).toMatch(/\/unsubscribe\?token=/);
    expect(headerLine(received!.parsed, 'list-unsubscribe')).toBeUndefined();

    expect(await enqueueMail(t.services.jobs, t.database.db, daySeven, { dedupeKey: 'trial day 7 for account A' })).toEqual({
      enqueued: false,
      reason: 'duplicate',
    });
    await t.services.jobRunner.runDue();
    expect(smtp.received).toHaveLength(1);
  });

  it('a rolled-back transaction sends nothing', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await enqueueMail(t.services.jobs, tx, daySeven);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await t.services.jobRunner.runDue();
    expect(smtp.received).toEqual([]);
  });

  it('retries while the SMTP server refuses, and sends once it accepts', async () => {
    smtp.refusing = true;
    await enqueueMail(t.services.jobs, t.database.db, daySeven);
    expect(await t.services.jobRunner.runDue()).toMatchObject({ failed: 1 });
    const [pending] = await mailJobs();
    expect(pending!.state).toBe('retry');
    expect(JSON.stringify(pending!.output)).toMatch(/451|Try again later/);

    smtp.refusing = false;
    clock.advance(5 * 60_000);
    expect(await t.services.jobRunner.runDue()).toMatchObject({ failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('a malformed payload is dead at once, without a send', async () => {
    const result = await t.services.jobs.enqueue(t.database.db, { name: SEND_MAIL_JOB, payload: { to: 'x@example.test', subject: 'no parts' } });
    if (!result.enqueued) throw new Error('not enqueued');
    await t.services.jobRunner.runDue();
    const row = await t.services.jobs.engine.boss.getJobById(SEND_MAIL_JOB, result.id);
    expect(row).toMatchObject({ retryCount: 0, state: 'failed', output: { message: 'mail.send payload is not an outgoing mail' } });
    expect(smtp.received).toEqual([]);
  });

  it("an account's erasure removes its pending mail", async () => {
    const owner = await t.authHeaders({ sub: 'mail_owner', account: 'org_mail', role: 'owner' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id as string;
    await enqueueMail(t.services.jobs, t.database.db, daySeven, { accountId, runAt: new Date(clock.now().getTime() + 86_400_000) });
    const erased = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(erased.statusCode).toBe(200);
    expect(await mailJobs()).toEqual([]);
    clock.advance(2 * 86_400_000);
    await t.services.jobRunner.runDue();
    expect(smtp.received).toEqual([]);
  });

  it('honours preferences when the mail goes out: an opt-out made after scheduling holds, transactional mail still goes', async () => {
    const digest: OutgoingMail = {
      to: 'Reader@Example.test',
      subject: 'Your week',
      text: 'Three scores changed.',
      html: '<p>Three scores changed.</p>',
      category: 'weekly_digest',
    };
    await enqueueMail(t.services.jobs, t.database.db, digest, { dedupeKey: 'digest week 1 for reader' });
    await t.services.jobRunner.runDue();
    const [first] = await smtp.waitForMessages(1);
    // RFC 8058: a one-click address holding the token, and the POST it asks for.
    const listUnsubscribe = headerLine(first!.parsed, 'list-unsubscribe') ?? '';
    expect(headerLine(first!.parsed, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(listUnsubscribe)?.[1];
    expect(oneClick).toMatch(/\/api\/unsubscribe\/one-click\?token=[^&]+&category=weekly_digest$/);

    // Scheduled before the opt-out, sent after it: not sent.
    await enqueueMail(t.services.jobs, t.database.db, { ...digest, subject: 'Your week 2' }, { dedupeKey: 'digest week 2 for reader' });
    expect((await postOneClick(t, oneClick!)).statusCode).toBe(200);
    await t.services.jobRunner.runDue();
    expect(smtp.received).toHaveLength(1);

    await enqueueMail(t.services.jobs, t.database.db, { ...daySeven, to: 'reader@example.test', subject: 'Your invoice', category: 'billing' });
    await t.services.jobRunner.runDue();
    const delivered = await smtp.waitForMessages(2);
    expect(delivered[1]!.parsed.subject).toBe('Your invoice');
  });
});

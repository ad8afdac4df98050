/**
 * The trial's mails through the whole app and real SMTP: the hourly sweep
 * on the job engine enqueues each position's mail once per recipient (dedupe
 * keys), the send job's gate honours opt-outs at send time, a paid plan and
 * an erased account get none, a late sweep sends no stale mail, and two
 * instances on one PostgreSQL send each mail once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { startFakeSmtpServer, type FakeSmtpServer, type ReceivedMail } from '../fakes/smtp-server.ts';
import { subscribe } from '../fakes/payment-webhook-client.ts';
import { createTestDatabase, startTestApp, testDatabaseKind, type TestApp } from '../harness.ts';
import { ALL_OWNERS, caller, DAY } from '../onboarding-client.ts';

const HOUR = 60 * 60 * 1000;
let smtp: FakeSmtpServer;
let t: TestApp;
const clock = new ManualClock('2026-06-01T10:00:00.000Z');

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, PAYMENT_PRICE_IDS: 'price_pro=pro', PUBLIC_BASE_URL: 'https://scoring.example.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** A personal account created now, its owner reachable at `<sub>@example.test`. */
async function newAccount(sub: string) {
  const email = `${sub}@example.test`;
  const client = caller(t, { sub, email });
  const id = await client.accountId();
  return { ...client, id, email, createdAt: clock.now() };
}

/** Moves to `days` (and `hours`) after the account's creation and runs what is due, as the poller does. */
async function sweepAt(createdAt: Date, days: number, hours = 1) {
  clock.set(new Date(createdAt.getTime() + days * DAY + hours * HOUR));
  await t.services.jobRunner.runDue();
  // The sweep enqueues; the mail jobs it enqueued run in the same pass. A second pass is a no-op unless something was missed.
  await t.services.jobRunner.runDue();
}

const to = (email: string): ReceivedMail[] => smtp.received.filter((mail) => mail.to.includes(email));
const subjects = (email: string) => to(email).map((mail) => mail.parsed.subject);
const category = (mail: ReceivedMail) => mail.parsed.headers.get('x-mail-category');

describe('trial mail sweep', () => {
  it('sends the Day 0 welcome once, with the blockers and links, however often the sweep runs', async () => {
    const account = await newAccount('welcome_once');
    await sweepAt(account.createdAt, 0, 1);
    await sweepAt(account.createdAt, 0, 2);
    await sweepAt(account.createdAt, 0, 5);
    expect(subjects(account.email)).toEqual(['Welcome: your 30-day trial has started']);
    const [welcome] = to(account.email);
    expect(category(welcome!)).toBe('account');
    expect(welcome!.parsed.text).toContain('The welcome interview is not answered yet');
    expect(welcome!.parsed.text).toContain('No product yet');
    expect(welcome!.parsed.text).toContain('Answer the welcome interview: https://scoring.example.test/app/onboarding/interview');
    expect(welcome!.parsed.text).toContain('Map your team (the org map): https://scoring.example.test/app/onboarding/org-map');
    expect(welcome!.parsed.html).toContain('<a href="https://scoring.example.test/app/onboarding">Your onboarding checklist</a>');
  });

  it('honours an opt-out of ritual_emails at send time (no Day 7 nudge) while the Day 14 read-only notice still goes', async () => {
    const account = await newAccount('opted_out');
    await sweepAt(account.createdAt, 0);
    const token = /\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(to(account.email)[0]!.parsed.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const optOut = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token, categories: ['ritual_emails'] } });
    expect(optOut.statusCode).toBe(200);

    await sweepAt(account.createdAt, 7);
    await sweepAt(account.createdAt, 14);
    expect(subjects(account.email)).toEqual(['Welcome: your 30-day trial has started', 'Your account is now read-only']);
    expect(category(to(account.email)[1]!)).toBe('account');
  });

  it('sends the nudge on Day 7 as a ritual mail with one-click unsubscribe, and no read-only notice once onboarding is complete', async () => {
    const account = await newAccount('nudged');
    const productId = (await account.addProduct('Ledgerly & Co')).json().id;
    await sweepAt(account.createdAt, 7);
    const [nudge] = to(account.email);
    expect(nudge!.parsed.subject).toBe('Day 7 of your trial: onboarding is not complete yet');
    expect(category(nudge!)).toBe('ritual_emails');
    expect(nudge!.parsed.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(true);
    // The blocker names what is missing, and every interpolated value is escaped in the HTML part.
    expect(nudge!.parsed.text).toContain('of Ledgerly & Co (PUT /api/team-registry/<productId>)');
    expect(nudge!.parsed.html).toContain('of Ledgerly &amp; Co (PUT /api/team-registry/&lt;productId&gt;)');

    expect((await account.answerInterview()).statusCode).toBe(200);
    expect((await account.putOwners(productId, ALL_OWNERS)).statusCode).toBe(200);
    await sweepAt(account.createdAt, 14);
    expect(subjects(account.email)).toEqual(['Day 7 of your trial: onboarding is not complete yet']);
  });

  it('sends no trial mail to an account on a paid plan', async () => {
    const account = await newAccount('paid_early');
    await subscribe(t, account.id, 'pro', clock.now());
    for (const day of [0, 7, 14, 25, 30]) await sweepAt(account.createdAt, day);
    // The plan's own notice (billing) is the only mail: no trial mail at all.
    expect(subjects(account.email)).toEqual([`${account.email} is on Pro now`]);
    expect(category(to(account.email)[0]!)).toBe('billing');
  });

  it('a sweep that finds an account late sends no stale position (Day 20: nothing), and the latest recent one (Day 25)', async () => {
    const account = await newAccount('found_late');
    clock.set(new Date(account.createdAt.getTime() + 20 * DAY));
    await t.services.jobRunner.runDue();
    expect(to(account.email)).toEqual([]);
    await sweepAt(account.createdAt, 26, 3);
    expect(subjects(account.email)).toEqual(['Your trial ends in 4 days']);
  });

  it('sends nothing more to an erased account', async () => {
    const account = await newAccount('erased');
    await sweepAt(account.createdAt, 0);
    expect(to(account.email)).toHaveLength(1);
    const [member] = await t.services.accounts.members(account.id);
    expect(await t.services.accounts.erase(account.id, member!.userId)).toBe(true);
    for (const day of [7, 14, 25, 30]) await sweepAt(account.createdAt, day);
    expect(to(account.email)).toHaveLength(1);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('two instances on one PostgreSQL', () => {
  it('send the Day 0 welcome once', async () => {
    const database = await createTestDatabase();
    const sharedClock = new ManualClock('2026-09-01T08:00:00.000Z');
    const env = { SMTP_URL: smtp.url };
    const first = await startTestApp({ clock: sharedClock, env, database });
    const second = await startTestApp({ clock: sharedClock, env, database });
    try {
      const email = 'two_instances@example.test';
      await caller(first, { sub: 'two_instances', email }).accountId();
      sharedClock.advance(HOUR);
      await Promise.all([first.services.jobRunner.runDue(), second.services.jobRunner.runDue()]);
      await Promise.all([first.services.jobRunner.runDue(), second.services.jobRunner.runDue()]);
      // A later period's sweep, on the other instance, finds the key already there.
      sharedClock.advance(HOUR);
      await Promise.all([second.services.jobRunner.runDue(), first.services.jobRunner.runDue()]);
      await Promise.all([second.services.jobRunner.runDue(), first.services.jobRunner.runDue()]);
      expect(to(email).map((mail) => mail.parsed.subject)).toEqual(['Welcome: your 30-day trial has started']);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});

/**
 * Mail that follows an event, through the whole app and real SMTP (issue 23,
 * part 6): the Day 0 welcome is enqueued by the account's creation and sent
 * at the runner's next poll (not by the hourly sweep), once; a join mails the
 * one who joined and the owners; a plan bought or changed, and a score pack,
 * mail the owners and admins a billing notice.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountIdOf, buyPack, subscribe } from '../fakes/payment-webhook-client.ts';
import { startFakeSmtpServer, type FakeSmtpServer, type ReceivedMail } from '../fakes/smtp-server.ts';
import { startTestApp, type TestApp } from '../harness.ts';

const BASE = 'https://scoring.example.test';
const category = (mail: ReceivedMail) => mail.parsed.headers.get('x-mail-category');

describe('the welcome, sent by the account being created', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    // The runner polls as in production, only faster: nothing is run by hand here.
    t = await startTestApp({ backgroundWork: true, env: { SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', PUBLIC_BASE_URL: BASE } });
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('arrives within seconds of sign-up, once, with the onboarding steps', async () => {
    const started = Date.now();
    await accountIdOf(t, { sub: 'welcome_now', email: 'welcome_now@example.test' });
    const [welcome] = await smtp.waitForMessages(1, 20_000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(welcome!.to).toEqual(['welcome_now@example.test']);
    expect(welcome!.parsed.subject).toBe('Welcome: your 30-day trial has started');
    expect(category(welcome!)).toBe('account');
    expect(welcome!.parsed.text).toContain(`Answer the welcome interview: ${BASE}/app/onboarding/interview`);
    // The sweep finds the same Day 0 mail already sent: nothing more arrives.
    await t.services.jobRunner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((mail) => mail.to.includes('welcome_now@example.test'))).toHaveLength(1);
  });
});

describe('mail after a join, a plan and a pack', () => {
  let smtp: FakeSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
  });
  const runDue = async () => {
    await t.services.jobRunner.runDue();
    await t.services.jobRunner.runDue();
  };
  const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

  it('mails the one who joined and the owners, and not the founder for their own first join', async () => {
    const owner = { sub: 'team_owner', account: 'org_mail_team', role: 'owner' as const, email: 'owner@team.example' };
    const accountId = await accountIdOf(t, owner);
    await runDue();
    expect(to('owner@team.example').map((mail) => mail.parsed.subject)).toEqual(['Welcome: your 30-day trial has started']);
    await subscribe(t, accountId, 'pro');
    await runDue();
    smtp.received.length = 0;

    await accountIdOf(t, { sub: 'team_joiner', account: 'org_mail_team', role: 'member', email: 'joiner@team.example' });
    await runDue();
    const [joined] = to('joiner@team.example');
    expect(joined!.parsed.subject).toBe('You joined Organisation org_mail_team on Maturity Scoring');
    expect(joined!.parsed.text).toContain('You are now a member of Organisation org_mail_team.');
    expect(joined!.parsed.text).toContain(`Open the dashboard: ${BASE}/app`);
    const [notice] = to('owner@team.example');
    expect(notice!.parsed.subject).toBe('joiner@team.example joined Organisation org_mail_team');
    expect(category(notice!)).toBe('account');
    expect(smtp.received).toHaveLength(2);
  });

  it('tells the owners and admins when the plan changes, and when a pack is bought, as billing mail', async () => {
    const owner = { sub: 'plan_owner', email: 'plan_owner@example.test' };
    const accountId = await accountIdOf(t, owner);
    await runDue();
    smtp.received.length = 0;

    await subscribe(t, accountId, 'pro');
    await runDue();
    const [upgraded] = to('plan_owner@example.test');
    expect(upgraded!.parsed.subject).toBe('plan_owner@example.test is on Pro now');
    expect(category(upgraded!)).toBe('billing');
    expect(upgraded!.parsed.text).toContain("plan_owner@example.test's plan changed from Free to Pro.");
    expect(upgraded!.parsed.text).toContain('Each month it includes 100 scores, 1,000 coach messages and 1,000 credits, for 3 seats.');

    await buyPack(t, accountId, 'medium');
    await runDue();
    const packMail = to('plan_owner@example.test').find((mail) => mail.parsed.subject === '50 scores added to plan_owner@example.test');
    expect(
      packMail,
      to('plan_owner@example.test')
        .map((mail) => mail.parsed.subject)
        .join(' | '),
    ).toBeDefined();
    expect(category(packMail!)).toBe('billing');
    // Each once, however often the runner runs.
    await runDue();
    expect(to('plan_owner@example.test')).toHaveLength(2);
  });
});

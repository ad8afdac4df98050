/**
 * Scheduled rescoring (issue 28): a weekly cadence rescoring products of a
 * local fixture site on the test clock, through the same admission as a
 * member's score. A Pro account's product is rescored each week; a Free
 * account that spent its three scores gets quota_exhausted, not retried
 * before the next period, and read_only once its trial left it read-only;
 * `off` stops it. A run that could not happen is mailed to the account's
 * owners and admins over SMTP, once per due run.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { caller, DAY } from '../../../../test/onboarding-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { billingAccounts } from '../../billing/tables.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
let t: TestApp;
let site: ServedSite;
let smtp: FakeSmtpServer;
const paid = { claims: { sub: 'schedule_pro', account: 'org_schedule_pro', role: 'owner' as const }, productId: '' };
const free = { claims: { sub: 'schedule_free', email: 'schedule_free@example.test' }, productId: '' };
type Member = typeof paid | typeof free;

// Signed at the test clock's now: a token signed before the clock moved on would have expired.
const headers = (member: Member) => t.authHeaders(member.claims);
const schedule = async (member: Member) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${member.productId}/schedule`, headers: await headers(member) })).json();
const scoreCount = async (member: Member) =>
  (await t.app.inject({ method: 'GET', url: `/api/products/${member.productId}/scores`, headers: await headers(member) })).json().scores.length;
/** The scheduled-run mails received (the welcome mail aside), once `count` have arrived. */
const refusedRunMails = async (count: number) => {
  const subject = 'The scheduled score of Burrowly did not run';
  await expect.poll(() => smtp.received.filter((mail) => mail.parsed.subject === subject).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return smtp.received.filter((mail) => mail.parsed.subject === subject);
};
const setCadence = async (member: Member, cadence: string) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${member.productId}/schedule`, headers: await headers(member), payload: { cadence } });

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  smtp = await startFakeSmtpServer();
  t = await startTestApp({ clock, env: { CRAWL_ALLOWLIST: new URL(site.origin).host, SMTP_URL: smtp.url, PUBLIC_BASE_URL: 'https://scoring.example.test' } });
  const paidAccount = await caller(t, paid.claims).accountId();
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, paidAccount));
  for (const member of [paid, free]) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: await headers(member),
      payload: { name: 'Burrowly', url: site.origin },
    });
    member.productId = created.json().id;
  }
  // The Free plan's three scores, spent by hand.
  for (let i = 0; i < 3; i += 1) {
    const scored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers: await headers(free), payload: { productId: free.productId } });
    expect(scored.statusCode).toBe(200);
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await smtp?.close();
});

describe('scheduled rescoring', () => {
  it('is off until set; set weekly, it runs a week later, through the admission gate', async () => {
    expect(await schedule(paid)).toEqual({ productId: paid.productId, cadence: 'off', nextRunAt: null, lastScheduledRun: null });
    for (const member of [paid, free]) {
      const set = await setCadence(member, 'weekly');
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ productId: member.productId, cadence: 'weekly', nextRunAt: '2026-11-27T12:00:00.000Z', lastScheduledRun: null });
    }
    await t.services.jobRunner.runDue();
    expect(await scoreCount(paid)).toBe(0);

    clock.advance(7 * DAY);
    await t.services.jobRunner.runDue();
    expect(await scoreCount(paid)).toBe(1);
    expect(await schedule(paid)).toEqual({
      productId: paid.productId,
      cadence: 'weekly',
      nextRunAt: '2026-12-04T12:00:00.000Z',
      lastScheduledRun: { at: '2026-11-27T12:00:00.000Z', outcome: 'scored' },
    });
  }, 120_000);

  it('says quota_exhausted when the plan has no score left, and does not retry before the next period', async () => {
    expect(await scoreCount(free)).toBe(3);
    const refused = {
      productId: free.productId,
      cadence: 'weekly',
      nextRunAt: '2026-12-04T12:00:00.000Z',
      lastScheduledRun: { at: '2026-11-27T12:00:00.000Z', outcome: 'quota_exhausted' },
    };
    expect(await schedule(free)).toEqual(refused);

    // The mail job the sweep enqueued runs on the next poll; the owner is told why, and when the next run is.
    await t.services.jobRunner.runDue();
    const [mail] = await refusedRunMails(1);
    expect(mail!.to).toEqual(['schedule_free@example.test']);
    expect(mail!.parsed.text).toContain("due on 2026-11-27 did not run: the plan's scores for this month were all used.");
    expect(mail!.parsed.text).toContain(
      "It is not retried before the next one, on 2026-12-04. The plan's scores renew with its period; for more now, upgrade the plan: https://scoring.example.test/app/billing",
    );
    expect(mail!.parsed.text).toContain(`https://scoring.example.test/app/products/${free.productId}`);

    clock.advance(DAY);
    await t.services.jobRunner.runDue();
    await t.services.jobRunner.runDue();
    expect(await schedule(free)).toEqual(refused);
    expect(await scoreCount(free)).toBe(3);
    // Once per due run: the day after, nothing ran and nothing more was sent.
    expect(await refusedRunMails(1)).toHaveLength(1);
  });

  it('says read_only once the trial has left the account read-only', async () => {
    clock.advance(7 * DAY);
    await t.services.jobRunner.runDue();
    expect((await schedule(free)).lastScheduledRun).toEqual({ at: '2026-12-05T12:00:00.000Z', outcome: 'read_only' });
    await t.services.jobRunner.runDue();
    const [, mail] = await refusedRunMails(2);
    expect(mail!.parsed.text).toContain('due on 2026-12-04 did not run: the account is read-only since its trial ended.');
    expect(mail!.parsed.text).toContain('Complete onboarding, or choose a paid plan, to lift it: https://scoring.example.test/app/onboarding');
    expect((await schedule(paid)).lastScheduledRun).toEqual({ at: '2026-12-05T12:00:00.000Z', outcome: 'scored' });
    expect(await scoreCount(paid)).toBe(2);
  }, 120_000);

  it('stops when set off, and refuses a cadence it does not know or a product of another account', async () => {
    const off = await setCadence(paid, 'off');
    expect(off.json()).toEqual({ productId: paid.productId, cadence: 'off', nextRunAt: null, lastScheduledRun: null });
    clock.advance(8 * DAY);
    await t.services.jobRunner.runDue();
    expect(await scoreCount(paid)).toBe(2);

    const daily = await setCadence(paid, 'daily');
    expect(daily.statusCode).toBe(400);
    expect(daily.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      details: [{ field: 'body.cadence', message: 'must be equal to one of the allowed values' }],
    });
    const stranger = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${paid.productId}/schedule`,
      headers: await t.authHeaders({ sub: 'schedule_stranger' }),
      payload: { cadence: 'weekly' },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

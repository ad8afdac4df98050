/**
 * The peer benchmark update through the whole app and real SMTP: the daily
 * sweep on the job engine mails nothing while fewer than 5 paid accounts
 * other than the recipient's stand behind a segment, mails each account
 * concerned once when it becomes available, with the figures it would see
 * (its own score left out of them: issue 24), stays silent while its figures
 * hold, mails again (with the figures before) after a material move, and
 * the send job's gate honours a one-click opt-out of peer_benchmark_updates.
 * Scores are stored with known totals, as the benchmark API's tests store them.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { DIMENSIONS, type DimensionId } from '../../src/framework/dimensions.ts';
import { scoringResults } from '../../src/modules/scoring/tables.ts';
import { startFakeSmtpServer, type FakeSmtpServer, type ReceivedMail } from '../fakes/smtp-server.ts';
import { fixtureResult } from '../fixtures/coach-result.ts';
import { subscribe } from '../fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { caller, DAY } from '../onboarding-client.ts';
import { oneClickAddressOf, postOneClick } from '../one-click-unsubscribe.ts';

const BASE = 'https://scoring.example.test';
const SEGMENT = 'b2b_saas';
let smtp: FakeSmtpServer;
let t: TestApp;
const clock = new ManualClock('2026-05-04T10:00:00.000Z');

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** Levels that add up to `total` (every dimension at floor(total / 27), the first total mod 27 one higher). */
function levelsFor(total: number): Record<DimensionId, number> {
  const base = Math.floor(total / 27);
  return Object.fromEntries(DIMENSIONS.map((d, k) => [d.id, base + (k < total - 27 * base ? 1 : 0)])) as Record<DimensionId, number>;
}

const emailOf = (name: string) => `peer_${name}@example.test`;
const accountIds = new Map<string, string>();
/** Each account is on a paid plan: only those count in a segment's pool. */
async function accountId(name: string): Promise<string> {
  if (!accountIds.has(name)) {
    const id = await caller(t, { sub: `peer_${name}`, email: emailOf(name) }).accountId();
    await subscribe(t, id, 'pro', clock.now());
    accountIds.set(name, id);
  }
  return accountIds.get(name)!;
}

/** A full score of the company's site by the account, placed in the segment, made now; the clock then moves on a minute. */
async function scored(account: string, company: string, total: number): Promise<string> {
  const id = crypto.randomUUID();
  const url = `https://${company}.example/`;
  const result = { ...fixtureResult({ levels: levelsFor(total) as never }), id, url };
  expect(result.totalScore).toBe(total);
  await t.database.db.insert(scoringResults).values({ id, accountId: await accountId(account), url, result, segment: SEGMENT, createdAt: clock.now() });
  clock.advance(60_000);
  return id;
}

/** Sweeps on each of the next `days` days, running what is due twice, as consecutive polls do (the sweep enqueues; its mail jobs run). */
async function sweepDays(days = 1) {
  for (let day = 0; day < days; day++) {
    clock.advance(DAY);
    await t.services.jobRunner.runDue();
    await t.services.jobRunner.runDue();
  }
}

const updatesTo = (name: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.to.includes(emailOf(name)) && mail.parsed.headers.get('x-mail-category') === 'peer_benchmark_updates');
const allUpdates = () => smtp.received.filter((mail) => mail.parsed.headers.get('x-mail-category') === 'peer_benchmark_updates');
const reader = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: await t.authHeaders({ sub: 'peer_reader' }) })).json();

describe('peer benchmark updates', () => {
  it('wait for 5 other accounts, mail each account once per material move of what it sees, and honour an opt-out', async () => {
    // Five companies, but made by four accounts (a1 counts once, by its latest): the segment shows nothing, so nothing is mailed.
    await scored('a1', 'company-1', 50);
    const a1Latest = await scored('a1', 'company-1b', 55);
    await scored('a2', 'company-2', 60);
    await scored('a3', 'company-3', 70);
    await scored('a4', 'company-4', 80);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ available: false });
    await sweepDays(3);
    expect(allUpdates()).toEqual([]);

    // Five accounts: available to an outsider, but each of them sees only the four others, so still no mail.
    await scored('a5', 'company-5', 90);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ available: true, companies: 5 });
    await sweepDays();
    expect(allUpdates()).toEqual([]);

    // A sixth: every account sees five others, and gets its first update with the figures it sees.
    await scored('a6', 'company-6', 65);
    // An outsider sees all six: 55, 60, 65, 70, 80, 90.
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ available: true, companies: 6, total: { p25: 61.25, p50: 67.5, p75: 77.5 } });
    await sweepDays();
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']) expect(updatesTo(name), name).toHaveLength(1);
    expect(allUpdates()).toHaveLength(6);
    const [first] = updatesTo('a1');
    expect(first!.parsed.subject).toBe('Your peer benchmark: B2B SaaS');
    const text = first!.parsed.text!;
    // a1 sees the others: 60, 65, 70, 80, 90.
    expect(text).toContain('covers the latest scores of 5 companies, one from each of 5 other accounts on a paid plan (at least 5).');
    expect(text).toContain('Median total: 70.\n');
    expect(text).toContain('(25th to 75th percentile): 65 to 80.\n');
    // a1's newest score in the segment, ranked as the API ranks it: 55 among the others' 60, 65, 70, 80, 90.
    expect((await reader(`/api/scores/${a1Latest}/percentile`)).total).toEqual({ score: 55, percentile: 0 });
    expect(text).toContain('Your latest score in this segment, company-1b.example: 55, at the 0th percentile.');
    expect(text).toContain(`${BASE}/r/${a1Latest}`);
    expect(first!.parsed.html).toContain(`<a href="${BASE}/r/${a1Latest}">`);
    // a4 sees 55, 60, 65, 70, 90.
    expect(updatesTo('a4')[0]!.parsed.text).toContain('(25th to 75th percentile): 60 to 70.\n');
    // The footer with the preference link, and one-click unsubscribe (RFC 8058), come from the send job's gate.
    expect(first!.parsed.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(true);
    expect(text).toContain(`${BASE}/unsubscribe?token=`);

    const optOutAddress = oneClickAddressOf(updatesTo('a2')[0]!);

    // Unchanged figures over several sweeps, and a rescore of the highest score that moves no quartile anyone sees: no second mail.
    await sweepDays(3);
    await scored('a5', 'company-5', 91);
    await sweepDays(2);
    expect(allUpdates()).toHaveLength(6);

    // a2 opts out of this category with one click, cookieless.
    expect((await postOneClick(t, optOutAddress)).statusCode).toBe(200);

    // Two more accounts with high scores move every figure anyone sees by more than a point.
    await scored('a7', 'company-7', 95);
    await scored('a8', 'company-8', 99);
    await sweepDays();
    // Each account once more, against the figures last mailed to it; none to a2.
    for (const name of ['a1', 'a3', 'a4', 'a5', 'a6']) {
      expect(updatesTo(name), name).toHaveLength(2);
      expect(updatesTo(name)[1]!.parsed.subject).toBe('Peer benchmark update: B2B SaaS');
    }
    // a1 now sees 60, 65, 70, 80, 91, 95, 99.
    const update = updatesTo('a1')[1]!.parsed.text!;
    expect(update).toContain('has moved. It now covers the latest scores of 7 companies.');
    expect(update).toContain('Median total: 80 (was 70).');
    expect(update).toContain('(25th to 75th percentile): 67.5 to 93 (was 65 to 80).');
    expect(updatesTo('a2')).toHaveLength(1);
    // The two newcomers get their first update.
    for (const name of ['a7', 'a8']) expect(updatesTo(name).map((mail) => mail.parsed.subject)).toEqual(['Your peer benchmark: B2B SaaS']);
    // a5's 91 among the others' 55, 60, 65, 70, 80, 95, 99: five below, of seven.
    expect(updatesTo('a5')[1]!.parsed.text).toContain('Your latest score in this segment, company-5.example: 91, at the 71st percentile.');

    // And nothing more while the figures hold.
    await sweepDays(3);
    expect(allUpdates()).toHaveLength(6 + 5 + 2);
  });
});

/**
 * The peer benchmark update through the whole app and real SMTP: the daily
 * sweep on the job engine mails nothing while fewer than 5 accounts stand
 * behind a segment, mails each account concerned once when it becomes
 * available, stays silent while its figures hold or move by less than a
 * point, mails again (with the figures before) after a material move, and
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
async function accountId(name: string): Promise<string> {
  if (!accountIds.has(name)) accountIds.set(name, await caller(t, { sub: `peer_${name}`, email: emailOf(name) }).accountId());
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
  it('wait for 5 accounts, mail each account once per material move of its segment, and honour an opt-out', async () => {
    // Five companies, but made by four accounts: the segment shows nothing, so nothing is mailed.
    await scored('a1', 'company-1', 50);
    const a1Latest = await scored('a1', 'company-1b', 55);
    await scored('a2', 'company-2', 60);
    await scored('a3', 'company-3', 70);
    await scored('a4', 'company-4', 80);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ available: false });
    await sweepDays(3);
    expect(allUpdates()).toEqual([]);

    // The fifth account: available (50, 55, 60, 70, 80, 90), and each of the five accounts gets its first update.
    await scored('a5', 'company-5', 90);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ available: true, companies: 6, total: { p25: 56.25, p50: 65, p75: 77.5 } });
    await sweepDays();
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) expect(updatesTo(name), name).toHaveLength(1);
    expect(allUpdates()).toHaveLength(5);
    const [first] = updatesTo('a1');
    expect(first!.parsed.subject).toBe('Your peer benchmark: B2B SaaS');
    const text = first!.parsed.text!;
    expect(text).toContain('covers the latest scores of 6 companies, made by at least 5 different accounts.');
    expect(text).toContain('Median total: 65.\n');
    expect(text).toContain('(25th to 75th percentile): 56.25 to 77.5.\n');
    // a1's newest score in the segment, ranked as the API ranks it: 55 among 50, 55, 60, 70, 80, 90.
    expect((await reader(`/api/scores/${a1Latest}/percentile`)).total).toEqual({ score: 55, percentile: 25 });
    expect(text).toContain('Your latest score in this segment, company-1b.example: 55, at the 25th percentile.');
    expect(text).toContain(`${BASE}/r/${a1Latest}`);
    expect(first!.parsed.html).toContain(`<a href="${BASE}/r/${a1Latest}">`);
    // The footer with the preference link, and one-click unsubscribe (RFC 8058), come from the send job's gate.
    expect(first!.parsed.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(true);
    expect(text).toContain(`${BASE}/unsubscribe?token=`);

    const optOutAddress = oneClickAddressOf(updatesTo('a2')[0]!);

    // Unchanged figures over several sweeps, a rescore that leaves the quartiles where they were,
    // and one that moves the 75th percentile by 0.75: no second mail.
    await sweepDays(3);
    await scored('a5', 'company-5', 91);
    await sweepDays(2);
    await scored('a4', 'company-4', 81);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ total: { p25: 56.25, p50: 65, p75: 78.25 } });
    await sweepDays(2);
    expect(allUpdates()).toHaveLength(5);

    // a2 opts out of this category with one click, cookieless.
    expect((await postOneClick(t, optOutAddress)).statusCode).toBe(200);

    // Two more companies with high scores: 50, 55, 60, 70, 81, 91, 95, 99 moves every figure by more than a point.
    await scored('a6', 'company-6', 95);
    await scored('a7', 'company-7', 99);
    expect(await reader(`/api/benchmarks?segment=${SEGMENT}`)).toMatchObject({ companies: 8, total: { p25: 58.75, p50: 75.5, p75: 92 } });
    await sweepDays();
    // Each account once more, against the figures last mailed to it (a4's too: its 0.75 move was never mailed); none to a2.
    for (const name of ['a1', 'a3', 'a4', 'a5']) {
      expect(updatesTo(name), name).toHaveLength(2);
      const update = updatesTo(name)[1]!;
      expect(update.parsed.subject).toBe('Peer benchmark update: B2B SaaS');
      expect(update.parsed.text).toContain('has moved. It now covers the latest scores of 8 companies.');
      expect(update.parsed.text).toContain('Median total: 75.5 (was 65).');
      expect(update.parsed.text).toContain('(25th to 75th percentile): 58.75 to 92 (was 56.25 to 77.5).');
    }
    expect(updatesTo('a2')).toHaveLength(1);
    // The two newcomers get their first update.
    for (const name of ['a6', 'a7']) expect(updatesTo(name).map((mail) => mail.parsed.subject)).toEqual(['Your peer benchmark: B2B SaaS']);
    expect(updatesTo('a5')[1]!.parsed.text).toContain('Your latest score in this segment, company-5.example: 91, at the 69th percentile.');

    // And nothing more while the figures hold.
    await sweepDays(3);
    expect(allUpdates()).toHaveLength(5 + 4 + 2);
  });
});

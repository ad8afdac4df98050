/**
 * GET /api/benchmarks and GET /api/scores/<id>/percentile over stored
 * results with known levels: nothing until 5 paid accounts other than the
 * asking one made the pool's scores, then the exact quartiles; a company
 * counted once, by its latest score, whoever made it; an account counted
 * once, by its latest; percentile ranks on the same pool, without the
 * result's own account (issue 24, item 5).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { scoringResults } from '../../scoring/tables.ts';

const clock = new ManualClock('2026-07-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/**
 * Levels that add up to `total`: every dimension at floor(total / 27), and
 * the first (total mod 27) dimensions, in framework order, one higher.
 */
function levelsFor(total: number): Record<DimensionId, number> {
  const base = Math.floor(total / 27);
  const raised = total - 27 * base;
  return Object.fromEntries(DIMENSIONS.map((d, k) => [d.id, base + (k < raised ? 1 : 0)])) as Record<DimensionId, number>;
}

const accounts = new Map<string, string>();
/** The account of `name`, on a paid plan unless its name starts with "free". */
async function accountId(name: string): Promise<string> {
  if (!accounts.has(name)) {
    const headers = await t.authHeaders({ sub: `bench_${name}` });
    const id = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    if (!name.startsWith('free')) await subscribe(t, id, 'pro', clock.now());
    accounts.set(name, id);
  }
  return accounts.get(name)!;
}

/** A full score of `url` by the account, as stored, made now; the clock then moves on a minute. */
async function scored(account: string | null, url: string, total: number, segment: string | null): Promise<string> {
  const id = crypto.randomUUID();
  const result = { ...fixtureResult({ levels: levelsFor(total) as never }), id, url };
  expect(result.totalScore).toBe(total);
  await t.database.db.insert(scoringResults).values({
    id,
    accountId: account === null ? null : await accountId(account),
    url,
    result,
    segment,
    createdAt: clock.now(),
  });
  clock.advance(60_000);
  return id;
}

const get = async (url: string, asker = 'reader') => t.app.inject({ method: 'GET', url, headers: await t.authHeaders({ sub: `bench_${asker}` }) });
const benchmark = (segment: string, asker?: string) => get(`/api/benchmarks?segment=${segment}`, asker);

const UNAVAILABLE = (key: string, label: string) => ({ segment: { key, label }, available: false, minimumAccounts: 5 });

/** Quartiles of each dimension for totals whose levels levelsFor gives, written out: [first index, end index, p25, p50, p75]. */
function dimensionRows(ranges: [number, number, number, number, number][]) {
  return DIMENSIONS.map((d, k) => {
    const [, , p25, p50, p75] = ranges.find(([from, to]) => k >= from && k < to)!;
    return { dimensionId: d.id, dimensionName: d.name, p25, p50, p75 };
  });
}

describe('GET /api/benchmarks', () => {
  it('says nothing but that the segment is not available while 4 paid accounts contributed, then gives the quartiles at 5', async () => {
    // Noise that must not count: another segment, no segment, an anonymous (unlinked) score, and Free accounts.
    await scored('noise', 'https://elsewhere.example/', 100, 'consumer');
    await scored('noise', 'https://unplaced.example/', 30, null);
    await scored(null, 'https://anonymous.example/', 27, 'b2b_saas');
    await scored('free_1', 'https://free-1.example/', 29, 'b2b_saas');
    await scored('free_2', 'https://free-2.example/', 29, 'b2b_saas');

    const totals = [54, 61, 70, 73];
    for (const [k, total] of totals.entries()) await scored(`a${k + 1}`, `https://company-${k + 1}.example/`, total, 'b2b_saas');
    const four = await benchmark('b2b_saas');
    expect(four.statusCode).toBe(200);
    expect(four.json()).toEqual(UNAVAILABLE('b2b_saas', 'B2B SaaS'));

    await scored('a5', 'https://company-5.example/', 88, 'b2b_saas');
    // A contributor asking is left out of what it is shown: four accounts remain.
    expect((await benchmark('b2b_saas', 'a5')).json()).toEqual(UNAVAILABLE('b2b_saas', 'B2B SaaS'));
    const five = await benchmark('b2b_saas');
    expect(five.statusCode).toBe(200);
    // Totals 54, 61, 70, 73, 88: whole ranks, so the quartiles are values of the set.
    expect(five.json()).toEqual({
      segment: { key: 'b2b_saas', label: 'B2B SaaS' },
      available: true,
      minimumAccounts: 5,
      companies: 5,
      total: { p25: 61, p50: 70, p75: 73 },
      dimensions: dimensionRows([
        [0, 7, 3, 3, 3], // levels 2, 3, 3, 3, 4
        [7, 16, 2, 3, 3], // 2, 2, 3, 3, 3
        [16, 19, 2, 2, 3], // 2, 2, 2, 3, 3
        [19, 27, 2, 2, 2], // 2, 2, 2, 2, 3
      ]),
    });
    expect((await benchmark('consumer')).json()).toEqual(UNAVAILABLE('consumer', 'Consumer app'));
  });

  it('counts a company once, by its latest score whoever made it, and an account once, by its latest', async () => {
    const segment = 'developer_tools';
    for (const [k, total] of [40, 50, 60, 70, 80].entries()) await scored(`d${k + 1}`, `https://tool-${k + 1}.example/`, total, segment);
    // Another account rescores tool-5 at another address of the same site: the company's latest score, 45, replaces 80.
    await scored('d6', 'https://WWW.tool-5.example/pricing', 45, segment);
    const rescored = (await benchmark(segment)).json();
    expect(rescored).toMatchObject({ available: true, companies: 5, total: { p25: 45, p50: 50, p75: 60 } });
    // Many accounts scoring one more company's site add one company.
    for (const k of [7, 8, 9]) await scored(`d${k}`, 'https://tool-6.example/', 90 + k, segment);
    // 40, 45, 50, 60, 70, 99: ranks 1.25, 2.5 and 3.75 interpolate.
    expect((await benchmark(segment)).json()).toMatchObject({ available: true, companies: 6, total: { p25: 46.25, p50: 55, p75: 67.5 } });

    // d9 scores two more companies: it still counts once, by its latest (30).
    await scored('d9', 'https://tool-7.example/', 28, segment);
    await scored('d9', 'https://tool-8.example/', 30, segment);
    // 30, 40, 45, 50, 60, 70.
    expect((await benchmark(segment)).json()).toMatchObject({ available: true, companies: 6, total: { p25: 41.25, p50: 47.5, p75: 57.5 } });

    // d2 rescores tool-1 (d1's): d1 drops out, and d2 counts by its latest, 42: 30, 42, 45, 60, 70.
    await scored('d2', 'https://tool-1.example/', 42, segment);
    expect((await benchmark(segment)).json()).toMatchObject({ available: true, companies: 5, total: { p25: 42, p50: 45, p75: 60 } });
    // d3 rescores tool-4 (d4's): four accounts are left behind the pool, and nothing shows.
    await scored('d3', 'https://tool-4.example/', 71, segment);
    expect((await benchmark(segment)).json()).toEqual(UNAVAILABLE(segment, 'Developer tools and APIs'));
  });

  it("gives no figure that Free accounts made around one account's score, nor one whose owner asks (the issue's reproduction)", async () => {
    const segment = 'ai_native';
    // The one account whose total the figures must not give away.
    await scored('victim', 'https://victim.example/', 51, segment);
    // Four Free accounts made by one person, two scoring 29 and two 73, and the person asking from a fifth.
    for (const [k, total] of [29, 29, 73, 73].entries()) await scored(`free_sandwich_${k}`, `https://sandwich-${k}.example/`, total, segment);
    expect((await benchmark(segment, 'free_asker')).json()).toEqual(UNAVAILABLE(segment, 'AI-native product'));
    for (const k of [0, 1, 2, 3]) expect((await benchmark(segment, `free_sandwich_${k}`)).json()).toEqual(UNAVAILABLE(segment, 'AI-native product'));
  });
});

describe('GET /api/scores/<id>/percentile', () => {
  it("ranks a result's total and each dimension in its segment's pool, under the same 5-account rule", async () => {
    const segment = 'marketplace';
    const ids: string[] = [];
    for (const [k, total] of [40, 40, 60, 80, 100, 60].entries()) ids.push(await scored(`m${k + 1}`, `https://market-${k + 1}.example/`, total, segment));
    // The result's own account is not in its pool: m3's 60 ranks among m1, m2, m4, m5 and m6.
    const response = await get(`/api/scores/${ids[2]}/percentile`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // 60 among 40, 40, 60, 80, 100: two below and itself counted half, of five.
    expect(body).toMatchObject({
      resultId: ids[2],
      segment: { key: segment, label: 'Marketplace' },
      available: true,
      minimumAccounts: 5,
      companies: 5,
      total: { score: 60, percentile: 50 },
    });
    expect(body.reason).toBeUndefined();
    expect(body.dimensions).toHaveLength(27);
    // The first dimension's levels are 2, 2, 3, 3, 4; this result's 3 has two below and two equal.
    expect(body.dimensions[0]).toEqual({ dimensionId: DIMENSIONS[0]!.id, score: 3, percentile: 60 });
    // The last's are 1, 1, 2, 2, 3; its 2 likewise.
    expect(body.dimensions[26]).toEqual({ dimensionId: DIMENSIONS[26]!.id, score: 2, percentile: 60 });
    // m1's 40 among 40, 60, 80, 100, 60; m5's 100 among 40, 40, 60, 80, 60.
    expect((await get(`/api/scores/${ids[0]}/percentile`)).json().total).toEqual({ score: 40, percentile: 10 });
    expect((await get(`/api/scores/${ids[4]}/percentile`)).json().total).toEqual({ score: 100, percentile: 100 });
    // Asked by a contributor, its own score leaves the pool too: four remain.
    expect((await get(`/api/scores/${ids[4]}/percentile`, 'm1')).json()).toMatchObject({ available: false, reason: 'too_few_accounts' });
  });

  it('says why there is no standing: a result placed in no segment, or a segment with too few accounts', async () => {
    const unplaced = await scored('p1', 'https://unplaced-2.example/', 60, null);
    expect((await get(`/api/scores/${unplaced}/percentile`)).json()).toEqual({
      resultId: unplaced,
      segment: null,
      available: false,
      minimumAccounts: 5,
      reason: 'no_segment',
    });
    const lonely = await scored('p1', 'https://lonely.example/', 60, 'enterprise_software');
    expect((await get(`/api/scores/${lonely}/percentile`)).json()).toEqual({
      resultId: lonely,
      segment: { key: 'enterprise_software', label: 'Enterprise software' },
      available: false,
      minimumAccounts: 5,
      reason: 'too_few_accounts',
    });
  });
});

/**
 * Peer benchmarks end to end over real HTTP: five paid accounts score the
 * example company sites with a segment (POST /api/score, and one through a
 * product), and GET /api/benchmarks and /api/scores/<id>/percentile answer
 * from those real results: nothing at four accounts, the quartiles of the
 * real totals at five, a rescored company still counted once, and each
 * result ranked among the other accounts' scores.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

/** Six companies: the four example sites, and two more companies on copies of them (other hosts). */
const SITE_FOLDERS = ['burrowly-seed', 'tallyworks-growing', 'relaymesh-scaleup', 'lumenfield-platform', 'burrowly-seed', 'tallyworks-growing'];
const SEGMENT = 'ai_native';

let sites: ServedSite[];
let t: TestApp;
let base: string;
beforeAll(async () => {
  sites = await Promise.all(SITE_FOLDERS.map((folder) => serveSite(path.join(SITES_DIR, folder))));
  const allowlist = sites.map((site) => new URL(site.origin).host).join(',');
  t = await startTestApp({ env: { CRAWL_ALLOWLIST: allowlist } });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await Promise.all(sites.map((site) => site.close()));
});

async function call(sub: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${await t.token({ sub })}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Only accounts on a paid plan count in the pool. */
async function paid(sub: string): Promise<void> {
  await subscribe(t, await accountIdOf(t, { sub }), 'pro');
}

async function scoreSite(sub: string, origin: string): Promise<{ id: string; totalScore: number }> {
  await paid(sub);
  const scored = await call(sub, 'POST', '/api/score', { url: `${origin}/`, segment: SEGMENT });
  expect(scored.status).toBe(200);
  return { id: scored.body.id, totalScore: scored.body.totalScore };
}

/** A rank's value when the rank is whole: for five values the quartiles are the 2nd, 3rd and 4th smallest. */
const sortedTotals = (scores: { totalScore: number }[]) => scores.map((score) => score.totalScore).sort((a, b) => a - b);

describe('peer benchmarks over real scores', () => {
  it('shows nothing at four accounts, the quartiles of the real totals at five, and counts a rescored company once', async () => {
    const scores = [];
    for (const [k, site] of sites.slice(0, 4).entries()) scores.push(await scoreSite(`real_${k + 1}`, site.origin));
    const notYet = await call('real_reader', 'GET', `/api/benchmarks?segment=${SEGMENT}`);
    expect(notYet).toEqual({ status: 200, body: { segment: { key: SEGMENT, label: 'AI-native product' }, available: false, minimumAccounts: 5 } });

    // The fifth account scores its product, placed in the segment.
    await paid('real_5');
    const product = await call('real_5', 'POST', '/api/products', { name: 'Second Burrow', url: `${sites[4]!.origin}/` });
    expect(product.status).toBe(201);
    const productScore = await call('real_5', 'POST', '/api/score/product', { productId: product.body.id, segment: SEGMENT });
    expect(productScore.status).toBe(200);
    scores.push({ id: productScore.body.id, totalScore: productScore.body.totalScore });

    const totals = sortedTotals(scores);
    const figures = await call('real_reader', 'GET', `/api/benchmarks?segment=${SEGMENT}`);
    expect(figures.status).toBe(200);
    expect(figures.body).toMatchObject({ available: true, minimumAccounts: 5, companies: 5, total: { p25: totals[1], p50: totals[2], p75: totals[3] } });
    expect(figures.body.dimensions).toHaveLength(27);

    // A sixth account rescores the first company: still five companies, and the first one's latest score is the new one.
    const rescore = await scoreSite('real_6', sites[0]!.origin);
    expect(rescore.totalScore).toBe(scores[0]!.totalScore);
    expect((await call('real_reader', 'GET', `/api/benchmarks?segment=${SEGMENT}`)).body).toMatchObject({ available: true, companies: 5 });

    // A seventh account scores a sixth company: the pool is the latest of real_2 to real_7.
    const seventh = await scoreSite('real_7', sites[5]!.origin);
    const latestByAccount = new Map([
      ['real_2', scores[1]!.totalScore],
      ['real_3', scores[2]!.totalScore],
      ['real_4', scores[3]!.totalScore],
      ['real_5', scores[4]!.totalScore],
      ['real_6', rescore.totalScore],
      ['real_7', seventh.totalScore],
    ]);
    // Each result states its percentile among the other accounts' scores: the share below it, its equals counted half.
    for (const [k, score] of scores.entries()) {
      const others = [...latestByAccount].filter(([sub]) => sub !== `real_${k + 1}`).map(([, total]) => total);
      const standing = await call('real_reader', 'GET', `/api/scores/${score.id}/percentile`);
      const below = others.filter((total) => total < score.totalScore).length;
      const equal = others.filter((total) => total === score.totalScore).length;
      expect(standing.status).toBe(200);
      expect(standing.body).toMatchObject({
        resultId: score.id,
        segment: { key: SEGMENT },
        available: true,
        companies: others.length,
        total: { score: score.totalScore, percentile: Math.round((100 * (below + equal / 2)) / others.length) },
      });
    }
  });
});

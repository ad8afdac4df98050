/**
 * The score decay reminders and the weekly digest through the whole app and
 * real SMTP: the daily sweeps on the job engine enqueue each mail once per
 * recipient (dedupe keys), real scores of a fixture site feed them, and the
 * send job's gate honours an opt-out made through the mail's own
 * List-Unsubscribe address.
 */
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { startFakeSmtpServer, type FakeSmtpServer, type ReceivedMail } from '../fakes/smtp-server.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { ALL_OWNERS, caller, DAY } from '../onboarding-client.ts';
import { oneClickAddressOf, postOneClick } from '../one-click-unsubscribe.ts';

const HOUR = 60 * 60 * 1000;
const BASE = 'https://scoring.example.test';
let smtp: FakeSmtpServer;
let site: ServedSite;
/** A company whose site grows between two scores: burrowly-seed first, then tallyworks-growing at the same address. */
let growingSite: ServedSite;
/** A site of more pages than a quick score reads (relaymesh-scaleup, 17): its quick score comes out lower than its full one. */
let deepSite: ServedSite;
let t: TestApp;
// A Wednesday (ISO week 2026-W10).
const clock = new ManualClock('2026-03-04T10:00:00.000Z');

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  growingSite = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  deepSite = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
  const allowlist = [site, growingSite, deepSite].map((served) => new URL(served.origin).host).join(',');
  t = await startTestApp({ clock, env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, CRAWL_ALLOWLIST: allowlist } });
});
afterAll(async () => {
  await t.close();
  await site.close();
  await growingSite.close();
  await deepSite.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/**
 * A personal account created now, onboarding complete (so it never turns
 * read-only and can score months later), with one product at the fixture site.
 */
async function scoringAccount(sub: string, productName = 'Burrowly', origin = site.origin) {
  const email = `${sub}@example.test`;
  const client = caller(t, { sub, email });
  const id = await client.accountId();
  const product = await client.send('POST', '/api/products', { name: productName, url: `${origin}/` });
  expect(product.statusCode).toBe(201);
  const productId = product.json().id as string;
  expect((await client.answerInterview()).statusCode).toBe(200);
  expect((await client.putOwners(productId, ALL_OWNERS)).statusCode).toBe(200);
  const score = async (): Promise<string> => {
    const response = await client.send('POST', '/api/score/product', { productId });
    expect(response.statusCode).toBe(200);
    return response.json().id as string;
  };
  return { id, email, productId, score, client };
}

/** Moves to `at` and runs what is due twice, as consecutive polls do (the sweep enqueues; its mail jobs run). */
async function sweepAt(at: Date) {
  clock.set(at);
  await t.services.jobRunner.runDue();
  await t.services.jobRunner.runDue();
}

const mailTo = (email: string, category: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.to.includes(email) && mail.parsed.headers.get('x-mail-category') === category);

describe('score decay reminders', () => {
  it('remind once per latest score, not while it is fresh, and again after a new score has decayed in its turn', async () => {
    const account = await scoringAccount('decaying', 'Burrowly & Co');
    const firstResult = await account.score();
    const scoredAt = clock.now();
    const decays = () => mailTo(account.email, 'score_decay_reminders');

    for (const days of [1, 30, 89]) await sweepAt(new Date(scoredAt.getTime() + days * DAY + HOUR));
    expect(decays()).toEqual([]);

    for (const days of [91, 92, 95]) await sweepAt(new Date(scoredAt.getTime() + days * DAY + HOUR));
    expect(decays()).toHaveLength(1);
    const [reminder] = decays();
    expect(reminder!.parsed.subject).toBe('Time to rescore Burrowly & Co');
    const first = (await t.app.inject({ method: 'GET', url: `/api/score/${firstResult}` })).json();
    expect(reminder!.parsed.text).toContain(`is from ${scoredAt.toISOString().slice(0, 10)}, more than 90 days ago: ${first.totalScore}, ${first.stageName}.`);
    expect(reminder!.parsed.text).toContain(`${BASE}/r/${firstResult}`);
    expect(reminder!.parsed.text).toContain(`Rescore it from its page (one score from your plan): ${BASE}/app/products/${account.productId}`);
    expect(reminder!.parsed.text).toContain(`POST /api/score/product with {"productId": "${account.productId}"}`);
    expect(reminder!.parsed.html).toContain(`<a href="${BASE}/app/products/${account.productId}">Rescore Burrowly &amp; Co</a>`);
    expect(reminder!.parsed.html).toContain('Burrowly &amp; Co');
    expect(reminder!.parsed.html).toContain(`<a href="${BASE}/r/${firstResult}">`);
    expect(reminder!.parsed.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(true);

    // A new score: fresh again, so no reminder; once it decays, one reminder naming it.
    const secondResult = await account.score();
    const rescoredAt = clock.now();
    await sweepAt(new Date(rescoredAt.getTime() + 2 * DAY));
    expect(decays()).toHaveLength(1);
    for (const days of [91, 93]) await sweepAt(new Date(rescoredAt.getTime() + days * DAY + HOUR));
    expect(decays()).toHaveLength(2);
    expect(decays()[1]!.parsed.text).toContain(`${BASE}/r/${secondResult}`);
  });
});

describe('weekly digest', () => {
  it('sends the last week once, with its scores and usage, skips an empty week, and honours a one-click opt-out', async () => {
    // Wednesday of 2026-W12 (two weeks after the decay test's start, whose clock this test continues from).
    clock.set(new Date('2026-03-18T09:00:00.000Z'));
    const active = await scoringAccount('digest_active', 'Digest <One>');
    const quiet = await scoringAccount('digest_quiet');
    const resultId = await active.score();
    const result = (await t.app.inject({ method: 'GET', url: `/api/score/${resultId}` })).json();
    const digests = (email: string) => mailTo(email, 'weekly_digest');

    // Still W12: the week being reported (W11) had no score.
    await sweepAt(new Date('2026-03-19T01:00:00.000Z'));
    expect(digests(active.email)).toEqual([]);

    // Monday of W13 and the days after: W12's digest once.
    for (const at of ['2026-03-23T00:30:00.000Z', '2026-03-24T01:00:00.000Z', '2026-03-27T01:00:00.000Z']) await sweepAt(new Date(at));
    expect(digests(active.email)).toHaveLength(1);
    expect(digests(quiet.email)).toEqual([]);
    const [digest] = digests(active.email);
    expect(digest!.parsed.subject).toBe('Your weekly digest: 2026-W12');
    expect(digest!.parsed.text).toContain('Your week 2026-W12 (2026-03-16 to 2026-03-22): 1 score.');
    expect(digest!.parsed.text).toContain(`- ${result.companyName ?? result.url}: ${result.totalScore}, ${result.stageName}: ${BASE}/r/${resultId}`);
    expect(digest!.parsed.text).toMatch(/Scores: 1 (of \d+|\(no limit\))/);
    expect(digest!.parsed.text).toMatch(/Credits: \d+ (of \d+|\(no limit\))/);
    expect(digest!.parsed.html).toContain(`<a href="${BASE}/r/${resultId}">`);

    // W13 had no score: nothing to say on the Monday of W14.
    await sweepAt(new Date('2026-03-30T01:00:00.000Z'));
    expect(digests(active.email)).toHaveLength(1);

    // One click on the digest's List-Unsubscribe address; W14's scores then send the quiet account its digest, not the opted-out one.
    expect((await postOneClick(t, oneClickAddressOf(digest!))).statusCode).toBe(200);
    clock.set(new Date('2026-04-01T09:00:00.000Z'));
    await active.score();
    await quiet.score();
    await sweepAt(new Date('2026-04-06T01:00:00.000Z'));
    expect(digests(active.email)).toHaveLength(1);
    expect(digests(quiet.email).map((mail) => mail.parsed.subject)).toEqual(['Your weekly digest: 2026-W14']);
  });

  it("says what changed since each product's score before: the total's move and the dimensions that moved", async () => {
    // Wednesday of 2026-W16: the first score, of the seed-stage site.
    clock.set(new Date('2026-04-15T09:00:00.000Z'));
    const account = await scoringAccount('digest_changes', 'Growing', growingSite.origin);
    const firstId = await account.score();
    // Two days later the company's site has grown: another site at the same address.
    const port = Number(new URL(growingSite.origin).port);
    await growingSite.close();
    growingSite = await serveSite(path.join(SITES_DIR, 'tallyworks-growing'), { port });
    clock.set(new Date('2026-04-17T09:00:00.000Z'));
    const secondId = await account.score();
    // And once more, unchanged.
    clock.set(new Date('2026-04-17T10:00:00.000Z'));
    const thirdId = await account.score();

    const change = (id: string) => account.client.send('GET', `/api/scores/${id}/change`);
    const first = (await t.app.inject({ method: 'GET', url: `/api/score/${firstId}` })).json();
    const second = (await t.app.inject({ method: 'GET', url: `/api/score/${secondId}` })).json();
    expect((await change(firstId)).json()).toEqual({ resultId: firstId, depth: 'full', previous: null, totalDelta: null, stageChanged: false, moved: [] });
    const grown = (await change(secondId)).json();
    expect(grown.previous).toEqual({ id: firstId, totalScore: first.totalScore, stageName: first.stageName, createdAt: first.createdAt });
    expect(grown.totalDelta).toBe(second.totalScore - first.totalScore);
    expect(grown.totalDelta).toBeGreaterThan(0);
    // Every dimension whose score differs between the two results, and only those.
    const firstLevels = new Map<string, number>(first.dimensions.map((d: { dimensionId: string; score: number }) => [d.dimensionId, d.score]));
    const expectedMoves = second.dimensions
      .filter((d: { dimensionId: string; score: number }) => d.score !== firstLevels.get(d.dimensionId))
      .map((d: { dimensionId: string; score: number }) => `${d.dimensionId} ${firstLevels.get(d.dimensionId)}->${d.score}`);
    expect(expectedMoves.length).toBeGreaterThan(0);
    expect(grown.moved.map((m: { dimensionId: string; from: number; to: number }) => `${m.dimensionId} ${m.from}->${m.to}`).sort()).toEqual(
      expectedMoves.sort(),
    );
    const unchanged = (await change(thirdId)).json();
    expect([unchanged.previous.id, unchanged.totalDelta, unchanged.moved]).toEqual([secondId, 0, []]);
    // Another account cannot compare this account's results.
    const stranger = caller(t, { sub: 'digest_stranger', email: 'digest_stranger@example.test' });
    expect((await stranger.send('GET', `/api/scores/${secondId}/change`)).statusCode).toBe(404);

    await sweepAt(new Date('2026-04-20T01:00:00.000Z'));
    const [digest] = mailTo(account.email, 'weekly_digest');
    expect(digest!.parsed.subject).toBe('Your weekly digest: 2026-W16');
    const text = digest!.parsed.text!;
    expect(text).toContain('The first score of this product.');
    const top = grown.moved[0];
    expect(text).toContain(
      `Up ${grown.totalDelta} since 2026-04-15 (${first.totalScore}, ${first.stageName}); moved: ${top.dimensionName} ${top.from} to ${top.to}`,
    );
    expect(text).toContain(`Unchanged since 2026-04-17 (${second.totalScore}, ${second.stageName}); no dimension moved.`);
    expect(digest!.parsed.html).toContain(`Up ${grown.totalDelta} since 2026-04-15`);
  });

  it('compares like with like: a quick score after a full one reports no drop, and one after a quick one is compared with that', async () => {
    // Wednesday of 2026-W17: a full score of the product, then quick scores of its address (six pages: a lower total).
    clock.set(new Date('2026-04-22T09:00:00.000Z'));
    const account = await scoringAccount('digest_depths', 'Relaymesh', deepSite.origin);
    const fullId = await account.score();
    const quickScore = async () => {
      const response = await account.client.send('POST', '/api/score/quick', { url: `${deepSite.origin}/` });
      expect(response.statusCode).toBe(200);
      return response.json() as { id: string; depth: string; totalScore: number; stageName: string; createdAt: string };
    };
    clock.set(new Date('2026-04-22T10:00:00.000Z'));
    const quick = await quickScore();
    clock.set(new Date('2026-04-22T11:00:00.000Z'));
    const secondQuick = await quickScore();
    expect(quick.depth).toBe('quick');
    const full = (await t.app.inject({ method: 'GET', url: `/api/score/${fullId}` })).json();
    // What the comparison must not report: the quick score's lower total as a drop.
    expect(quick.totalScore).toBeLessThan(full.totalScore);

    const change = async (id: string) => (await account.client.send('GET', `/api/scores/${id}/change`)).json();
    expect(await change(quick.id)).toEqual({ resultId: quick.id, depth: 'quick', previous: null, totalDelta: null, stageChanged: false, moved: [] });
    expect(await change(secondQuick.id)).toMatchObject({
      depth: 'quick',
      previous: { id: quick.id, totalScore: quick.totalScore, stageName: quick.stageName, createdAt: quick.createdAt },
      totalDelta: 0,
    });
    expect((await change(fullId)).previous).toBeNull();

    await sweepAt(new Date('2026-04-27T01:00:00.000Z'));
    const [digest] = mailTo(account.email, 'weekly_digest');
    const text = digest!.parsed.text!;
    expect(text).toContain('The first quick score of this product: not compared with full scores.');
    expect(text).toContain(`Unchanged since the quick score of 2026-04-22 (${quick.totalScore}, ${quick.stageName}); no dimension moved.`);
    expect(text).toMatch(/: \d+, \w+ \(Quick score: \d pages read\): /);
    expect(text).not.toMatch(/Down \d+ since/);
  });
});

/**
 * GET /r/<id> with feedback and peers (issue 15): a visitor gets one quiet
 * invitation to sign in, a member a verdict form beside each dimension and
 * one for the whole score, with their own earlier verdicts shown (not a
 * teammate's), and a copy no cache keeps. The comparison with peers appears
 * only once 5 accounts made the segment's scores; before, only the owner
 * hears that it will.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { DIMENSIONS, type DimensionId } from '../../framework/dimensions.ts';
import { billingAccounts } from '../../modules/billing/tables.ts';
import { scoringResults } from '../../modules/scoring/tables.ts';
import { caller } from '../../../test/onboarding-client.ts';
import { fixtureResult } from '../../../test/fixtures/coach-result.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

const clock = new ManualClock('2026-08-01T08:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

type Claims = { sub: string; account?: string; role?: 'owner' | 'admin' | 'member' };

/** Levels that add up to `total`: floor(total / 27) each, the first (total mod 27) dimensions one higher. */
function levelsFor(total: number): Record<DimensionId, number> {
  const base = Math.floor(total / 27);
  return Object.fromEntries(DIMENSIONS.map((d, k) => [d.id, base + (k < total - 27 * base ? 1 : 0)])) as Record<DimensionId, number>;
}

/** A full score of `url` (or a quick one of 6 pages), stored as a score stores it, made by the caller's account; the clock then moves on. */
async function stored(claims: Claims | null, url: string, options: { total?: number; segment?: string; depth?: 'full' | 'quick' } = {}): Promise<string> {
  const id = crypto.randomUUID();
  const levels = options.total === undefined ? undefined : (levelsFor(options.total) as never);
  const depth = options.depth ?? 'full';
  const result = { ...fixtureResult({ levels, depth }), id, url, ...(depth === 'quick' ? { crawlStats: { pagesAnalyzed: 6, contentLength: 40_000 } } : {}) };
  const accountId = claims ? await caller(t, claims).accountId() : null;
  // Peers are on a paid plan: only paid accounts count in a segment's pool (issue 24).
  if (accountId && claims?.sub.startsWith('rp_peer'))
    await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  await t.database.db.insert(scoringResults).values({ id, accountId, url, result, depth, segment: options.segment ?? null, createdAt: clock.now() });
  clock.advance(60_000);
  return id;
}

const page = async (id: string, claims?: Claims) =>
  t.app.inject({ method: 'GET', url: `/r/${id}`, ...(claims ? { cookies: { __session: await t.token(claims) } } : {}) });
const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
/** One dimension's card, up to the next. */
function dimensionCard(body: string, id: DimensionId): string {
  const start = body.indexOf(`id="dimension-${id}"`);
  expect(start, id).toBeGreaterThan(-1);
  const next = body.indexOf('class="dimension"', start);
  return body.slice(start, next === -1 ? undefined : next);
}
const giveFeedback = async (claims: Claims, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/feedback', headers: await t.authHeaders(claims), payload });

describe('GET /r/<id>: the coach', () => {
  it("offers the coach on the account's own result only", async () => {
    const id = await stored({ sub: 'rp_coached' }, 'https://coached.example/');
    const coachLink = `href="/app/coach?result=${id}"`;
    expect((await page(id, { sub: 'rp_coached' })).body).toContain(coachLink);
    expect((await page(id, { sub: 'rp_stranger' })).body).not.toContain(coachLink);
    expect((await page(id)).body).not.toContain(coachLink);
  });
});

describe('GET /r/<id>: a quick score says what it is', () => {
  it('labels a quick score with the pages it read and links to the full score of its address, for a visitor and a member', async () => {
    const id = await stored({ sub: 'rp_quick' }, 'https://quick.example/', { depth: 'quick' });
    const fullScoreLink = `href="/try?url=${encodeURIComponent('https://quick.example/')}"`;
    for (const response of [await page(id), await page(id, { sub: 'rp_quick' })]) {
      expect(response.statusCode).toBe(200);
      expect(textOf(response.body)).toContain('Quick score: 6 pages read.');
      expect(response.body).toContain(fullScoreLink);
      expect(response.body).toMatch(/<title>[^<]*\(quick score\)[^<]*<\/title>/);
    }
    // The link opens the form with the address filled in.
    const form = await t.app.inject({ method: 'GET', url: `/try?url=${encodeURIComponent('https://quick.example/')}` });
    expect(form.body).toMatch(/<input id="score-url"[^>]*value="https:\/\/quick\.example\/"/);
  });

  it('shows no such label on a full score', async () => {
    const id = await stored(null, 'https://full.example/');
    const body = (await page(id)).body;
    expect(body).not.toContain('data-quick-score');
    expect(body).not.toContain('Quick score');
    expect(body).not.toContain('/try?url=');
  });
});

describe('GET /r/<id>: feedback on the score', () => {
  it('invites a visitor once to sign in, coming back to the page, and keeps the page private for a minute', async () => {
    const id = await stored(null, 'https://visited.example/');
    const response = await page(id);
    expect(response.statusCode).toBe(200);
    const invitations = [...response.body.matchAll(/<a href="([^"]+)">Sign in to tell us a score is wrong<\/a>/g)];
    expect(invitations.map((m) => m[1])).toEqual([`/sign-in?next=${encodeURIComponent(`/r/${id}`)}`]);
    expect(response.body).not.toContain('data-verdict-form');
    expect(response.body).not.toContain('/assets/feedback.js');
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('gives a member a verdict form beside each dimension and one for the whole score, in a copy nothing keeps', async () => {
    const id = await stored(null, 'https://shared.example/');
    const response = await page(id, { sub: 'rp_reader' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).toContain('/assets/feedback.js');
    expect(response.body).not.toContain('Sign in to tell us a score is wrong');
    const forms = [
      ...response.body.matchAll(/<form class="verdict-form" data-verdict-form="true" data-result-id="([^"]+)"(?: data-dimension-id="([^"]+)")?>/g),
    ];
    expect(forms).toHaveLength(28);
    expect(new Set(forms.map((m) => m[1]))).toEqual(new Set([id]));
    expect(forms.map((m) => m[2]).filter(Boolean)).toEqual(DIMENSIONS.map((d) => d.id));
    for (const d of DIMENSIONS) {
      const card = dimensionCard(response.body, d.id);
      expect(textOf(card)).toContain(`Your verdict on ${d.name}`);
      expect([...card.matchAll(/name="verdict" value="([a-z_]+)"/g)].map((m) => m[1])).toEqual(['too_high', 'too_low', 'wrong_evidence', 'helpful']);
    }
    // The whole score has no "wrong evidence": evidence is quoted per dimension.
    const whole = response.body.slice(response.body.indexOf('id="verdict-heading"'), response.body.indexOf('class="function-section"'));
    expect([...whole.matchAll(/name="verdict" value="([a-z_]+)"/g)].map((m) => m[1])).toEqual(['too_high', 'too_low', 'helpful']);
    // Nothing said yet: nothing chosen, no "You said".
    expect(response.body).not.toContain('checked');
    expect(textOf(response.body)).not.toContain('You said');
  });

  it("shows the member's own verdicts, chosen and with their comment, and not a teammate's", async () => {
    const owner = { sub: 'rp_team_owner', account: 'org_rp_team', role: 'owner' as const };
    const member = { sub: 'rp_team_member', account: 'org_rp_team', role: 'member' as const };
    const accountId = await caller(t, owner).accountId();
    // Pro, so the member holds a seat (Free has one, the owner's).
    await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
    const id = await stored(owner, 'https://team.example/');

    expect(
      (await giveFeedback(member, { resultId: id, dimensionId: 'market_intelligence', verdict: 'too_high', comment: 'We publish a yearly report.' }))
        .statusCode,
    ).toBe(201);
    expect((await giveFeedback(member, { resultId: id, verdict: 'helpful' })).statusCode).toBe(201);
    expect((await giveFeedback(owner, { resultId: id, dimensionId: 'decision_quality', verdict: 'too_low' })).statusCode).toBe(201);

    const mine = await page(id, member);
    const card = dimensionCard(mine.body, 'market_intelligence');
    expect(textOf(card)).toContain('You said: too high');
    expect(card).toMatch(/value="too_high" data-said="too high" required(="")? checked/);
    expect(card).toContain('>We publish a yearly report.</textarea>');
    const whole = mine.body.slice(mine.body.indexOf('id="verdict-heading"'), mine.body.indexOf('class="function-section"'));
    expect(textOf(whole)).toContain('You said: helpful');
    // The owner's verdict is the owner's: not shown as the member's.
    expect(textOf(dimensionCard(mine.body, 'decision_quality'))).not.toContain('You said');
    expect([...mine.body.matchAll(/ checked/g)]).toHaveLength(2);

    // A later verdict replaces the earlier one.
    expect((await giveFeedback(member, { resultId: id, dimensionId: 'market_intelligence', verdict: 'wrong_evidence' })).statusCode).toBe(200);
    const changed = dimensionCard((await page(id, member)).body, 'market_intelligence');
    expect(textOf(changed)).toContain('You said: wrong evidence');
    expect(changed).toContain('></textarea>');

    const owners = await page(id, owner);
    expect(textOf(dimensionCard(owners.body, 'decision_quality'))).toContain('You said: too low');
    expect(textOf(dimensionCard(owners.body, 'market_intelligence'))).not.toContain('You said');
  });
});

describe('GET /r/<id>: the comparison with peers', () => {
  const SEGMENT = 'developer_tools';
  const viewer = { sub: 'rp_peer_1' };
  let resultId = '';

  it('says nothing to a visitor or another member at 3 other accounts, and tells the owner when it will appear', async () => {
    // Noise: another segment, and a score placed in none.
    await stored({ sub: 'rp_noise' }, 'https://noise-a.example/', { total: 100, segment: 'consumer' });
    await stored({ sub: 'rp_noise' }, 'https://noise-b.example/', { total: 27 });
    resultId = await stored(viewer, 'https://peer-1.example/', { total: 60, segment: SEGMENT });
    for (const [k, total] of [40, 50, 70].entries()) await stored({ sub: `rp_peer_${k + 2}` }, `https://peer-${k + 2}.example/`, { total, segment: SEGMENT });

    for (const claims of [undefined, { sub: 'rp_stranger' }]) {
      const text = textOf((await page(resultId, claims)).body);
      expect(text).not.toContain('Developer tools and APIs');
      expect(text).not.toContain("Peers' median");
    }
    const owner = textOf((await page(resultId, viewer)).body);
    expect(owner).toContain('The comparison with peers in Developer tools and APIs appears once 5 other accounts on a paid plan have scored companies in it.');
    expect(owner).not.toContain('percentile');
  });

  it("shows the percentile, the median total and quartiles, and each dimension's median once 5 other accounts contributed", async () => {
    await stored({ sub: 'rp_peer_5' }, 'https://peer-5.example/', { total: 80, segment: SEGMENT });
    // The result's own account is not its peer: a sixth account brings the others to five.
    await stored({ sub: 'rp_peer_6' }, 'https://peer-6.example/', { total: 60, segment: SEGMENT });
    for (const claims of [undefined, { sub: 'rp_stranger' }, viewer]) {
      const body = (await page(resultId, claims)).body;
      // The others' totals 40, 50, 60, 70, 80: 60 ranks at (2 + 1/2) / 5; quartiles by linear interpolation.
      expect(textOf(body)).toContain('In Developer tools and APIs: percentile 50 of peers; median total 60 (quartiles 50–70), from 5 companies.');
      // The first dimension's levels are 2, 2, 3, 3, 3 across the pool; the last one's 1, 1, 2, 2, 2.
      expect(textOf(dimensionCard(body, DIMENSIONS[0]!.id))).toContain("Peers' median 3 in Developer tools and APIs");
      expect(textOf(dimensionCard(body, DIMENSIONS[26]!.id))).toContain("Peers' median 2 in Developer tools and APIs");
      expect([...body.matchAll(/class="peer-median"/g)]).toHaveLength(27);
    }
  });

  it('shows no comparison for a result placed in no segment', async () => {
    const id = await stored(viewer, 'https://unplaced.example/', { total: 60 });
    const text = textOf((await page(id, viewer)).body);
    expect(text).not.toContain('peers');
    expect(text).not.toContain("Peers' median");
  });
});

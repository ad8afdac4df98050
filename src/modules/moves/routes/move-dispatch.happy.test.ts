/**
 * Moves beyond the acceptance scenario: a product whose GitHub repository is
 * scoped to it gets GitHub moves, created exactly once even when GitHub
 * created the issue and its answer was lost (the local server stores it and
 * answers 502; the retry finds the issue by its hidden marker); a rescore
 * proposed after it for a product with no schedule; dismissal with a reason
 * and CONFLICT after; a member refused the lead's routes; a kind the account
 * lets dispatch alone; and the dispatch rate limit. Scores are stored as a
 * score stores them, and proposed from as the proposal job does.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { caller } from '../../../../test/onboarding-client.ts';
import { startFakeGitHub, type FakeGitHub } from '../../../../test/fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../../../../test/fakes/linear-api.ts';
import path from 'node:path';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startHttpRecorder, type HttpRecorder } from '../../../../test/fakes/http-recorder.ts';
import { sourceEnvironment } from '../../../../test/fakes/source-environment.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { DimensionId } from '../../../framework/dimensions.ts';
import { auditLog } from '../../accounts/tables.ts';
import { billingAccounts } from '../../billing/tables.ts';
import { MOVE_DISPATCH_RATE_LIMIT } from '../../limits/policies.ts';
import { scoringResults } from '../../scoring/tables.ts';
import { githubMarker } from '../move-providers.ts';
import { DISPATCH_ATTEMPTS } from '../move-service.ts';
import { moves } from '../tables.ts';

const BASE = 'https://maturity.example';
const HOUR = 3600_000;
const clock = new ManualClock('2026-06-01T09:00:00.000Z');
const owner = { sub: 'dispatch_owner', account: 'org_dispatch', role: 'owner' as const };
const member = { sub: 'dispatch_member', account: 'org_dispatch', role: 'member' as const };
const stranger = { sub: 'dispatch_stranger', account: 'org_dispatch_elsewhere', role: 'owner' as const };
/** An account with no tool and no Slack: its moves are rescores. */
const solo = { sub: 'dispatch_solo', account: 'org_dispatch_solo', role: 'owner' as const };

let t: TestApp;
let github: FakeGitHub;
let linear: FakeLinear;
let slack: HttpRecorder;
let site: ServedSite;
let accountId = '';
let productId = '';

type Claims = typeof owner | typeof member | typeof stranger | typeof solo;
const post = async (url: string, claims: Claims = owner, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: await t.authHeaders(claims), payload });
const listed = async (query = '', claims: Claims = owner) =>
  (await t.app.inject({ method: 'GET', url: `/api/moves${query}`, headers: await t.authHeaders(claims) })).json().moves as {
    id: string;
    kind: string;
    state: string;
    dimensionId: string | null;
    [field: string]: unknown;
  }[];

/** A full score of the product with these levels, stored now, and the proposals it calls for; how many were new. */
async function scoredAndProposed(
  levels: Partial<Record<DimensionId, 1 | 2 | 3 | 4>>,
  product = productId,
  account = accountId,
): Promise<{ resultId: string; proposed: number }> {
  clock.advance(60_000);
  const id = crypto.randomUUID();
  const result = { ...fixtureResult({ levels }), id, productId: product, createdAt: clock.now().toISOString() };
  await t.database.db
    .insert(scoringResults)
    .values({ id, accountId: account, productId: product, url: result.url, depth: 'full', result, createdAt: clock.now() });
  return { resultId: id, proposed: await t.services.moves.propose(account, id) };
}

beforeAll(async () => {
  github = await startFakeGitHub({ now: () => clock.now().getTime() });
  linear = await startFakeLinear({ now: () => clock.now().getTime() });
  // Slack answers an incoming-webhook post with 200 and the body "ok".
  slack = await startHttpRecorder(() => ({ status: 200, body: 'ok' }));
  site = await serveSite(path.join(SITES_DIR, 'relaymesh-scaleup'));
  t = await startTestApp({
    clock,
    env: {
      ...sourceEnvironment(github, linear),
      WEBHOOK_ALLOWLIST: new URL(slack.url).host,
      CRAWL_ALLOWLIST: new URL(site.origin).host,
      PUBLIC_BASE_URL: BASE,
    },
  });
  accountId = await caller(t, owner).accountId();
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  productId = (await post('/api/products', owner, { name: 'Acme', url: 'https://acme.example' })).json().id;
  await connect('github', { productId, resourceId: 'acme/api', resourceName: 'acme/api' });
}, 60_000);

/** Connects a provider through its local OAuth server and chooses its repositories or teams for products. */
async function connect(provider: 'github' | 'linear', ...scopes: { productId: string; resourceId: string; resourceName: string }[]): Promise<void> {
  const started = await post(`/api/sources/${provider}/connect`);
  const approved = await fetch(new URL(started.json().authorizeUrl), { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: await t.authHeaders(owner) });
  const connectionId = new URL(callback.headers.location as string, 'http://app').searchParams.get('connected')!;
  const scoped = await t.app.inject({
    method: 'PUT',
    url: `/api/sources/${connectionId}/scopes`,
    headers: await t.authHeaders(owner),
    payload: { scopes },
  });
  expect(scoped.statusCode).toBe(200);
}

afterAll(async () => {
  await t?.close();
  await Promise.all([github?.close(), linear?.close(), slack?.close(), site?.close()]);
});

describe('a GitHub move', () => {
  let moveId = '';

  it('is proposed for a dimension that fell a level, once, however often the proposal runs', async () => {
    await scoredAndProposed({ pricing_packaging: 3 });
    const fell = await scoredAndProposed({ pricing_packaging: 2 });
    expect(fell.proposed).toBe(1);
    expect(await t.services.moves.propose(accountId, fell.resultId)).toBe(0);
    const [move] = await listed();
    expect(move).toMatchObject({
      kind: 'github_issue',
      origin: 'dimension_fell',
      dimensionId: 'pricing_packaging',
      fromLevel: 2,
      targetLevel: 3,
      target: 'acme/api',
      resultId: fell.resultId,
      goalId: null,
    });
    expect(move!.body).toContain('Pricing & Packaging fell from level 3 to 2');
    // Another fall while it is open proposes nothing more for the dimension.
    expect((await scoredAndProposed({ pricing_packaging: 1 })).proposed).toBe(0);
    moveId = move!.id;
  });

  it('creates exactly one issue when GitHub created it and its answer was lost', async () => {
    github.loseNextCreateResponse();
    expect((await post(`/api/moves/${moveId}/approve`)).json()).toMatchObject({ state: 'approved' });
    await t.services.jobRunner.runDue();
    expect(github.createdIssues()).toHaveLength(1);
    const [waiting] = await listed('?state=approved');
    expect(waiting).toMatchObject({ id: moveId, link: null, lastError: expect.stringContaining('Server Error') });

    // The engine's backoff has passed: the retry finds the issue by its marker rather than creating another.
    clock.advance(HOUR);
    await t.services.jobRunner.runDue();
    const issues = github.createdIssues();
    expect(issues).toHaveLength(1);
    expect(issues[0]!.body).toContain(githubMarker(moveId));
    expect(issues[0]!.body).toContain('## First steps');
    const [dispatched] = await listed('?state=dispatched');
    expect(dispatched).toMatchObject({ id: moveId, link: issues[0]!.html_url, lastError: null });
  });

  it('is followed by one rescore move, the product having no schedule', async () => {
    const rescores = (await listed()).filter((move) => move.kind === 'rescore');
    expect(rescores).toMatchObject([{ state: 'proposed', dimensionId: null, title: 'Rescore to see whether it moved', target: 'Acme' }]);
  });
});

describe('a Linear move', () => {
  it('creates exactly one issue when Linear created it and its answer was lost: the retry asks for the issue by the move id', async () => {
    const beta = (await post('/api/products', owner, { name: 'Beta', url: 'https://beta.example' })).json().id as string;
    await connect('linear', { productId: beta, resourceId: 'team-eng', resourceName: 'ENG Engineering' });
    await scoredAndProposed({ customer_success: 3 }, beta);
    expect((await scoredAndProposed({ customer_success: 2 }, beta)).proposed).toBe(1);
    const [move] = (await listed(`?productId=${beta}`)).filter((candidate) => candidate.kind === 'linear_issue');
    expect(move).toMatchObject({ dimensionId: 'customer_success', target: 'ENG Engineering', state: 'proposed' });

    linear.loseNextCreateResponse();
    await post(`/api/moves/${move!.id}/approve`);
    await t.services.jobRunner.runDue();
    expect(linear.createdIssues()).toHaveLength(1);
    expect((await listed(`?productId=${beta}&state=approved`)).map((candidate) => candidate.id)).toEqual([move!.id]);

    clock.advance(HOUR);
    await t.services.jobRunner.runDue();
    const issues = linear.createdIssues();
    expect(issues).toMatchObject([{ id: move!.id, teamId: 'team-eng' }]);
    expect(await listed(`?productId=${beta}&state=dispatched`)).toMatchObject([{ id: move!.id, link: issues[0]!.url, lastError: null }]);
  });
});

describe('a Slack move', () => {
  it('goes to a product with no tool of its own when the account has a Slack address: the title, the first steps, a link to the moves', async () => {
    const gamma = (await post('/api/products', owner, { name: 'Gamma', url: 'https://gamma.example' })).json().id as string;
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/anomalies/slack',
      headers: await t.authHeaders(owner),
      payload: { webhookUrl: `${slack.url}/services/T0/B0/gamma` },
    });
    expect(set.statusCode).toBe(200);
    await scoredAndProposed({ trust_security: 3 }, gamma);
    expect((await scoredAndProposed({ trust_security: 2 }, gamma)).proposed).toBe(1);
    const [move] = await listed(`?productId=${gamma}`);
    expect(move).toMatchObject({ kind: 'slack_post', target: 'Slack', dimensionId: 'trust_security' });
    await post(`/api/moves/${move!.id}/approve`);
    await t.services.jobRunner.runDue();
    expect(slack.requests).toHaveLength(1);
    const { text } = JSON.parse(slack.requests[0]!.body);
    expect(text).toContain(`*${move!.title as string}*`);
    expect(text).toContain('First steps:');
    expect(text).toContain(`<${BASE}/app/moves|`);
    expect(await listed(`?productId=${gamma}&state=dispatched`)).toMatchObject([{ id: move!.id, link: null }]);
  });
});

describe('a move the provider keeps refusing', () => {
  it('is failed after its last attempt, with the error, audited, and may be approved again', async () => {
    const delta = (await post('/api/products', owner, { name: 'Delta', url: 'https://delta.example' })).json().id as string;
    // A repository the grant cannot reach any more: GitHub answers 404 to every call. Connecting again
    // finds the account's GitHub connection, whose choice of repositories is replaced as a whole.
    await connect(
      'github',
      { productId, resourceId: 'acme/api', resourceName: 'acme/api' },
      { productId: delta, resourceId: 'acme/archived', resourceName: 'acme/archived' },
    );
    await scoredAndProposed({ market_intelligence: 3 }, delta);
    await scoredAndProposed({ market_intelligence: 2 }, delta);
    const [move] = await listed(`?productId=${delta}`);
    expect(move).toMatchObject({ kind: 'github_issue', target: 'acme/archived' });
    await post(`/api/moves/${move!.id}/approve`);
    for (let attempt = 0; attempt < DISPATCH_ATTEMPTS; attempt += 1) {
      await t.services.jobRunner.runDue();
      clock.advance(2 * HOUR);
    }
    const [failed] = await listed(`?productId=${delta}`);
    expect(failed).toMatchObject({ id: move!.id, state: 'failed', link: null, lastError: expect.stringContaining('Not Found') });
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), sql`${auditLog.details}->>'moveId' = ${move!.id}`));
    expect(audited.map((row) => row.action)).toEqual(['move_approved', 'move_dispatch_failed']);
    expect((await post(`/api/moves/${move!.id}/approve`)).json()).toMatchObject({ state: 'approved', lastError: null });
  });
});

describe('a rescore move', () => {
  it('stands in for a product with no tool, and scores it when approved, linking the result', async () => {
    const soloAccount = await caller(t, solo).accountId();
    await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, soloAccount));
    const product = (await post('/api/products', solo, { name: 'Relaymesh', url: site.origin })).json().id as string;
    await scoredAndProposed({ positioning_messaging: 3 }, product, soloAccount);
    await scoredAndProposed({ positioning_messaging: 2 }, product, soloAccount);
    const [move] = await listed('', solo);
    expect(move).toMatchObject({ kind: 'rescore', target: 'Relaymesh', dimensionId: 'positioning_messaging', state: 'proposed' });
    await post(`/api/moves/${move!.id}/approve`, solo);
    await t.services.jobRunner.runDue();
    const [dispatched] = await listed('?state=dispatched', solo);
    expect(dispatched).toMatchObject({ id: move!.id, link: expect.stringMatching(new RegExp(`^${BASE}/r/[0-9a-f-]{36}$`)) });
    const resultId = (dispatched!.link as string).split('/r/')[1];
    const history = (await t.app.inject({ method: 'GET', url: `/api/products/${product}/scores`, headers: await t.authHeaders(solo) })).json();
    expect(JSON.stringify(history)).toContain(resultId);
  }, 60_000);
});

describe('dismissing and approving', () => {
  it('dismisses a proposed move with a reason, by any member, and answers CONFLICT after', async () => {
    const [rescore] = (await listed()).filter((move) => move.kind === 'rescore');
    const refused = await post(`/api/moves/${rescore!.id}/approve`, member);
    expect(refused.statusCode).toBe(403);
    const dismissed = await post(`/api/moves/${rescore!.id}/dismiss`, member, { reason: 'wrong_priority', note: 'We rescore after the launch.' });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({
      state: 'dismissed',
      dismissal: { reason: 'wrong_priority', note: 'We rescore after the launch.', by: member.sub, at: clock.now().toISOString() },
    });
    expect((await post(`/api/moves/${rescore!.id}/dismiss`, member, { reason: 'helpful' })).statusCode).toBe(409);
    expect((await post(`/api/moves/${rescore!.id}/approve`)).statusCode).toBe(409);
    expect((await post(`/api/moves/${rescore!.id}/dismiss`, member, { reason: 'because' })).statusCode).toBe(400);
    expect((await post(`/api/moves/${crypto.randomUUID()}/approve`)).statusCode).toBe(404);
  });

  it('refuses a dispatched move a dismissal', async () => {
    const [dispatched] = await listed('?state=dispatched');
    expect((await post(`/api/moves/${dispatched!.id}/dismiss`, owner, { reason: 'helpful' })).statusCode).toBe(409);
  });
});

describe('another account', () => {
  it('sees none of the moves, cannot approve or dismiss them, and counts none of their loops', async () => {
    const [move] = await listed();
    expect((await t.app.inject({ method: 'GET', url: '/api/moves', headers: await t.authHeaders(stranger) })).json()).toEqual({ moves: [], nextCursor: null });
    expect((await post(`/api/moves/${move!.id}/approve`, stranger)).statusCode).toBe(404);
    expect((await post(`/api/moves/${move!.id}/dismiss`, stranger, { reason: 'helpful' })).statusCode).toBe(404);
    const figures = (await t.app.inject({ method: 'GET', url: '/api/intelligence', headers: await t.authHeaders(stranger) })).json();
    expect(figures).toMatchObject({ movesProposed: 0, movesDispatched: 0, loopsClosed: 0, loopClosureRate: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/intelligence', headers: await t.authHeaders(owner) })).json().movesDispatched).toBeGreaterThan(0);
  });
});

describe('a kind the account lets dispatch alone', () => {
  it('is set by a lead only, and dispatches without approval', async () => {
    const byMember = await t.app.inject({
      method: 'PUT',
      url: '/api/moves/settings',
      headers: await t.authHeaders(member),
      payload: { autoDispatch: ['github_issue'] },
    });
    expect(byMember.statusCode).toBe(403);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/moves/settings',
      headers: await t.authHeaders(owner),
      payload: { autoDispatch: ['github_issue'] },
    });
    expect(set.json()).toEqual({ autoDispatch: ['github_issue'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/moves/settings', headers: await t.authHeaders(member) })).json()).toEqual({
      autoDispatch: ['github_issue'],
    });

    await scoredAndProposed({ pricing_packaging: 1, adoption_expansion: 3 });
    const fell = await scoredAndProposed({ pricing_packaging: 1, adoption_expansion: 2 });
    expect(fell.proposed).toBe(1);
    const [auto] = (await listed()).filter((move) => move.dimensionId === 'adoption_expansion');
    expect(auto).toMatchObject({ kind: 'github_issue', state: 'approved', approvedBy: 'auto' });
    await t.services.jobRunner.runDue();
    expect(github.createdIssues()).toHaveLength(2);
    expect((await listed('?state=dispatched')).map((move) => move.id)).toContain(auto!.id);
  });
});

describe('the dispatch rate limit', () => {
  it(`refuses approvals past ${MOVE_DISPATCH_RATE_LIMIT.limit} an hour with Retry-After`, async () => {
    // A fresh window: the next hour.
    clock.advance(HOUR);
    const now = clock.now();
    const rows = await t.database.db
      .insert(moves)
      .values(
        Array.from({ length: MOVE_DISPATCH_RATE_LIMIT.limit + 1 }, (_, index) => ({
          accountId,
          productId,
          kind: 'slack_post' as const,
          origin: 'goal_at_risk' as const,
          dimensionId: 'launch_execution' as const,
          fromLevel: 2,
          targetLevel: 3,
          resultId: crypto.randomUUID(),
          title: `Move ${index}`,
          body: 'Body',
          target: 'Slack',
          proposedAt: now,
          proposalKey: `throttle ${index}`,
        })),
      )
      .returning({ id: moves.id });
    const answers = [];
    for (const row of rows) answers.push(await post(`/api/moves/${row.id}/approve`));
    expect(answers.slice(0, -1).every((answer) => answer.statusCode === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'SCORING_RATE_LIMITED' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await listed('?state=proposed')).map((move) => move.id)).toContain(rows.at(-1)!.id);
  });
});

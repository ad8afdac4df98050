/**
 * The acceptance scenario of issue 28, on the test clock: a product with a
 * goal on pricing and packaging above its level, rescored weekly, its Linear
 * team connected (the local Linear server, through its OAuth) and scoped to
 * it, a Slack incoming webhook and an `anomaly.detected` endpoint set. The
 * site loses its pricing page and the scheduled score runs: the anomaly is
 * recorded, mailed, delivered (verified with the Standard Webhooks library)
 * and posted to Slack; a Linear move is proposed for pricing and packaging,
 * refused to a member, approved twice by the owner (the second changes
 * nothing) and dispatched as exactly one Linear issue. The page comes back,
 * the product is rescored, and the intelligence figures count the loop as
 * closed.
 */
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { caller, DAY } from '../../../../test/onboarding-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startFakeGitHub, type FakeGitHub } from '../../../../test/fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../../../../test/fakes/linear-api.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { sourceEnvironment } from '../../../../test/fakes/source-environment.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/fakes/webhook-receiver.ts';
import { startHttpRecorder, type HttpRecorder } from '../../../../test/fakes/http-recorder.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { auditLog } from '../../accounts/tables.ts';
import { billingAccounts } from '../../billing/tables.ts';

const BASE = 'https://maturity.example';
const clock = new ManualClock(FIXTURE_CRAWL_DATE);
const owner = { sub: 'moves_owner', account: 'org_moves', role: 'owner' as const, email: 'owner@moves.test' };
const member = { sub: 'moves_member', account: 'org_moves', role: 'member' as const, email: 'member@moves.test' };

let t: TestApp;
let site: ServedSite;
let siteDir: string;
let smtp: FakeSmtpServer;
let receiver: WebhookReceiver;
let slack: HttpRecorder;
let linear: FakeLinear;
let github: FakeGitHub;
let accountId = '';
let productId = '';

/** Signed at the test clock's now: a token signed before the clock moved on would have expired. */
const headers = (claims: typeof owner | typeof member = owner) => t.authHeaders(claims);
const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: await headers() })).json();
const approve = async (id: string, claims: typeof owner | typeof member = owner) =>
  t.app.inject({ method: 'POST', url: `/api/moves/${id}/approve`, headers: await headers(claims) });

async function runJobs(): Promise<void> {
  // Each pass runs what the one before enqueued (a score's detection and proposal, then their alerts and deliveries).
  for (let pass = 0; pass < 3; pass += 1) await t.services.jobRunner.runDue();
}

/** The browser's trip through Linear's OAuth: our connect answer, the provider's authorize page (auto-approving), our callback. */
async function connectLinear(): Promise<string> {
  const started = await t.app.inject({ method: 'POST', url: '/api/sources/linear/connect', headers: await headers() });
  expect(started.statusCode).toBe(200);
  const approved = await fetch(new URL(started.json().authorizeUrl), { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: await headers() });
  expect(callback.statusCode).toBe(302);
  return new URL(callback.headers.location as string, 'http://app').searchParams.get('connected')!;
}

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'moves-site-'));
  await cp(path.join(SITES_DIR, 'relaymesh-scaleup'), siteDir, { recursive: true });
  site = await serveSite(siteDir);
  smtp = await startFakeSmtpServer();
  receiver = await startWebhookReceiver(clock);
  slack = await startHttpRecorder(() => ({ status: 200, body: 'ok' }));
  linear = await startFakeLinear({ now: () => clock.now().getTime() });
  github = await startFakeGitHub({ now: () => clock.now().getTime() });
  t = await startTestApp({
    clock,
    env: {
      ...sourceEnvironment(github, linear),
      CRAWL_ALLOWLIST: new URL(site.origin).host,
      WEBHOOK_ALLOWLIST: `${receiver.host},${new URL(slack.url).host}`,
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: BASE,
    },
  });
  accountId = await caller(t, owner).accountId();
  // On a paid plan: the week the clock moves would otherwise end the trial in read-only mode.
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  productId = (await t.app.inject({ method: 'POST', url: '/api/products', headers: await headers(), payload: { name: 'Relaymesh', url: site.origin } })).json()
    .id;
  const endpoint = (
    await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: await headers(), payload: { url: receiver.url, events: ['anomaly.detected'] } })
  ).json();
  receiver.setSecrets([endpoint.secret]);
  const slackSet = await t.app.inject({
    method: 'PUT',
    url: '/api/anomalies/slack',
    headers: await headers(),
    payload: { webhookUrl: `${slack.url}/services/T0/B0/movessecret` },
  });
  expect(slackSet.statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await Promise.all([site?.close(), smtp?.close(), receiver?.close(), slack?.close(), linear?.close(), github?.close()]);
  await rm(siteDir, { recursive: true, force: true });
});

describe('the loop, from a lost pricing page to a closed move', () => {
  let pricingLevel = 0;
  let moveId = '';

  it('sets up a product with a goal of level 4 on pricing and packaging, scored, rescored weekly, with its Linear team', async () => {
    // Set before the first score, the goal starts from no level: the site holds level 4 now, and the goal is to keep it there.
    const dueDate = new Date(clock.now().getTime() + 7 * DAY).toISOString().slice(0, 10);
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/goals`,
      headers: await headers(),
      payload: { dimensionId: 'pricing_packaging', targetLevel: 4, dueDate },
    });
    expect(goal.statusCode).toBe(201);
    const scored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers: await headers(), payload: { productId } });
    expect(scored.statusCode).toBe(200);
    await runJobs();
    pricingLevel = scored.json().dimensions.find((dimension: { dimensionId: string }) => dimension.dimensionId === 'pricing_packaging').score;
    expect(pricingLevel).toBe(4);
    // A first score compares with nothing, and meets the goal: nothing to propose.
    expect((await get('/api/moves')).moves).toEqual([]);
    const schedule = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}/schedule`,
      headers: await headers(),
      payload: { cadence: 'weekly' },
    });
    expect(schedule.statusCode).toBe(200);
    const connectionId = await connectLinear();
    const scoped = await t.app.inject({
      method: 'PUT',
      url: `/api/sources/${connectionId}/scopes`,
      headers: await headers(),
      payload: { scopes: [{ productId, resourceId: 'team-eng', resourceName: 'ENG Engineering' }] },
    });
    expect(scoped.statusCode).toBe(200);
  }, 120_000);

  it('notices the lost pricing page on the scheduled score: recorded, mailed, delivered, posted to Slack', async () => {
    await rename(path.join(siteDir, 'pricing.html'), path.join(siteDir, 'pricing.html.gone'));
    clock.advance(7 * DAY + 60_000);
    await runJobs();
    const { anomalies } = await get('/api/anomalies');
    const gone = anomalies.find((anomaly: { kind: string }) => anomaly.kind === 'evidence_page_gone');
    expect(gone).toMatchObject({ subject: '/pricing', productId, state: 'open' });

    const delivered = receiver.deliveries
      .filter((delivery) => delivery.verifiedBy.length > 0)
      .map((delivery) => delivery.verified as { type: string; data: { id: string } });
    expect(delivered.map((event) => event.type)).toEqual(anomalies.map(() => 'anomaly.detected'));
    expect(delivered.map((event) => event.data.id)).toContain(gone.id);

    const mails = await smtp.waitForMessages(1, 20_000);
    const alerts = mails.filter((mail) => mail.parsed.headers.get('x-mail-category') === 'anomaly_alerts');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to).toContain(owner.email);
    expect(alerts[0]!.parsed.text).toContain('/pricing carried evidence for');

    expect(slack.requests).toHaveLength(1);
    expect(JSON.parse(slack.requests[0]!.body).text).toContain('/pricing carried evidence for');
  }, 120_000);

  it('proposes one Linear move for pricing and packaging, from the playbook step up from its level', async () => {
    const { moves } = await get('/api/moves?state=proposed');
    const pricing = moves.filter((move: { dimensionId: string }) => move.dimensionId === 'pricing_packaging');
    expect(pricing).toHaveLength(1);
    const [move] = pricing;
    const fromLevel = move.fromLevel as number;
    expect(fromLevel).toBeLessThan(pricingLevel);
    expect(move).toMatchObject({
      productId,
      kind: 'linear_issue',
      origin: 'goal_at_risk',
      dimensionName: 'Pricing & Packaging',
      targetLevel: fromLevel + 1,
      title: `Pricing & Packaging: from level ${fromLevel} to ${fromLevel + 1}`,
      target: 'ENG Engineering',
      state: 'proposed',
      approvedAt: null,
      link: null,
      dismissal: null,
    });
    expect(move.body).toContain('## First steps');
    expect(move.body).toContain('## Metrics to watch');
    expect(move.body).toContain(`${BASE}/r/${move.resultId}`);
    moveId = move.id;
  });

  it('is refused to a member, approved once by the owner, and a second approval changes nothing', async () => {
    const refused = await approve(moveId, member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const first = await approve(moveId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: moveId, state: 'approved', approvedBy: owner.sub, approvedAt: clock.now().toISOString() });
    clock.advance(1000);
    const second = await approve(moveId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it('dispatches exactly one Linear issue, named by the move, and records its link', async () => {
    await runJobs();
    const issues = linear.createdIssues();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ id: moveId, teamId: 'team-eng', title: expect.stringContaining('Pricing & Packaging: from level') });
    expect(issues[0]!.description).toContain('## First steps');
    const { moves } = await get('/api/moves?state=dispatched');
    expect(moves).toMatchObject([{ id: moveId, state: 'dispatched', link: issues[0]!.url, dispatchedAt: clock.now().toISOString() }]);
    // The product is rescored weekly already: no rescore move is proposed beside it.
    expect((await get('/api/moves')).moves.filter((move: { kind: string }) => move.kind === 'rescore')).toEqual([]);

    // Approved again once dispatched: as it is, and nothing more reaches Linear.
    expect((await approve(moveId)).json()).toMatchObject({ id: moveId, state: 'dispatched' });
    await runJobs();
    expect(linear.createdIssues()).toHaveLength(1);

    const audited = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, accountId), like(auditLog.action, 'move_%')));
    expect(audited).toEqual([
      { action: 'move_approved', actor: owner.sub },
      { action: 'move_dispatched', actor: owner.sub },
    ]);
  }, 120_000);

  it('counts the loop as closed once a rescore shows pricing and packaging risen', async () => {
    await rename(path.join(siteDir, 'pricing.html.gone'), path.join(siteDir, 'pricing.html'));
    clock.advance(60_000);
    const rescored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers: await headers(), payload: { productId } });
    expect(rescored.statusCode).toBe(200);
    await runJobs();
    const figures = await get('/api/intelligence');
    expect(figures).toMatchObject({
      productId: null,
      windowDays: 30,
      movesDispatched: 1,
      loopsClosed: 1,
      dimensionsImproved: 1,
      loopClosureRate: 1,
      movesDismissed: { total: 0 },
    });
    expect(figures.byKind).toContainEqual({ kind: 'linear_issue', dispatched: 1, closed: 1 });
    // Fell, then came back: no points gained over the window, give or take other dimensions' levels.
    expect(typeof figures.pointsPerWeek).toBe('number');
    expect(await get(`/api/intelligence?productId=${productId}`)).toMatchObject({ productId, loopsClosed: 1, loopClosureRate: 1 });
  }, 120_000);
});

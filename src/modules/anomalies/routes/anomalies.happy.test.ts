/**
 * Anomalies over HTTP (issue 28, item 3): a product rescored against a site
 * that lost its pricing page. The anomalies are recorded with their evidence
 * before and after, listed by GET /api/anomalies, sent as `anomaly.detected`
 * (verified with the Standard Webhooks library) and mailed once to the
 * owner (local SMTP, category anomaly_alerts) and posted once to the
 * account's Slack incoming webhook (a local server taking Slack's JSON);
 * acknowledged by PATCH; and resolved by the score that shows the page again.
 */
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { caller } from '../../../../test/onboarding-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { startFakeSmtpServer, type FakeSmtpServer } from '../../../../test/fakes/smtp-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../test/fakes/webhook-receiver.ts';
import { startHttpRecorder, type HttpRecorder } from '../../../../test/fakes/http-recorder.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { billingAccounts } from '../../billing/tables.ts';

const BASE = 'https://maturity.example';
const clock = new ManualClock(FIXTURE_CRAWL_DATE);
const owner = { sub: 'anomaly_owner', account: 'org_anomalies', role: 'owner' as const, email: 'owner@anomalies.test' };
const stranger = { sub: 'anomaly_stranger', account: 'org_elsewhere', role: 'owner' as const, email: 'owner@elsewhere.test' };
let t: TestApp;
let site: ServedSite;
let siteDir: string;
let smtp: FakeSmtpServer;
let receiver: WebhookReceiver;
let slack: HttpRecorder;
let productId = '';

const get = async (url: string, claims = owner) => t.app.inject({ method: 'GET', url, headers: await t.authHeaders(claims) });
/** The product page's "Changes to look at", as text; '' when the page has none. */
async function changesOnProductPage(): Promise<string> {
  const page = await t.app.inject({ method: 'GET', url: `/app/products/${productId}`, cookies: { __session: await t.token(owner) } });
  expect(page.statusCode).toBe(200);
  const start = page.body.indexOf('data-anomalies');
  return start < 0
    ? ''
    : page.body
        .slice(start, page.body.indexOf('</section>', start))
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ');
}
async function rescore(): Promise<string> {
  clock.advance(60_000);
  const scored = await t.app.inject({ method: 'POST', url: '/api/score/product', headers: await t.authHeaders(owner), payload: { productId } });
  expect(scored.statusCode).toBe(200);
  // Detection, then the webhook deliveries and the mail it enqueued.
  for (let i = 0; i < 3; i += 1) await t.services.jobRunner.runDue();
  return scored.json().id;
}

beforeAll(async () => {
  siteDir = await mkdtemp(path.join(os.tmpdir(), 'anomaly-site-'));
  await cp(path.join(SITES_DIR, 'relaymesh-scaleup'), siteDir, { recursive: true });
  site = await serveSite(siteDir);
  smtp = await startFakeSmtpServer();
  receiver = await startWebhookReceiver(clock);
  // Slack answers an incoming-webhook post with 200 and the body "ok".
  slack = await startHttpRecorder(() => ({ status: 200, body: 'ok' }));
  t = await startTestApp({
    clock,
    env: {
      CRAWL_ALLOWLIST: new URL(site.origin).host,
      WEBHOOK_ALLOWLIST: `${receiver.host},${new URL(slack.url).host}`,
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: BASE,
    },
  });
  const accountId = await caller(t, owner).accountId();
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  const headers = await t.authHeaders(owner);
  productId = (await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'Relaymesh', url: site.origin } })).json().id;
  const endpoint = (await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: receiver.url, events: ['anomaly.detected'] } })).json();
  receiver.setSecrets([endpoint.secret]);
}, 120_000);

describe('the Slack address', () => {
  it('is set by an admin, answered masked, and refused for an internal address', async () => {
    const headers = await t.authHeaders(owner);
    expect((await t.app.inject({ method: 'GET', url: '/api/anomalies/slack', headers })).json()).toEqual({
      configured: false,
      webhookUrl: null,
      updatedAt: null,
    });
    const internal = await t.app.inject({
      method: 'PUT',
      url: '/api/anomalies/slack',
      headers,
      payload: { webhookUrl: 'https://10.0.0.7/services/T0/B0/secret' },
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json()).toMatchObject({ code: 'INVALID_URL' });
    const set = await t.app.inject({ method: 'PUT', url: '/api/anomalies/slack', headers, payload: { webhookUrl: `${slack.url}/services/T0/B0/XYZsecret` } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ configured: true, webhookUrl: `${new URL(slack.url).origin}/…cret`, updatedAt: clock.now().toISOString() });
    expect(JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/anomalies/slack', headers })).json())).not.toContain('XYZsecret');
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([site?.close(), smtp?.close(), receiver?.close(), slack?.close()]);
  await rm(siteDir, { recursive: true, force: true });
});

describe('anomalies', () => {
  let lostPricing = '';

  it('finds none on a first score, nor on a rescore of the same site', async () => {
    await rescore();
    await rescore();
    expect((await get('/api/anomalies')).json()).toEqual({ anomalies: [], nextCursor: null });
    expect(receiver.deliveries).toEqual([]);
  }, 120_000);

  it('records a gone pricing page and what it carried, sends each as anomaly.detected, and mails the owner once', async () => {
    await rename(path.join(siteDir, 'pricing.html'), path.join(siteDir, 'pricing.html.gone'));
    lostPricing = await rescore();

    const listed = (await get('/api/anomalies')).json();
    const gone = listed.anomalies.find((anomaly: { kind: string }) => anomaly.kind === 'evidence_page_gone');
    expect(gone).toMatchObject({ subject: '/pricing', state: 'open', productId, resultId: lostPricing, link: `${BASE}/r/${lostPricing}` });
    expect(gone.before.evidence).toBe(`${site.origin}/pricing`);
    expect(gone.dimensionIds).toContain('pricing_packaging');
    const pricingDown = listed.anomalies.find(
      (anomaly: { kind: string; subject: string }) => anomaly.kind === 'dimension_down' && anomaly.subject === 'pricing_packaging',
    );
    expect(pricingDown.before.value).toBeGreaterThan(pricingDown.after.value);
    expect(pricingDown.before.evidence).toContain('/pricing)');
    // The page carried a level that fell: high.
    expect(gone.severity).toBe('high');

    const sent = receiver.deliveries
      .filter((delivery) => delivery.verifiedBy.length > 0)
      .map((delivery) => delivery.verified as { type: string; data: { id: string } });
    expect(sent.map((event) => event.type)).toEqual(listed.anomalies.map(() => 'anomaly.detected'));
    expect(sent.map((event) => event.data.id).sort()).toEqual(listed.anomalies.map((anomaly: { id: string }) => anomaly.id).sort());
    expect(sent.find((event) => event.data.id === gone.id)!.data).toEqual(gone);

    const [mail] = await smtp.waitForMessages(1, 20_000);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.to).toContain(owner.email);
    expect(mail!.parsed.headers.get('x-mail-category')).toBe('anomaly_alerts');
    expect(mail!.parsed.text).toContain('/pricing carried evidence for');
    expect(mail!.parsed.text).toContain(`${BASE}/app/products/${productId}`);

    expect(slack.requests).toHaveLength(1);
    expect(slack.requests[0]!.headers['content-type']).toBe('application/json');
    const { text } = JSON.parse(slack.requests[0]!.body);
    expect(text).toContain(`New anomalies (<${BASE}/r/${lostPricing}|the result>):`);
    expect(text).toContain('/pricing carried evidence for');

    const shown = await changesOnProductPage();
    expect(shown).toContain('Changes to look at');
    expect(shown).toContain('High: /pricing carried evidence for');
    expect(shown).toContain(`Before: ${site.origin}/pricing`);
  }, 120_000);

  it('records nothing twice when detection runs again for the same score', async () => {
    const before = (await get('/api/anomalies')).json().anomalies.length;
    expect(await t.services.anomalies.detect(await caller(t, owner).accountId(), lostPricing)).toBe(0);
    expect((await get('/api/anomalies')).json().anomalies).toHaveLength(before);
  });

  it('is acknowledged by a member of its account only', async () => {
    const [first] = (await get('/api/anomalies?state=open')).json().anomalies;
    const elsewhere = await t.app.inject({
      method: 'PATCH',
      url: `/api/anomalies/${first.id}`,
      headers: await t.authHeaders(stranger),
      payload: { state: 'acknowledged' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await get('/api/anomalies', stranger)).json().anomalies).toEqual([]);
    const acknowledged = await t.app.inject({
      method: 'PATCH',
      url: `/api/anomalies/${first.id}`,
      headers: await t.authHeaders(owner),
      payload: { state: 'acknowledged' },
    });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json()).toMatchObject({ id: first.id, state: 'acknowledged', stateChangedAt: clock.now().toISOString() });
    const wrong = await t.app.inject({ method: 'PATCH', url: `/api/anomalies/${first.id}`, headers: await t.authHeaders(owner), payload: { state: 'open' } });
    expect(wrong.statusCode).toBe(400);
  });

  it('is resolved by the score that shows the page again, and finds nothing new in it', async () => {
    await rename(path.join(siteDir, 'pricing.html.gone'), path.join(siteDir, 'pricing.html'));
    const deliveries = receiver.deliveries.length;
    await rescore();
    const all = (await get('/api/anomalies')).json().anomalies;
    expect(all.every((anomaly: { state: string }) => anomaly.state === 'resolved')).toBe(true);
    expect(all.every((anomaly: { resultId: string }) => anomaly.resultId === lostPricing)).toBe(true);
    expect(receiver.deliveries).toHaveLength(deliveries);
    expect(slack.requests).toHaveLength(1);
    expect((await get('/api/anomalies?state=open')).json().anomalies).toEqual([]);
    expect(await changesOnProductPage()).toBe('');
  }, 120_000);
});

describe('a measured signal outside its usual band', () => {
  const push = async (values: { value: number; observedAt: string }[]) => {
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/signals',
      headers: await t.authHeaders(owner),
      payload: { signals: values.map((entry) => ({ type: 'github.pr_cycle_time_hours', productId, ...entry })) },
    });
    expect(pushed.statusCode).toBe(201);
    for (let i = 0; i < 3; i += 1) await t.services.jobRunner.runDue();
    return pushed.json();
  };
  const signalAnomalies = async () =>
    (await get(`/api/anomalies?productId=${productId}`)).json().anomalies.filter((anomaly: { kind: string }) => anomaly.kind === 'signal_out_of_band');

  it('is not read in ordinary variation, nor before there is a history to read it against', async () => {
    const weekly = [18, 20, 17, 22, 19, 21, 18, 24];
    await push(weekly.map((value, week) => ({ value, observedAt: new Date(Date.UTC(2026, 8, 1 + 7 * week)).toISOString() })));
    expect(await signalAnomalies()).toEqual([]);
  }, 60_000);

  it('is recorded with its band and the value, sent as anomaly.detected, mailed and posted to Slack', async () => {
    const mails = smtp.received.length;
    const deliveries = receiver.deliveries.length;
    const pushed = await push([{ value: 60, observedAt: '2026-11-01T00:00:00.000Z' }]);
    const [anomaly, ...rest] = await signalAnomalies();
    expect(rest).toEqual([]);
    expect(anomaly).toMatchObject({
      signalId: pushed.signals[0].id,
      subject: 'github.pr_cycle_time_hours',
      severity: 'high',
      state: 'open',
      summary: 'median PR cycle time was 60 hours, outside its usual band around 19.5 hours.',
      dimensionIds: ['delivery_velocity'],
      resultId: null,
      previousResultId: null,
      link: null,
      before: { resultId: null, value: 19.5, scoredAt: '2026-10-20T00:00:00.000Z' },
      after: { resultId: null, value: 60, scoredAt: '2026-11-01T00:00:00.000Z', evidence: '60 hours observed 2026-11-01 (push)' },
    });
    expect(anomaly.before.evidence).toBe('median 19.5 hours, median absolute deviation 1.5, over the 8 values from 2026-09-01 to 2026-10-20');
    const sent = receiver.deliveries.slice(deliveries).map((delivery) => delivery.verified as { type: string; data: unknown });
    expect(sent).toEqual([expect.objectContaining({ type: 'anomaly.detected', data: anomaly })]);
    await smtp.waitForMessages(mails + 1, 20_000);
    expect(smtp.received.at(-1)!.parsed.text).toContain('median PR cycle time was 60 hours');
    expect(slack.requests).toHaveLength(2);
    expect(JSON.parse(slack.requests[1]!.body).text).toBe(
      'New anomalies:\n• *High*: median PR cycle time was 60 hours, outside its usual band around 19.5 hours.',
    );
  }, 60_000);
});

/**
 * The Changes page's buttons refuse what the API refuses: another account's
 * anomaly is the 404 page, nothing changed; an account the trial left
 * read-only gets the page again (403) in the words of PATCH
 * /api/anomalies/<id>, under the banner that says what lifts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { anomalies } from '../../../modules/anomalies/tables.ts';
import { caller, DAY } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
const member = { sub: 'changes_read_only' };
const stranger = { sub: 'changes_stranger' };
const CSRF = 'c'.repeat(43);
let t: TestApp;
let anomalyId = '';

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
const post = async (claims: { sub: string }, url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies: { __session: await t.token(claims), __csrf: CSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: CSRF, ...fields }).toString(),
  });
const stateOf = async () => (await t.app.inject({ method: 'GET', url: '/api/anomalies', headers: await t.authHeaders(member) })).json().anomalies[0].state;

beforeAll(async () => {
  t = await startTestApp({ clock });
  const accountId = await caller(t, member).accountId();
  const [row] = await t.database.db
    .insert(anomalies)
    .values({
      accountId,
      kind: 'total_down',
      subject: 'total',
      severity: 'medium',
      summary: 'The total fell by 4 points.',
      dimensionIds: [],
      before: { resultId: null, scoredAt: '2026-11-01T00:00:00.000Z', value: 40, evidence: '40 of 60' },
      after: { resultId: null, scoredAt: '2026-11-20T00:00:00.000Z', value: 36, evidence: '36 of 60' },
      detectedAt: clock.now(),
      detectionKey: 'test total',
    })
    .returning({ id: anomalies.id });
  anomalyId = row!.id;
});
afterAll(async () => {
  await t?.close();
});

describe("the Changes page's buttons, refused", () => {
  it("answers another account's anomaly, or an id that is none, with the 404 page, nothing changed", async () => {
    expect((await post(stranger, `/app/anomalies/${anomalyId}/state`, { state: 'resolved' })).statusCode).toBe(404);
    expect((await post(member, '/app/anomalies/not-an-id/state', { state: 'resolved' })).statusCode).toBe(404);
    expect(await stateOf()).toBe('open');
  });

  it("refuses a read-only account in the words of the API, under the page's banner on what lifts it", async () => {
    // Day 15 of the trial, onboarding incomplete: read-only.
    clock.advance(15 * DAY);
    const api = await t.app.inject({
      method: 'PATCH',
      url: `/api/anomalies/${anomalyId}`,
      headers: await t.authHeaders(member),
      payload: { state: 'resolved' },
    });
    expect(api.statusCode).toBe(403);
    const refused = await post(member, `/app/anomalies/${anomalyId}/state`, { state: 'resolved' });
    expect(refused.statusCode).toBe(403);
    const text = textOf(refused.body);
    expect(text).toContain(api.json().message);
    expect(text).toContain('This account is read-only The trial');
    expect(await stateOf()).toBe('open');
  });
});

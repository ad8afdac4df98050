/**
 * The Changes page without a browser (issue 28, item 6): the account's
 * anomalies newest first, the unresolved ones unless a state is picked,
 * each with its product, a page at a time; an anomaly's Acknowledge and
 * Resolve buttons post with the CSRF token, change its state as PATCH
 * /api/anomalies/<id> does and come back to the list with the word of what
 * was done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { anomalies } from '../../../modules/anomalies/tables.ts';
import type { AnomalyState } from '../../../modules/anomalies/tables.ts';
import { caller } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
const member = { sub: 'changes_member', account: 'org_changes', role: 'member' as const };
const CSRF = 'c'.repeat(43);
let t: TestApp;
let accountId = '';
let productId = '';

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
const page = async (url: string) => t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(member) } });
const post = async (url: string, fields: Record<string, string>, csrf = CSRF) =>
  t.app.inject({
    method: 'POST',
    url,
    cookies: { __session: await t.token(member), __csrf: CSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
const stateOf = async (id: string) => {
  const listed = await t.app.inject({ method: 'GET', url: '/api/anomalies', headers: await t.authHeaders(member) });
  return (listed.json().anomalies as { id: string; state: AnomalyState }[]).find((anomaly) => anomaly.id === id)?.state;
};

/** An anomaly of the product as detection records it, `minutesAgo` before now. */
async function recordAnomaly(summary: string, minutesAgo: number, state: AnomalyState = 'open'): Promise<string> {
  const [row] = await t.database.db
    .insert(anomalies)
    .values({
      accountId,
      productId,
      kind: 'dimension_down',
      subject: 'pricing_packaging',
      severity: 'high',
      state,
      summary,
      dimensionIds: ['pricing_packaging'],
      before: { resultId: null, scoredAt: '2026-11-01T00:00:00.000Z', value: 3, evidence: 'Three plans on /pricing' },
      after: { resultId: null, scoredAt: '2026-11-20T00:00:00.000Z', value: 2, evidence: 'No pricing page found' },
      detectedAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
      detectionKey: `test ${summary}`,
    })
    .returning({ id: anomalies.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  accountId = await caller(t, member).accountId();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await t.authHeaders(member),
    payload: { name: 'Relaymesh', url: 'https://relaymesh.example' },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('the Changes page', () => {
  let older = '';
  let newer = '';
  let resolved = '';

  it('lists the unresolved changes newest first, each with its product, evidence and state; a state picked lists only those', async () => {
    older = await recordAnomaly('Pricing fell from level 3 to 2.', 30);
    newer = await recordAnomaly('The total fell by 5 points.', 10, 'acknowledged');
    resolved = await recordAnomaly('The changelog page is gone.', 20, 'resolved');
    const listed = await page('/app/anomalies');
    expect(listed.statusCode).toBe(200);
    const text = textOf(listed.body);
    expect(text).toContain('Relaymesh Acknowledged High: The total fell by 5 points.');
    expect(text).toContain('Relaymesh Open High: Pricing fell from level 3 to 2.');
    expect(text.indexOf('The total fell')).toBeLessThan(text.indexOf('Pricing fell'));
    expect(text).toContain('Before: Three plans on /pricing');
    expect(text).toContain('Now: No pricing page found');
    expect(text).not.toContain('The changelog page is gone.');
    expect(listed.body).toContain(`href="/app/products/${productId}"`);
    expect(listed.body).toMatch(/<a href="\/app\/anomalies" aria-current="page">To look at<\/a>/);
    // Open: both buttons; acknowledged: Resolve only.
    expect(listed.body.match(/>Acknowledge</g)).toHaveLength(1);
    expect(listed.body.match(/>Resolve</g)).toHaveLength(2);

    const onlyResolved = await page('/app/anomalies?state=resolved');
    expect(textOf(onlyResolved.body)).toContain('Relaymesh Resolved High: The changelog page is gone.');
    expect(textOf(onlyResolved.body)).not.toContain('Pricing fell');
    expect(onlyResolved.body).toMatch(/<a href="\/app\/anomalies\?state=resolved" aria-current="page">Resolved<\/a>/);
    expect(onlyResolved.body).not.toContain('>Resolve<');
    expect((await page('/app/anomalies?state=everything')).statusCode).toBe(404);
  });

  it('acknowledges and resolves with the buttons, back on the list the reader was on with what was done', async () => {
    const acknowledged = await post(`/app/anomalies/${older}/state`, { state: 'acknowledged', view: 'open' });
    expect(acknowledged.statusCode).toBe(303);
    expect(acknowledged.headers.location).toBe('/app/anomalies?state=open&done=acknowledged');
    expect(await stateOf(older)).toBe('acknowledged');
    const after = textOf((await page(acknowledged.headers.location!)).body);
    expect(after).toContain('Acknowledged: the change stays under "To look at" until it is resolved.');
    expect(after).toContain('No open change.');

    const done = await post(`/app/anomalies/${newer}/state`, { state: 'resolved', view: 'unresolved' });
    expect(done.headers.location).toBe('/app/anomalies?done=resolved');
    expect(await stateOf(newer)).toBe('resolved');
    expect(textOf((await page('/app/anomalies?state=resolved')).body)).toContain('The total fell by 5 points.');
  });

  it('refuses a post without the form token, or with a state it does not know, changing nothing', async () => {
    const expired = await post(`/app/anomalies/${older}/state`, { state: 'resolved' }, 'd'.repeat(43));
    expect(expired.statusCode).toBe(403);
    expect(textOf(expired.body)).toContain('The form expired. Nothing was changed: try again.');
    const reopened = await post(`/app/anomalies/${older}/state`, { state: 'open' });
    expect(reopened.statusCode).toBe(400);
    expect(textOf(reopened.body)).toContain('Choose Acknowledge or Resolve.');
    expect(await stateOf(older)).toBe('acknowledged');
    expect(await stateOf(resolved)).toBe('resolved');
  });

  it('leads to older changes a page at a time, and back to the newest', async () => {
    for (let i = 0; i < 20; i += 1) await recordAnomaly(`Signal ${i} out of its band.`, 40 + i);
    const first = await page('/app/anomalies');
    const older = /<a href="(\/app\/anomalies\?cursor=[0-9a-f-]+)" rel="next">Older changes<\/a>/.exec(first.body);
    expect(older).not.toBeNull();
    expect(textOf(first.body)).toContain('Signal 18 out of its band.');
    expect(textOf(first.body)).not.toContain('Signal 19 out of its band.');
    const second = await page(older![1]!.replace(/&amp;/g, '&'));
    expect(second.statusCode).toBe(200);
    expect(textOf(second.body)).toContain('Signal 19 out of its band.');
    expect(second.body).toContain('<a href="/app/anomalies">Newest changes</a>');
    expect(second.body).not.toContain('Older changes');
  });
});

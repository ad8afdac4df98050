/**
 * GET and PUT /api/account/email-preferences: the signed-in person's own
 * preference record, by their identity's address, with no token. It is the
 * same record a mail's token reads and changes, and the send-time check
 * honours what was set here.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ALL_SUBSCRIBED = {
  product_updates: true,
  ritual_emails: true,
  score_decay_reminders: true,
  peer_benchmark_updates: true,
  weekly_digest: true,
  anomaly_alerts: true,
};
const TRANSACTIONAL = ['account', 'billing', 'security'];

async function own(
  method: 'GET' | 'PUT',
  claims: { sub: string; email?: string; account?: string; role?: 'owner' | 'admin' | 'member' },
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url: '/api/account/email-preferences', headers: await t.authHeaders(claims), ...(payload ? { payload } : {}) });
}

const recipients = async (email: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM email_recipients WHERE email = ${email}`))[0]!.n;

describe('GET /api/account/email-preferences', () => {
  it('answers every category subscribed for an address never mailed, and creates no record by reading', async () => {
    const response = await own('GET', { sub: 'own_reader', email: 'Own.Reader@Example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ email: 'own.reader@example.com', subscriptions: ALL_SUBSCRIBED, transactional: TRANSACTIONAL });
    expect(await recipients('own.reader@example.com')).toBe(0);
  });
});

describe('PUT /api/account/email-preferences', () => {
  it("sets the caller's own subscriptions, idempotently, and a later read shows them", async () => {
    const claims = { sub: 'own_setter', email: 'setter@example.com' };
    const expected = {
      email: 'setter@example.com',
      subscriptions: { ...ALL_SUBSCRIBED, weekly_digest: false, product_updates: false },
      transactional: TRANSACTIONAL,
    };
    const first = await own('PUT', claims, { subscriptions: { weekly_digest: false, product_updates: false, ritual_emails: true } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(expected);
    expect((await own('PUT', claims, { subscriptions: { weekly_digest: false, product_updates: false } })).json()).toEqual(expected);
    expect((await own('GET', claims)).json()).toEqual(expected);
    // Back in, one category; the others keep their state.
    const back = await own('PUT', claims, { subscriptions: { product_updates: true } });
    expect(back.json().subscriptions).toEqual({ ...ALL_SUBSCRIBED, weekly_digest: false });
  });

  it("is the same record a mail's token reads, and the send-time check honours it", async () => {
    const claims = { sub: 'own_mailed', email: 'mailed@example.com', account: 'org_own_mailed', role: 'member' as const };
    const token = await t.services.emailPreferences.tokenFor(t.database.db, 'MAILED@example.com');
    await own('PUT', claims, { subscriptions: { weekly_digest: false } });
    const byToken = await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(byToken.json().subscriptions).toEqual({ ...ALL_SUBSCRIBED, weekly_digest: false });
    const mail = { to: 'mailed@example.com', subject: 'Your week', text: 'text', html: '<p>html</p>' };
    expect(await t.services.emailPreferences.prepare(t.database.db, { ...mail, category: 'weekly_digest' })).toBeNull();
    expect(await t.services.emailPreferences.prepare(t.database.db, { ...mail, category: 'product_updates' })).not.toBeNull();
    // A change through the token shows in the signed-in view too.
    await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token, categories: ['ritual_emails'] } });
    expect((await own('GET', claims)).json().subscriptions).toEqual({ ...ALL_SUBSCRIBED, weekly_digest: false, ritual_emails: false });
  });
});

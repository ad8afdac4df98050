/**
 * The unsubscribe endpoints as a mail's recipient uses them (spec part 4 and
 * RFC 8058): read the state, opt out (idempotently), opt back in, and the
 * one-click POST a mailbox provider makes without any cookie.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-03-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
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

const tokenFor = (email: string) => t.services.emailPreferences.tokenFor(t.database.db, email);
const read = (token: string) => t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload });

describe('GET /api/unsubscribe', () => {
  it('answers the address and every category subscribed for a new recipient', async () => {
    const token = await tokenFor('Reader@Example.com');
    const response = await read(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ email: 'reader@example.com', subscriptions: ALL_SUBSCRIBED, transactional: TRANSACTIONAL });
  });
});

describe('POST /api/unsubscribe', () => {
  it('opts out of the listed categories, answers the new state, and a repeat changes nothing', async () => {
    const token = await tokenFor('lister@example.com');
    const expected = {
      email: 'lister@example.com',
      subscriptions: { ...ALL_SUBSCRIBED, weekly_digest: false, ritual_emails: false },
      transactional: TRANSACTIONAL,
    };
    const first = await post({ token, categories: ['weekly_digest', 'ritual_emails'] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(expected);
    const again = await post({ token, categories: ['weekly_digest', 'ritual_emails'] });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(expected);
    expect((await read(token)).json()).toEqual(expected);
  });

  it('opts out of every marketing category with all: true, and back into one with subscribe', async () => {
    const token = await tokenFor('all@example.com');
    const none = Object.fromEntries(Object.keys(ALL_SUBSCRIBED).map((category) => [category, false]));
    const all = await post({ token, all: true });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ email: 'all@example.com', subscriptions: none, transactional: TRANSACTIONAL });
    const back = await post({ token, subscribe: ['product_updates'] });
    expect(back.json().subscriptions).toEqual({ ...none, product_updates: true });
  });

  it('answers the unchanged state to a token alone', async () => {
    const token = await tokenFor('nothing@example.com');
    const response = await post({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json().subscriptions).toEqual(ALL_SUBSCRIBED);
  });

  it("any of the recipient's tokens changes the one record: a person in two organisations is one recipient", async () => {
    const first = await tokenFor('two.orgs@example.com');
    const second = await tokenFor('two.orgs@example.com');
    await post({ token: first, categories: ['product_updates'] });
    expect((await read(second)).json().subscriptions.product_updates).toBe(false);
  });
});

describe('RFC 8058 one-click', () => {
  it('a cookieless form POST of List-Unsubscribe=One-Click to the List-Unsubscribe address opts out of that category', async () => {
    const prepared = (await t.services.emailPreferences.prepare(t.database.db, {
      to: 'one.click@example.com',
      subject: 'Digest',
      text: 'Hi',
      html: '<p>Hi</p>',
      category: 'weekly_digest',
    }))!;
    const address = /^<(.+)>$/.exec(prepared.headers!['List-Unsubscribe']!)![1]!;
    const url = new URL(address);
    expect(url.origin).toBe(new URL(t.config.publicBaseUrl).origin);
    expect(prepared.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const response = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      email: 'one.click@example.com',
      subscriptions: { ...ALL_SUBSCRIBED, weekly_digest: false },
      transactional: TRANSACTIONAL,
    });
    // The next digest is withheld; other categories still go.
    const next = { to: 'one.click@example.com', subject: 'Digest', text: 'Hi', html: '<p>Hi</p>' };
    expect(await t.services.emailPreferences.prepare(t.database.db, { ...next, category: 'weekly_digest' })).toBeNull();
    expect(await t.services.emailPreferences.prepare(t.database.db, { ...next, category: 'product_updates' })).not.toBeNull();
  });

  it('a GET of the same address changes nothing and sends the browser to the preference page', async () => {
    const token = await tokenFor('scanner@example.com');
    const response = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/one-click?token=${token}&category=weekly_digest` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect((await read(token)).json().subscriptions).toEqual(ALL_SUBSCRIBED);
  });
});

/**
 * The preference page a mail's footer links to: it shows the address and
 * each category's state, and changes state only by its buttons (a form post
 * with the page's CSRF token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { OPT_OUT_CATEGORIES } from '../../vocabulary/mail-categories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenFor = (email: string) => t.services.emailPreferences.tokenFor(t.database.db, email);
const stateOf = async (token: string) => (await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).json().subscriptions;

/** The page, the CSRF cookie it set and the token its forms repeat. */
async function openPage(token: string) {
  const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
  const cookie = page.cookies.find((c) => c.name === '__csrf')!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return { page, cookie: `__csrf=${cookie.value}`, csrf };
}

function press(fields: Record<string, string>, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/unsubscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('GET /unsubscribe', () => {
  it('shows the address and every category with its state and a button, and changes nothing', async () => {
    const token = await tokenFor('page.reader@example.com');
    const { page } = await openPage(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('page.reader@example.com');
    for (const label of ['Product updates', 'Ritual emails', 'Score decay reminders', 'Peer benchmark updates', 'Weekly digest', 'Anomaly alerts'])
      expect(page.body).toContain(label);
    expect(page.body.match(/<button type="submit"[^>]*>Unsubscribe<\/button>/g)).toHaveLength(OPT_OUT_CATEGORIES.length);
    expect(page.body).toContain('noindex');
    expect(Object.values(await stateOf(token))).toEqual(OPT_OUT_CATEGORIES.map(() => true));
  });

  it('shows a plain "no longer valid" page with 404 for a token that does not work, or none', async () => {
    for (const url of ['/unsubscribe?token=nope', '/unsubscribe']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('This link is no longer valid');
    }
  });
});

describe('POST /unsubscribe (the buttons)', () => {
  it('unsubscribes from one category, subscribes again, and unsubscribes from all', async () => {
    const token = await tokenFor('buttons@example.com');
    const { cookie, csrf } = await openPage(token);

    const off = await press({ token, csrf, change: 'opt_out', category: 'weekly_digest' }, cookie);
    expect(off.statusCode).toBe(200);
    expect(off.body).toContain('You will no longer get weekly digest.');
    expect(off.body).toMatch(/data-category="weekly_digest"><th scope="row">Weekly digest<\/th><td>Unsubscribed<\/td>/);
    expect((await stateOf(token)).weekly_digest).toBe(false);

    const on = await press({ token, csrf, change: 'opt_in', category: 'weekly_digest' }, cookie);
    expect(on.body).toContain('You will get weekly digest again.');
    expect((await stateOf(token)).weekly_digest).toBe(true);

    const all = await press({ token, csrf, change: 'opt_out_all' }, cookie);
    expect(all.statusCode).toBe(200);
    expect(Object.values(await stateOf(token))).toEqual(OPT_OUT_CATEGORIES.map(() => false));
  });

  it('changes nothing without the CSRF token of the page (403), or with a button that is not ours (400)', async () => {
    const token = await tokenFor('forged@example.com');
    const { cookie, csrf } = await openPage(token);
    const forged = await press({ token, change: 'opt_out_all' });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('The page expired');
    const mismatched = await press({ token, csrf: 'x'.repeat(43), change: 'opt_out_all' }, cookie);
    expect(mismatched.statusCode).toBe(403);
    const transactional = await press({ token, csrf, change: 'opt_out', category: 'billing' }, cookie);
    expect(transactional.statusCode).toBe(400);
    expect(Object.values(await stateOf(token))).toEqual(OPT_OUT_CATEGORIES.map(() => true));
  });

  it('answers an invalid token with the "no longer valid" page', async () => {
    const { cookie, csrf } = await openPage(await tokenFor('valid@example.com'));
    const response = await press({ token: 'A'.repeat(43), csrf, change: 'opt_out_all' }, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('This link is no longer valid');
  });
});

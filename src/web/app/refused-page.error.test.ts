/**
 * A valid sign-in that its account turns away (a member of a Free
 * organisation, whose one seat the owner holds) gets a page saying why on
 * every app page, not a redirect to sign-in that would only lead back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('an app page for a member without a seat', () => {
  it("answers 402 with the account's reason and a way out, and the API refuses the same session alike", async () => {
    await accountIdOf(t, { sub: 'seatless_owner', account: 'org_seatless', role: 'owner' });
    const cookies = { __session: await t.token({ sub: 'seatless_member', account: 'org_seatless', role: 'member' }) };
    const api = await t.app.inject({ method: 'GET', url: '/api/account', cookies });
    expect(api.statusCode).toBe(402);
    const { message, action } = api.json().error;
    for (const url of ['/app', '/app/settings', '/app/coach']) {
      const page = await t.app.inject({ method: 'GET', url, cookies });
      expect(page.statusCode, url).toBe(402);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('You cannot use this account right now');
      expect(page.body).toContain(message);
      expect(page.body).toContain(action);
      expect(page.body).toContain('action="/sign-out"');
    }
  });
});

/** /api/webhooks refusals: internal and non-https addresses, unknown events, other accounts' endpoints, members. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp({
    env: { WEBHOOK_ALLOWLIST: 'allowed.test', CRAWL_ALLOWLIST: 'crawl-only.test' },
    // Every name resolves to the loopback address, as a hostile DNS answer would.
    crawlLookup: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  admin = await t.authHeaders({ sub: 'hook_err_admin', account: 'org_hooks_err', role: 'admin' });
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, headers = admin) => t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload });

describe('webhook endpoint refusals', () => {
  for (const [label, url] of [
    ['a private address', 'https://10.0.0.1/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest'],
    ['loopback', 'https://127.0.0.1/hook'],
    ['localhost', 'https://localhost/hook'],
    ['a name resolving to loopback', 'https://receiver.example.com/hook'],
    ['plain http on a public host', 'http://93.184.215.14/hook'],
    ['another scheme', 'ftp://93.184.215.14/hook'],
    ['credentials in the address', 'https://user:pw@93.184.215.14/hook'],
    ['not an address', 'not a url'],
  ] as const) {
    it(`answers 400 INVALID_URL for ${label}`, async () => {
      const response = await create({ url, events: ['webhook.test'] });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_URL' });
    });
  }

  it('accepts plain http for a host of WEBHOOK_ALLOWLIST', async () => {
    expect((await create({ url: 'http://allowed.test/hook', events: ['webhook.test'] })).statusCode).toBe(201);
  });

  it('refuses a host the crawler may reach but WEBHOOK_ALLOWLIST does not name (issue 24)', async () => {
    for (const url of ['http://crawl-only.test/hook', 'https://crawl-only.test/hook']) {
      const response = await create({ url, events: ['webhook.test'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_URL' });
    }
  });

  it('refuses an unknown event type and an empty list with 400 INVALID_REQUEST', async () => {
    for (const events of [['score.deleted'], []]) {
      const response = await create({ url: 'https://93.184.215.14/hook', events });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    }
  });

  it("answers 404 for another account's endpoint, on every route", async () => {
    const { id } = (await create({ url: 'https://93.184.215.14/mine', events: ['webhook.test'] })).json();
    const other = await t.authHeaders({ sub: 'hook_err_other', account: 'org_hooks_other', role: 'admin' });
    for (const [method, url] of [
      ['GET', `/api/webhooks/${id}`],
      ['DELETE', `/api/webhooks/${id}`],
      ['POST', `/api/webhooks/${id}/disable`],
      ['POST', `/api/webhooks/${id}/enable`],
      ['POST', `/api/webhooks/${id}/rotate-secret`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: other });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: other })).json()).toEqual({ webhooks: [] });
  });

  it('refuses a member with 403', async () => {
    const member = await t.authHeaders({ sub: 'hook_err_member', account: 'org_hooks_members', role: 'member' });
    expect((await create({ url: 'https://93.184.215.14/hook', events: ['webhook.test'] }, member)).statusCode).toBe(403);
  });
});

/**
 * GET /app, measured signals (issue 27): each product's card names its
 * newest measured signals with where they come from (the figure, its date or
 * period, and the tool), the newest value of each type only; a value pushed
 * for one product stays off another's card, and one account's signals never
 * reach another account's dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Claims = { sub: string; account: string; role: 'owner' };
const owner: Claims = { sub: 'dash_measured_owner', account: 'org_dash_measured', role: 'owner' };
const dashboardText = async (claims: Claims) => {
  const response = await t.app.inject({ method: 'GET', url: '/app', cookies: { __session: await t.token(claims) } });
  expect(response.statusCode).toBe(200);
  return response.body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');
};
const cardOf = (text: string, name: string, next: string | null) =>
  text.slice(text.indexOf(`${name} `), next ? text.indexOf(`${next} `, text.indexOf(`${name} `) + name.length) : undefined);

async function product(accountId: string, name: string): Promise<string> {
  const created = await t.services.products.create(accountId, { name, url: `https://${name.toLowerCase()}.example/` }, async () => null);
  if (!created.ok) throw new Error('product not created');
  return created.product.id;
}

describe('GET /app, measured signals', () => {
  it('shows each product its newest measured signals with their provenance, and nothing of another product or account', async () => {
    const headers = await t.authHeaders(owner);
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    const acme = await product(accountId, 'Acme');
    const beta = await product(accountId, 'Beta');
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/signals',
      headers,
      payload: {
        signals: [
          { type: 'github.pr_cycle_time_hours', value: 30, observedAt: '2026-11-10T12:00:00Z', productId: acme },
          { type: 'github.pr_cycle_time_hours', value: 18, observedAt: '2026-11-20T12:00:00Z', productId: acme },
          { type: 'linear.bug_share_percent', value: 12.5, observedAt: '2026-11-21T12:00:00Z', productId: beta },
        ],
      },
    });
    expect(pushed.statusCode).toBe(201);

    const text = await dashboardText(owner);
    const acmeCard = cardOf(text, 'Acme', 'Beta');
    expect(acmeCard).toContain('Measured in your tools');
    expect(acmeCard).toContain('median PR cycle time 18 h, reported 2026-11-20 · pushed');
    expect(acmeCard).not.toContain('30 h');
    expect(acmeCard).not.toContain('bug work');
    expect(cardOf(text, 'Beta', null)).toContain('bug work 12.5%, reported 2026-11-21 · pushed');

    const stranger = { sub: 'dash_measured_stranger', account: 'org_dash_stranger', role: 'owner' as const };
    const strangerHeaders = await t.authHeaders(stranger);
    await product((await t.app.inject({ method: 'GET', url: '/api/account', headers: strangerHeaders })).json().id, 'Gamma');
    const theirs = await dashboardText(stranger);
    expect(theirs).toContain('Gamma');
    expect(theirs).not.toContain('Measured in your tools');
  });
});

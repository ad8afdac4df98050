/** GET /app/settings/billing: the plan, its renewal or trial, what it includes, and the buttons each role may use. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, buyPack, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Claims = { sub: string; account?: string; role?: 'owner' | 'admin' | 'member' };
const visit = async (claims: Claims) => t.app.inject({ method: 'GET', url: '/app/settings/billing', cookies: { __session: await t.token(claims) } });
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('GET /app/settings/billing', () => {
  it('sends a visitor without a session to sign in, coming back here', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/settings/billing' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?next=%2Fapp%2Fsettings%2Fbilling');
  });

  it("shows Free with the trial's days, the plans above it, and no portal before anything was bought", async () => {
    const response = await visit({ sub: 'bp_free' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = text(response.body);
    expect(page).toContain('Free plan');
    expect(page).toContain('Your 30-day trial has 30 days left');
    expect(page).toContain('Scores 3 a month');
    expect([...response.body.matchAll(/name="plan" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['pro', 'business', 'enterprise']);
    expect(response.body).not.toContain('name="pack"');
    expect(response.body).not.toContain('data-billing-portal');
    expect(page).toContain('The billing portal opens once the account has bought a plan or a score pack.');
    // The price of each plan above, and what the credits buy.
    for (const price of ['$49 a month', '$149 a month', '$499 a month']) expect(page).toContain(price);
    expect(page).toContain('80 credits a month cover all 3 scores (30 credits) and all 30 coach messages (30 credits).');
    expect(page).toContain('What a credit buys');
  });

  it('shows a paid plan with its renewal, the packs, the balance and the portal button to an admin', async () => {
    const claims = { sub: 'bp_admin', account: 'org_bp_paid', role: 'admin' as const };
    const accountId = await accountIdOf(t, claims);
    await subscribe(t, accountId, 'business');
    await buyPack(t, accountId, 'medium');
    const response = await visit(claims);
    const page = text(response.body);
    expect(page).toContain('Business plan');
    expect(page).toMatch(/\$149 a month, billed monthly\. Renews on \d{1,2} \w+ \d{4} ?\./);
    expect(page).toContain('$29 once · $1.45 a score');
    expect(response.body).toContain('data-pack-balance="50"');
    expect([...response.body.matchAll(/name="plan" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['enterprise']);
    expect([...response.body.matchAll(/name="pack" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['small', 'medium', 'large']);
    expect(response.body).toContain('data-billing-portal');
  });

  it('shows a member the plan with no buy or portal buttons', async () => {
    // On Pro: Free's one seat is the owner's, and a member without a seat is not let in.
    await subscribe(t, await accountIdOf(t, { sub: 'bp_owner', account: 'org_bp_member', role: 'owner' }), 'pro');
    const response = await visit({ sub: 'bp_member', account: 'org_bp_member', role: 'member' });
    expect(response.statusCode).toBe(200);
    const page = text(response.body);
    expect(page).toContain('Pro plan');
    expect(page).toContain('An owner or admin of your account can upgrade.');
    expect(page).toContain('An owner or admin of your account can buy one.');
    expect(page).toContain('An owner or admin of the account manages billing');
    expect(response.body).not.toContain('data-checkout');
    expect(response.body).not.toContain('data-billing-portal');
  });
});

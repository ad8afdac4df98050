/** GET /pricing: every plan from vocabulary/plans.ts with its numbers, and what each viewer may do. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { PLAN_LIMITS, PLAN_NAMES, PLANS, SCORE_PACKS } from '../../vocabulary/plans.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The text of one plan's card. */
function planCard(body: string, plan: string): string {
  const start = body.indexOf(`aria-labelledby="plan-${plan}"`);
  expect(start, plan).toBeGreaterThan(-1);
  const end = body.indexOf('</section>', start);
  return body.slice(start, end).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

describe('GET /pricing', () => {
  it('shows every plan with the limits the service enforces, and every score pack', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const plan of PLANS) {
      const card = planCard(page.body, plan);
      const limits = PLAN_LIMITS[plan];
      expect(card).toContain(PLAN_NAMES[plan]);
      for (const value of [limits.scores, limits.chatMessages, limits.monthlyCredits, limits.products]) {
        expect(card).toContain(value === null ? 'Unlimited' : value.toLocaleString('en-US'));
      }
      expect(card).toContain(limits.seats === null ? 'Custom' : `Seats ${limits.seats}`);
      expect(card).toContain(limits.apiCalls === 0 ? 'API access No' : `${limits.apiCalls!.toLocaleString('en-US')} calls a month`);
    }
    for (const size of Object.values(SCORE_PACKS)) expect(page.body).toContain(`${size} scores`);
  });

  it("sends a visitor's upgrade buttons to sign-in, coming back to /pricing", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    const upgrades = [...page.body.matchAll(/<a class="button" href="([^"]+)">Sign in to upgrade<\/a>/g)].map((m) => m[1]);
    expect(upgrades).toHaveLength(3);
    for (const href of upgrades) expect(href).toBe('/sign-in?next=%2Fpricing');
    expect(page.body).not.toContain('action="/pricing/checkout"');
  });

  it("marks a member's plan and offers only the plans above it, and packs once on a paid plan", async () => {
    const claims = { sub: 'pricing_owner', account: 'org_pricing', role: 'owner' as const };
    const cookies = { __session: await t.token(claims) };
    const free = await t.app.inject({ method: 'GET', url: '/pricing', cookies });
    expect(planCard(free.body, 'free')).toContain('Your plan');
    expect([...free.body.matchAll(/name="plan" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['pro', 'business', 'enterprise']);
    expect(free.body).not.toContain('name="pack"');
    expect(free.headers['cache-control']).toBe('private, no-cache');

    await subscribe(t, await accountIdOf(t, claims), 'business');
    const business = await t.app.inject({ method: 'GET', url: '/pricing', cookies });
    expect(planCard(business.body, 'business')).toContain('Your plan');
    expect(planCard(business.body, 'free')).not.toContain('Your plan');
    expect([...business.body.matchAll(/name="plan" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['enterprise']);
    expect([...business.body.matchAll(/name="pack" value="([a-z]+)"/g)].map((m) => m[1])).toEqual(['small', 'medium', 'large']);
  });

  it('tells a member without billing rights who can upgrade, with no buttons', async () => {
    const cookies = { __session: await t.token({ sub: 'pricing_member', account: 'org_pricing_m', role: 'member' }) };
    const page = await t.app.inject({ method: 'GET', url: '/pricing', cookies });
    expect(page.body).toContain('An owner or admin of your account can upgrade.');
    expect(page.body).not.toContain('action="/pricing/checkout"');
  });

  it('says a cancelled checkout charged nothing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing?checkout=cancelled' });
    expect(page.body).toContain('Checkout cancelled; nothing was charged.');
  });
});

/** GET /pricing: every plan from vocabulary/plans.ts with its numbers, and what each viewer may do. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { accountIdOf, subscribe } from '../../../test/fakes/payment-webhook-client.ts';
import { startFakeStripe } from '../../../test/fakes/stripe-api.ts';
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
  return body
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
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

  it("shows the local provider's prices on every paid plan and pack, and what the credits buy", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(planCard(page.body, 'free')).toContain('$0 for good');
    expect(planCard(page.body, 'pro')).toContain('$49 a month');
    expect(planCard(page.body, 'business')).toContain('$149 a month');
    expect(planCard(page.body, 'enterprise')).toContain('$499 a month');
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('$29 once · $1.45 a score');
    expect(text).toContain('$59 once · $1.18 a score');
    expect(text).toContain('$149 once · $0.99 a score');
    // Free's 3 scores and 80 credits, related in words; Pro's shared pool, with an example.
    expect(planCard(page.body, 'free')).toContain('80 credits a month cover all 3 scores (30 credits) and all 30 coach messages (30 credits).');
    expect(planCard(page.body, 'pro')).toContain('1,000 credits a month: 100 scores, or 1,000 coach messages, or a mix such as 50 scores and 500 messages.');
    expect(text).toContain('What a credit buys');
    expect(text).toContain(
      'One score (we read up to a few dozen pages of a site and rate all 27 dimensions, with the quotes behind each level) uses 10 credits; one question to the coach uses 1.',
    );
    expect(text).not.toContain('shown at checkout');
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

describe('GET /pricing with configured prices', () => {
  it("shows the local provider's prices from PAYMENT_LOCAL_PRICES and PAYMENT_LOCAL_CURRENCY, the rest at their defaults", async () => {
    const app = await startTestApp({ env: { PAYMENT_LOCAL_PRICES: 'pro=39.50,pack_small=25', PAYMENT_LOCAL_CURRENCY: 'eur' } });
    try {
      const page = await app.app.inject({ method: 'GET', url: '/pricing' });
      expect(planCard(page.body, 'pro')).toContain('€39.50 a month');
      expect(planCard(page.body, 'business')).toContain('€149 a month');
      expect(page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain('€25 once · €1.25 a score');
    } finally {
      await app.close();
    }
  });

  it("reads Stripe's price objects for the configured price ids, keeps them through an outage, and says a price it cannot read is shown at checkout", async () => {
    const stripe = await startFakeStripe();
    stripe.setPrice('price_pro', { unitAmount: 5_900, currency: 'usd', interval: 'month' });
    stripe.setPrice('price_business', { unitAmount: 190_000, currency: 'usd', interval: 'year' });
    stripe.setPrice('price_small', { unitAmount: 3_500, currency: 'usd' });
    const clock = new ManualClock(new Date('2026-11-20T12:00:00Z'));
    const app = await startTestApp({
      clock,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_local',
        STRIPE_API_BASE: stripe.url,
        PAYMENT_WEBHOOK_SECRET: 'whsec_prices_test',
        PAYMENT_PRICE_IDS: 'price_pro=pro,price_business=business,price_small=pack_small,price_gone=pack_large',
      },
    });
    try {
      const first = await app.app.inject({ method: 'GET', url: '/pricing' });
      expect(planCard(first.body, 'pro')).toContain('$59 a month');
      expect(planCard(first.body, 'business')).toContain('$1,900 a year');
      // No price id for Enterprise or the medium pack; the large pack's id is unknown to Stripe.
      expect(planCard(first.body, 'enterprise')).toContain('Price shown at checkout');
      const text = first.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      expect(text).toContain('$35 once · $1.75 a score');
      expect(text.match(/Price shown at checkout/g)).toHaveLength(3);
      const reads = stripe.priceReads();
      // Kept for ten minutes: the next page reads nothing.
      await app.app.inject({ method: 'GET', url: '/pricing' });
      expect(stripe.priceReads()).toBe(reads);
      // Past them, with Stripe down, the last prices read stand.
      clock.advance(11 * 60 * 1000);
      stripe.outage();
      const during = await app.app.inject({ method: 'GET', url: '/pricing' });
      expect(during.statusCode).toBe(200);
      expect(planCard(during.body, 'pro')).toContain('$59 a month');
    } finally {
      await app.close();
      await stripe.close();
    }
  });
});

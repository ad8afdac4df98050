/**
 * The onboarding pages and the email preferences page, server-rendered:
 * the checklist from the coverage record, the two flows' forms with what
 * was answered before, what a member sees, and read-only lifted once both
 * milestones are complete (an injected clock puts the account on Day 15).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

type Claims = { sub: string; email?: string; account?: string; role?: 'owner' | 'admin' | 'member' };
const get = async (url: string, claims: Claims) => t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(claims) } });
const api = async (method: 'POST' | 'PUT', url: string, claims: Claims, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: await t.authHeaders(claims), payload });
const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const INTERVIEW = { role: 'CTO', goals: ['Ship calmer', 'Score quarterly'], product: { name: 'Ledgerly', url: 'https://ledgerly.example' }, teamSize: 9 };
const OWNERS = Object.fromEntries(['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm'].map((fn) => [fn, { name: `Owner of ${fn}` }]));

describe('the onboarding checklist', () => {
  it('sends a visitor without a session to sign in, coming back here', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/app/onboarding' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?next=%2Fapp%2Fonboarding');
  });

  it("lists both milestones with their blockers in plain words, the flows that complete them, and the trial's positions", async () => {
    const response = await get('/app/onboarding', { sub: 'ob_new' });
    expect(response.statusCode).toBe(200);
    const page = text(response.body);
    expect(page).toContain('Day 0 of your 30-day trial: 30 days left.');
    expect(page).toContain('Still missing: The welcome interview is not answered yet: your role, your goals, the product to score and your team size.');
    expect(page).toContain('Still missing: No product yet: add the product you want to map, then name an owner');
    expect(response.body).toContain('href="/app/onboarding/interview"');
    expect(response.body).toContain('href="/app/onboarding/org-map"');
    expect([...response.body.matchAll(/<th scope="row">Day (\d+)<\/th>/g)].map((m) => Number(m[1]))).toEqual([0, 7, 14, 25, 30]);
    expect(response.body).not.toContain('read-only-banner');
  });

  it('shows a member the checklist without the flows', async () => {
    // On Pro: Free's one seat is the owner's, and a member without a seat is not let in.
    await subscribe(t, await accountIdOf(t, { sub: 'ob_org_owner', account: 'org_ob_member', role: 'owner' }), 'pro');
    await api('POST', '/api/onboarding/welcome-interview', { sub: 'ob_org_owner', account: 'org_ob_member', role: 'owner' }, INTERVIEW);
    const member = { sub: 'ob_member', account: 'org_ob_member', role: 'member' as const };
    const checklist = await get('/app/onboarding', member);
    expect(text(checklist.body)).toContain('An owner or admin of the account completes this step.');
    expect(checklist.body).not.toContain('class="button" href="/app/onboarding/org-map"');
    const interview = await get('/app/onboarding/interview', member);
    expect(text(interview.body)).toContain('Role CTO');
    expect(interview.body).not.toContain('data-form="welcome-interview"');
  });
});

describe('the flows', () => {
  it('prefills the interview with the answers given, and the org map with the product the interview named', async () => {
    const owner = { sub: 'ob_flows' };
    expect((await get('/app/onboarding/interview', owner)).body).toContain('Complete the interview');
    await api('POST', '/api/onboarding/welcome-interview', owner, INTERVIEW);
    const interview = await get('/app/onboarding/interview', owner);
    expect(interview.body).toContain('value="CTO"');
    expect(interview.body).toMatch(/<textarea[^>]*>Ship calmer\nScore quarterly<\/textarea>/);
    expect(interview.body).toContain('value="https://ledgerly.example/"');
    expect(text(interview.body)).toMatch(/Completed on \d{1,2} \w+ \d{4}/);

    const empty = await get('/app/onboarding/org-map', owner);
    expect(empty.body).toContain('data-form="product"');
    expect(empty.body).toContain('value="Ledgerly"');
    const product = await api('POST', '/api/products', owner, { name: 'Ledgerly', url: 'https://ledgerly.example' });
    expect(product.statusCode).toBe(201);
    const map = await get('/app/onboarding/org-map', owner);
    expect(map.body).toContain(`data-product-id="${product.json().id}"`);
    expect(map.body.match(/owner's name<\/label>/g)).toHaveLength(6);
  });
});

describe('read-only mode in the app', () => {
  it('shows the banner on Day 15 and lifts it once the interview and the org map are complete', async () => {
    const owner = { sub: 'ob_late', account: 'org_ob_late', role: 'owner' as const };
    await get('/app/onboarding', owner);
    clock.advance(15 * DAY_MS);
    try {
      const before = await get('/app/onboarding', owner);
      expect(before.body).toContain('read-only-banner');
      expect(text(before.body)).toContain('The account is read-only until both steps are done.');
      await api('POST', '/api/onboarding/welcome-interview', owner, INTERVIEW);
      const product = await api('POST', '/api/products', owner, { name: 'Ledgerly', url: 'https://ledgerly.example' });
      expect((await api('PUT', `/api/team-registry/${product.json().id}`, owner, { owners: OWNERS })).statusCode).toBe(200);
      const after = await get('/app/onboarding', owner);
      expect(after.body).not.toContain('read-only-banner');
      expect([...after.body.matchAll(/class="milestone-state">([^<]+)</g)].map((m) => m[1])).toEqual(['Done', 'Done']);
    } finally {
      clock.advance(-15 * DAY_MS);
    }
  });
});

describe('the email preferences page', () => {
  it("shows the signed-in person's own state as check boxes, and says transactional mail is always sent", async () => {
    const claims = { sub: 'ob_email', email: 'page.reader@example.com' };
    await api('PUT', '/api/account/email-preferences', claims, { subscriptions: { weekly_digest: false } });
    const response = await get('/app/settings/email', claims);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('page.reader@example.com');
    expect(response.body).toMatch(/id="pref-weekly_digest" name="weekly_digest"(?![^>]*checked)/);
    expect(response.body).toMatch(/id="pref-product_updates" name="product_updates" checked/);
    expect(text(response.body)).toContain('Email about your account, billing and security is always sent');
  });

  it('says there is nothing to choose for a sign-in without an address', async () => {
    const response = await get('/app/settings/email', { sub: 'ob_no_email' });
    expect(text(response.body)).toContain('Your sign-in carries no email address');
    expect(response.body).not.toContain('data-form="email-preferences"');
  });
});

/**
 * The pricing page's buttons without JavaScript: POST /pricing/checkout
 * starts the checkout and redirects to the local provider's page; paying
 * there comes back to /pricing/complete, which shows the plan once the
 * webhook has landed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The local Pay button delivers its event to our own webhook over HTTP: the app must listen.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A signed-in owner with the CSRF token the pricing page gave them. */
async function ownerOnPricing(sub: string) {
  const session = await t.token({ sub, account: `org_${sub}`, role: 'owner' });
  const page = await t.app.inject({ method: 'GET', url: '/pricing', cookies: { __session: session } });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return { cookies: { __session: session, __csrf: csrf }, csrf };
}

async function payLocally(url: string) {
  const local = new URL(url);
  const page = await t.app.inject({ method: 'GET', url: `${local.pathname}${local.search}` });
  const session = /name="session" value="([^"]+)"/.exec(page.body)![1]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  return t.app.inject({
    method: 'POST',
    url: local.pathname,
    headers: FORM,
    cookies: { __csrf: csrf },
    payload: new URLSearchParams({ session, csrf }).toString(),
  });
}

describe('POST /pricing/checkout', () => {
  it("redirects a signed-in owner to the local provider's checkout for the plan", async () => {
    const { cookies, csrf } = await ownerOnPricing('pc_owner');
    const response = await t.app.inject({ method: 'POST', url: '/pricing/checkout', headers: FORM, cookies, payload: `plan=pro&csrf=${csrf}` });
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string);
    expect(location.pathname).toBe('/payment/local-checkout');
    const checkoutPage = await t.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(checkoutPage.body).toContain('the Pro plan');
  });

  it('comes back after paying to a page that shows the new plan, and says "activating" before the webhook', async () => {
    const { cookies, csrf } = await ownerOnPricing('pc_paid');
    const before = await t.app.inject({ method: 'GET', url: '/pricing/complete?item=business', cookies: { __session: cookies.__session } });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Activating your Business plan');
    expect(before.body).toContain('href="/pricing/complete?item=business"');

    const started = await t.app.inject({ method: 'POST', url: '/pricing/checkout', headers: FORM, cookies, payload: `plan=business&csrf=${csrf}` });
    const paid = await payLocally(started.headers.location as string);
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(`${back.pathname}${back.search}`).toBe('/pricing/complete?item=business');

    const after = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { __session: cookies.__session } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('You are on Business now');
    const pricing = await t.app.inject({ method: 'GET', url: '/pricing', cookies: { __session: cookies.__session } });
    expect(pricing.body).toMatch(/Business <span class="plan-badge">Your plan<\/span>/);
  });

  it('sends a visitor who lands on the confirmation to sign in first, and back', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pricing/complete?item=pro' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/sign-in?next=${encodeURIComponent('/pricing/complete?item=pro')}`);
  });
});

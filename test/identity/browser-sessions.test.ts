/**
 * Browser sessions with a Clerk-style identity provider (issue 24, item 3),
 * over real HTTP: the service and a local provider issuing 60-second
 * session tokens (test/fakes/identity-provider.ts), a browser's cookie jar
 * between them, and one clock that the test moves. A page load renews an
 * expired session through the provider's handshake; a page's API call
 * renews it through the provider's refresh; a revoked session is refused
 * once its last token runs out, within a minute; signing out ends the
 * session at the provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { CookieBrowser } from '../cookie-browser.ts';
import { startFakeIdentityProvider, SESSION_TOKEN_SECONDS, type FakeIdentityProvider } from '../fakes/identity-provider.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { freePort } from '../process/processes.ts';

const clock = new ManualClock('2026-09-01T09:00:00.000Z');
let provider: FakeIdentityProvider;
let t: TestApp;
let base: string;

beforeAll(async () => {
  provider = await startFakeIdentityProvider({ clock });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    clock,
    env: {
      PUBLIC_BASE_URL: base,
      IDENTITY_JWKS_URL: provider.jwksUrl,
      IDENTITY_ISSUER: provider.url,
      IDENTITY_AUTHORIZED_PARTIES: base,
      IDENTITY_FRONTEND_API_URL: provider.url,
      IDENTITY_API_URL: provider.url,
      IDENTITY_SECRET_KEY: provider.secretKey,
      IDENTITY_SIGN_IN_URL: `${provider.url}/sign-in`,
    },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const seconds = (count: number) => count * 1000;

/** Signs the person in at the provider, and opens the app as the provider's sign-in page sends them back. */
async function signIn(browser: CookieBrowser, userId: string) {
  return browser.open(provider.signInUrl({ userId }, `${base}/app`));
}

function expectTheApp(visit: { status: number; url: string }) {
  expect(visit.status).toBe(200);
  expect(new URL(visit.url).pathname).toBe('/app');
}

function expectSignedOut(visit: { status: number; url: string }) {
  expect(visit.status).toBe(200);
  expect(new URL(visit.url).pathname).toBe('/sign-in');
}

describe('browser sessions with a provider issuing 60-second tokens', () => {
  it('keeps a person signed in at 0 s in the app at 5 minutes: page loads handshake, API calls refresh', async () => {
    const browser = new CookieBrowser(clock);
    const before = provider.counts();
    const first = await signIn(browser, 'user_renewed');
    expectTheApp(first);
    // Back from sign-in with a signed-in client but no session token: one handshake brought it.
    expect(first.hops.some((hop) => hop.startsWith(`${provider.url}/v1/client/handshake`))).toBe(true);
    expect(provider.counts().handshakes).toBe(before.handshakes + 1);

    // Within the token's minute: no round trip to the provider.
    clock.advance(seconds(30));
    expectTheApp(await browser.open(`${base}/app`));
    expect(provider.counts().handshakes).toBe(before.handshakes + 1);

    // Five minutes in, the token has long expired: the page load renews it through the provider.
    clock.advance(seconds(270));
    const later = await browser.open(`${base}/app`);
    expectTheApp(later);
    expect(provider.counts().handshakes).toBe(before.handshakes + 2);

    // The page's script calls the API two minutes after that, its token expired again: refreshed, not refused.
    clock.advance(seconds(120));
    const account = await browser.call('GET', `${base}/api/account`);
    expect(account.status).toBe(200);
    expect(provider.counts().refreshes).toBe(before.refreshes + 1);
    const renamed = await browser.call('PUT', `${base}/api/account`, { name: 'Renewed Inc' });
    expect(renamed.status).toBe(200);
    expect(provider.counts().refreshes).toBe(before.refreshes + 1);
  });

  it('refuses a session revoked at the provider within a minute, on pages and API calls alike', async () => {
    const browser = new CookieBrowser(clock);
    expectTheApp(await signIn(browser, 'user_revoked'));
    clock.advance(seconds(10));
    provider.revokeSessionsOf('user_revoked');
    // The token it holds still verifies until it runs out...
    expect((await browser.call('GET', `${base}/api/account`)).status).toBe(200);
    // ...which is at most a minute (and the clock-skew allowance of 5 s) after it was issued.
    clock.advance(seconds(SESSION_TOKEN_SECONDS - 10 + 6));
    expect((await browser.call('GET', `${base}/api/account`)).status).toBe(401);
    expectSignedOut(await browser.open(`${base}/app`));
    // The handshake cleared the session here too: the provider said it ended.
    expect(browser.cookie('127.0.0.1', '__session')).toBeUndefined();
    expect(browser.cookie('127.0.0.1', '__client_uat')).toBe('0');
  });

  it('ends the session at the provider on sign-out, so the next page load does not sign the person back in', async () => {
    const browser = new CookieBrowser(clock);
    expectTheApp(await signIn(browser, 'user_leaving'));
    const revocations = provider.counts().revocations;
    expect(await browser.post(`${base}/sign-out`)).toBe(303);
    expect(provider.counts().revocations).toBe(revocations + 1);
    expectSignedOut(await browser.open(`${base}/app`));
    expect((await browser.call('GET', `${base}/api/account`)).status).toBe(401);
  });

  it('takes the way back through sign-in to the page the person was on', async () => {
    const browser = new CookieBrowser(clock);
    expectTheApp(await signIn(browser, 'user_returning'));
    clock.advance(seconds(300));
    const back = await browser.open(`${base}/sign-in?next=${encodeURIComponent('/app/settings/team')}`);
    expect(back.status).toBe(200);
    expect(new URL(back.url).pathname).toBe('/app/settings/team');
  });

  it('never lets a visitor without a provider session through, and points sign-in at the provider', async () => {
    const browser = new CookieBrowser(clock);
    const visit = await browser.open(`${base}/app`);
    expectSignedOut(visit);
    expect(provider.counts().handshakes).toBeGreaterThan(0);
    expect(visit.hops.some((hop) => hop.startsWith(provider.url))).toBe(false);
    expect(visit.body).toContain(`${provider.url}/sign-in?redirect_url=${encodeURIComponent(`${base}/app`)}`);
  });

  it('refuses a token whose azp is not a string naming an authorised party (issue 24, item 4)', async () => {
    const call = async (azp: unknown) => {
      const token = await provider.mintToken('user_azp', azp === undefined ? {} : { azp });
      return (await fetch(`${base}/api/account`, { headers: { authorization: `Bearer ${token}` } })).status;
    };
    expect(await call(base)).toBe(200);
    expect(await call(['https://evil.example'])).toBe(401);
    expect(await call([base])).toBe(401);
    expect(await call('https://evil.example')).toBe(401);
    expect(await call(undefined)).toBe(401);
  });

  it('ignores a handshake its key does not sign, and cuts the loop after three tries', async () => {
    const browser = new CookieBrowser(clock);
    expectTheApp(await signIn(browser, 'user_misconfigured'));
    await provider.signHandshakesWithAnotherKey();
    clock.advance(seconds(120));
    const before = provider.counts().handshakes;
    const visit = await browser.open(`${base}/app`);
    expectSignedOut(visit);
    expect(provider.counts().handshakes - before).toBe(3);
  });
});

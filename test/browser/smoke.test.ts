/**
 * The browser harness against pages that exist from the start (/ and
 * /sign-in): each renders its heading, passes axe in both colour schemes on
 * a desktop and a phone, logs no errors, and reaches nothing but 127.0.0.1.
 * Signing in through the form leaves a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

let web: WebApp;
beforeAll(async () => {
  web = await startWebApp();
});
afterAll(() => web?.close());

const PAGES = [
  { path: '/', name: 'home' },
  { path: '/sign-in', name: 'sign-in' },
] as const;
const DEVICES = [
  { device: 'desktop', phone: false },
  { device: 'phone', phone: true },
] as const;

describe('the pages there from the start', () => {
  for (const { path, name } of PAGES) {
    for (const { device, phone } of DEVICES) {
      it(`${path} on a ${device}: heading shown, accessible, no errors`, async () => {
        const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone });
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expectVisible(page.getByRole('heading', { level: 1 }));
        await saveScreenshot(page, `${name}-${device}`);
        await expectAccessible(page, `${path} (${device})`);
        expectNoConsoleErrors();
      });
    }
  }
});

describe('signing in through the development identity provider', () => {
  it('sets the session cookie and lands on the home page', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'browser_smoke', account: 'org_browser_smoke', role: 'admin' });
    expect(new URL(page.url()).pathname).toBe('/');
    expectNoConsoleErrors();
  });
});

/**
 * The browser test harness: pages tested as a person uses them, in the one
 * Chromium the browser project starts for the whole run
 * (test/setup/browser-server.ts).
 *
 * A test file typically reads:
 *
 *   let web: WebApp;
 *   beforeAll(async () => (web = await startWebApp()));
 *   afterAll(() => web.close());
 *
 *   it('scores a site from /try', async () => {
 *     const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
 *     await page.goto('/try');
 *     await page.getByLabel('Website').fill(web.fixtureSiteUrl('lumenfield-platform'));
 *     ...
 *     await expectAccessible(page, 'try: result');
 *     await saveScreenshot(page, 'try-result-phone');
 *     expectNoConsoleErrors();
 *   });
 *
 * - `startWebApp` boots the whole app (test/harness.ts) on a real port, with
 *   the fixture company sites served beside it on 127.0.0.1.
 * - `openPage` is called inside a test: it opens a fresh browser context (no
 *   cookies from another test) whose relative URLs resolve against the app,
 *   and closes it when the test ends. A request to any host but 127.0.0.1 is
 *   refused and fails the test: no CDN, no font service, no internet.
 * - `expectNoConsoleErrors` fails on console errors, uncaught page errors and
 *   failed requests (a CSP refusal, a 404 stylesheet, a blocked CDN).
 * - `expectAccessible` runs axe in the light and the dark colour scheme.
 * - Screenshots go to test-results/ (not committed), for a person to look at.
 *
 * playwright-core has no `expect` of its own: assertions are vitest's, and
 * `expectVisible` waits the way Playwright's toBeVisible would.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result as AxeViolation } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject, onTestFinished } from 'vitest';
import { SESSION_COOKIE } from '../../src/http/authentication.ts';
import type { Role } from '../../src/vocabulary/roles.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { startTestApp, type TestApp, type TestAppOptions } from '../harness.ts';

/** The one host pages may reach: the app and the fixture sites all listen on it. */
const LOOPBACK_HOST = '127.0.0.1';
const DESKTOP_VIEWPORT = { width: 1280, height: 800 };
/** A current mid-size phone in portrait (CSS pixels). */
const PHONE_VIEWPORT = { width: 390, height: 844 };
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** The impacts that fail a test; minor and moderate findings are left to review. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
const VISIBLE_TIMEOUT_MS = 5_000;
const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results');
const SCREENSHOT_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** The example company sites under src/example-sites/ (lumenfield-platform, burrowly-seed, ...). */
export const FIXTURE_SITE_NAMES: readonly string[] = fs
  .readdirSync(SITES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

// ---------------------------------------------------------------------------
// The app under test

export interface WebAppOptions extends Omit<TestAppOptions, 'env' | 'ownDatabase'> {
  /** Extra environment for the app; CRAWL_ALLOWLIST entries are added to the fixture sites'. */
  env?: Record<string, string>;
}

export interface WebApp {
  /** http://127.0.0.1:<port>, no trailing slash; also the app's PUBLIC_BASE_URL. */
  baseUrl: string;
  /** The home page of a fixture company site, e.g. fixtureSiteUrl('lumenfield-platform'), crawlable by the app. */
  fixtureSiteUrl(name: string): string;
  /** The app and its test helpers (tokens, authHeaders, the database). */
  app: TestApp;
  close(): Promise<void>;
}

/**
 * Boots the app listening on 127.0.0.1 at a free port, with PUBLIC_BASE_URL
 * set to that origin (cookies, the CSRF check and form actions need the real
 * address), the development identity provider and the local payment provider
 * (the defaults when IDENTITY_JWKS_URL and STRIPE_SECRET_KEY are unset), and
 * every fixture company site served on 127.0.0.1 and allowlisted for crawling.
 */
export async function startWebApp(options: WebAppOptions = {}): Promise<WebApp> {
  const sites = new Map<string, ServedSite>();
  try {
    for (const name of FIXTURE_SITE_NAMES) sites.set(name, await serveSite(path.join(SITES_DIR, name)));
    const siteHosts = [...sites.values()].map((site) => new URL(site.origin).host);
    const { env = {}, ...appOptions } = options;
    const allowlist = [...siteHosts, ...(env.CRAWL_ALLOWLIST ? [env.CRAWL_ALLOWLIST] : [])].join(',');
    // PUBLIC_BASE_URL is read once, when the app is built: the port must be known before.
    const port = await freePort();
    const baseUrl = `http://${LOOPBACK_HOST}:${port}`;
    const app = await startTestApp({ ...appOptions, env: { ...env, CRAWL_ALLOWLIST: allowlist, PORT: String(port), PUBLIC_BASE_URL: baseUrl } });
    try {
      await app.app.listen({ port, host: LOOPBACK_HOST });
    } catch (error) {
      await app.close();
      throw error;
    }
    return {
      baseUrl,
      app,
      fixtureSiteUrl(name) {
        const site = sites.get(name);
        if (!site) throw new Error(`No fixture site "${name}"; there are: ${FIXTURE_SITE_NAMES.join(', ')}`);
        return `${site.origin}/`;
      },
      async close() {
        await app.close();
        await closeSites(sites);
      },
    };
  } catch (error) {
    await closeSites(sites);
    throw error;
  }
}

async function closeSites(sites: Map<string, ServedSite>): Promise<void> {
  await Promise.all([...sites.values()].map((site) => site.close()));
}

/** A port nobody listens on now; another process could take it before the app does, a race tests can live with. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(0, LOOPBACK_HOST, listening);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

// ---------------------------------------------------------------------------
// The shared browser

/** This file's connection to the shared browser: opened by the first page, closed when the file ends. */
let connection: Promise<Browser> | null = null;

function sharedBrowser(): Promise<Browser> {
  connection ??= chromium.connect(inject('browserWsEndpoint'));
  return connection;
}

/** Closes this file's connection (browser-connection-cleanup.ts calls it after the file's tests). */
export async function disconnectBrowser(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) await (await open).close();
}

export interface OpenPageOptions {
  /** A phone (390×844 CSS pixels, touch, mobile viewport rules) instead of a 1280×800 desktop window. */
  phone?: boolean;
}

export interface BrowserPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, as they happened. */
  consoleErrors: string[];
  /** Requests that failed: network errors, aborted requests, refused hosts. */
  failedRequests: string[];
  /** Requests to hosts other than 127.0.0.1, refused; any one fails the test when it ends. */
  refusedRequests: string[];
  /** Fails listing every console error, page error and failed request; `ignore` drops the expected ones. */
  expectNoConsoleErrors(options?: { ignore?: RegExp[] }): void;
}

/**
 * Opens a page in a fresh context of the shared browser, its relative URLs
 * resolving against `baseUrl`. Call it inside a test: the context closes when
 * the test ends, and the test fails if the page tried to reach any host but
 * 127.0.0.1.
 */
export async function openPage(baseUrl: string, options: OpenPageOptions = {}): Promise<BrowserPage> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    baseURL: baseUrl,
    ...(options.phone ? { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true } : { viewport: DESKTOP_VIEWPORT }),
    colorScheme: 'light',
    // Screenshots show the settled page, not a transition half-way.
    reducedMotion: 'reduce',
    // A service worker's fetches would pass by the route below.
    serviceWorkers: 'block',
  });
  const consoleErrors: string[] = [];
  const failedRequests: string[] = [];
  const refusedRequests: string[] = [];
  onTestFinished(async () => {
    await context.close();
    if (refusedRequests.length > 0) {
      throw new Error(`The page asked for hosts other than ${LOOPBACK_HOST} (tests never use the internet):\n${refusedRequests.join('\n')}`);
    }
  });

  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === LOOPBACK_HOST) return route.continue();
    refusedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  // Every page of the context is watched, popups and new tabs included.
  context.on('page', (opened) => {
    opened.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()} (${message.location().url})`);
    });
    opened.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  });
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // net::ERR_ABORTED is the browser dropping a load because the page moved on (a click navigated
    // while the icon was still loading): nothing failed. Refusals, 404s and CSP blocks say otherwise.
    if (reason === 'net::ERR_ABORTED') return;
    failedRequests.push(`${request.method()} ${request.url()}: ${reason}`);
  });
  const page = await context.newPage();

  return {
    page,
    context,
    consoleErrors,
    failedRequests,
    refusedRequests,
    expectNoConsoleErrors({ ignore = [] } = {}) {
      const unexpected = [...consoleErrors, ...failedRequests].filter((line) => !ignore.some((pattern) => pattern.test(line)));
      if (unexpected.length > 0) expect.fail(`console errors, page errors or failed requests:\n${unexpected.join('\n')}`);
    },
  };
}

/** Waits (up to 5 s, as Playwright's toBeVisible) until the locator's first match is visible; fails naming it otherwise. */
export async function expectVisible(locator: Locator, timeoutMs = VISIBLE_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    expect.fail(`expected ${locator} to be visible within ${timeoutMs} ms`);
  }
}

// ---------------------------------------------------------------------------
// Domain helpers

export interface SignInIdentity {
  sub: string;
  /** An organisation id; without it the user signs in to a personal account. */
  account?: string;
  role?: Role;
  /** The address the identity provider gives; without it the member has none on record. */
  email?: string;
}

/**
 * Signs in through the development identity provider's form at /sign-in, as
 * a person would, and waits for the redirect that follows. The page's context
 * then holds the session cookie.
 */
export async function signIn(page: Page, identity: SignInIdentity): Promise<void> {
  await page.goto('/sign-in');
  const form = page.locator('form[action="/sign-in"]');
  await form.locator('[name="sub"]').fill(identity.sub);
  if (identity.account) await form.locator('[name="account"]').fill(identity.account);
  if (identity.role) await form.locator('[name="role"]').selectOption(identity.role);
  if (identity.email) await form.locator('[name="email"]').fill(identity.email);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.request().method() === 'POST' && new URL(candidate.url()).pathname === '/sign-in'),
    form.locator('[type="submit"]').click(),
  ]);
  expect(response.status(), 'POST /sign-in redirects once signed in').toBe(303);
  await page.waitForLoadState();
  const cookies = await page.context().cookies();
  expect(
    cookies.map((cookie) => cookie.name),
    'the session cookie after signing in',
  ).toContain(SESSION_COOKIE);
}

/**
 * Runs axe (WCAG 2 A and AA, and best practices) on the page as it stands,
 * in the light colour scheme and then the dark one, and fails listing every
 * serious or critical violation: rule, what it asks, and where. The page is
 * left in the light scheme.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const light = await seriousViolations(page);
  let dark: AxeViolation[];
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    dark = await seriousViolations(page);
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
  const found = [...light.map((v) => describeViolation(v, 'light')), ...dark.map((v) => describeViolation(v, 'dark'))];
  if (found.length > 0) expect.fail(`serious or critical accessibility violations on ${label}:\n${found.join('\n')}`);
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/** One line per violation: "[dark] critical color-contrast: <help> at <selector> (<why>); <selector> (<why>)". */
function describeViolation(violation: AxeViolation, scheme: 'light' | 'dark'): string {
  const where = violation.nodes.map((node) => {
    const selector = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' -> ');
    const why = node.any[0]?.message ?? node.all[0]?.message ?? node.none[0]?.message;
    return why ? `${selector} (${why})` : selector;
  });
  return `[${scheme}] ${violation.impact} ${violation.id}: ${violation.help} at ${where.join('; ')}`;
}

/** Records every text a score form's progress line (`[data-progress-text]`) shows, as it changes, from the next page loaded on. */
export async function recordProgress(page: Page): Promise<string[]> {
  const progress: string[] = [];
  await page.exposeFunction('recordProgress', (text: string) => progress.push(text));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const status = document.querySelector('[data-progress-text]');
      if (!status) return;
      const record = (window as unknown as { recordProgress: (text: string) => void }).recordProgress;
      new MutationObserver(() => record(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    });
  });
  return progress;
}

/**
 * True when nothing on the page is wider than the window it was opened in
 * (no sideways scrolling). Measured against the viewport the test set, not
 * window.innerWidth: a phone's browser widens its layout viewport to fit
 * content that overflows, which would hide the overflow.
 */
export async function fitsTheViewport(page: Page): Promise<boolean> {
  const width = page.viewportSize()!.width;
  return page.evaluate((viewport) => document.documentElement.scrollWidth <= viewport, width);
}

/** Saves a full-page PNG as test-results/<name>.png (kebab-case name) and returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  if (!SCREENSHOT_NAME.test(name)) throw new Error(`Screenshot names are kebab-case (a-z, 0-9, -): "${name}"`);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

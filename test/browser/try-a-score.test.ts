/**
 * A visitor tries a score in the browser: watches the crawl's progress on
 * /try, lands on the result page with every dimension and its evidence,
 * meets the anonymous cap on a second try, and finds the held result in
 * their account once they sign up. The same form works without JavaScript.
 * The try is a full score (it reads more than a quick score's six pages); a
 * quick score's page says it is one and leads to the full score.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_SCORE_MAX_PAGES } from '../../src/modules/scoring/judge-crawl.ts';
import { expectAccessible, expectVisible, openPage, recordProgress, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const SITE = 'lumenfield-platform';
const RESULT_PATH = /\/r\/([0-9a-f-]{36})$/;

describe('trying a score in the browser', () => {
  let web: WebApp;
  let resultId = '';
  /** What the page kept in localStorage for claiming the result after sign-up. */
  let held: { id: string; claimToken: string } | null = null;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('shows the crawl as it happens, then the result page with all 27 dimensions and evidence linked to the pages read', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const progress = await recordProgress(page);

    await page.goto('/try');
    await expectAccessible(page, '/try');
    await saveScreenshot(page, 'try');
    await page.getByLabel('Company web address').fill(web.fixtureSiteUrl(SITE));
    await page.getByRole('button', { name: 'Score it free' }).click();
    await page.waitForURL(RESULT_PATH, { timeout: 60_000 });
    resultId = RESULT_PATH.exec(page.url())![1]!;

    // The page showed the stream's progress: pages found, fetched and analysed, then scoring, then done.
    expect(
      progress.some((text) => /^Found \d+ pages?, fetched \d+, analysed \d+\.$/.test(text)),
      progress.join(' | '),
    ).toBe(true);
    expect(
      progress.some((text) => text.startsWith('Scoring 27 dimensions')),
      progress.join(' | '),
    ).toBe(true);
    expect(progress.at(-1)).toBe('Done. Opening your result…');

    const stored = (await (await fetch(`${web.baseUrl}/api/score/${resultId}`)).json()) as {
      companyName?: string;
      totalScore: number;
      stageName: string;
      depth: string;
      crawledPages: string[];
      dimensions: { dimensionName: string }[];
    };
    // A full score: Lumenfield's 25 pages are read past a quick score's six, and the page carries no quick-score label.
    expect(stored.depth).toBe('full');
    expect(stored.crawledPages.length).toBeGreaterThan(QUICK_SCORE_MAX_PAGES);
    expect(await page.locator('[data-quick-score]').count()).toBe(0);
    await expectVisible(page.getByRole('heading', { level: 1, name: stored.companyName! }));
    expect(await page.locator('.total-number').innerText()).toContain(String(stored.totalScore));
    expect(await page.locator('.tier').innerText()).toBe(stored.stageName);
    expect(await page.locator('li.dimension').count()).toBe(27);
    const names = await page.locator('li.dimension h4').allInnerTexts();
    expect(names.sort()).toEqual(stored.dimensions.map((d) => d.dimensionName).sort());
    // Every evidence link points at a page the crawl read.
    const sources = await page.locator('.evidence .source a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources) expect(stored.crawledPages, source).toContain(source);
    // Six function sections and the overview of all 27 levels; share tags point at the result's card.
    expect(await page.locator('section.function-section').count()).toBe(6);
    await expectVisible(page.getByRole('heading', { name: 'At a glance' }));
    expect(await page.locator('.heat-cell').count()).toBe(27);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${web.baseUrl}/api/og?id=${resultId}`);
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image');
    // A visitor is asked to sign up, and the browser holds the result's claim token for then.
    await expectVisible(page.getByRole('link', { name: /Sign up to keep it/ }));
    held = JSON.parse((await page.evaluate(() => localStorage.getItem('maturity.heldResult'))) ?? 'null');
    expect(held?.id).toBe(resultId);
    expect(held?.claimToken).toMatch(/\S{16,}/);

    await expectAccessible(page, '/r/<id>');
    await saveScreenshot(page, 'result');
    expectNoConsoleErrors();
  }, 90_000);

  it('reads well on a phone in the dark scheme', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl, { phone: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`/r/${resultId}`);
    await expectVisible(page.locator('li.dimension').first());
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'result-phone-dark');
    expectNoConsoleErrors();
  });

  it('says in plain words that the free score is used, with what to do next, on a second try', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto('/');
    await page.getByLabel('Company web address').fill(web.fixtureSiteUrl('burrowly-seed'));
    await page.getByRole('button', { name: 'Score it free' }).click();
    const problem = page.getByRole('alert');
    await expectVisible(problem.getByRole('heading', { name: 'You have used your free score for now' }));
    expect(await problem.innerText()).toMatch(/Sign up for free to score more sites/);
    await expectVisible(problem.getByRole('link', { name: 'Sign up free' }));
    expect(page.url()).toBe(`${web.baseUrl}/`);
    await expectAccessible(page, 'the cap message');
    await saveScreenshot(page, 'try-cap-reached');
    // The browser logs the 429 itself; nothing else may go wrong.
    expectNoConsoleErrors({ ignore: [/status of 429/] });
  });

  it('links the held result to the account after sign-up, without the visitor doing anything', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    // The first test's browser context is gone: this browser holds the result as that page left it.
    expect(held, 'the first test held a result').not.toBeNull();
    const claimFrom = held!;
    await page.goto('/');
    await page.evaluate((held) => localStorage.setItem('maturity.heldResult', JSON.stringify(held)), claimFrom);
    await signIn(page, { sub: 'visitor_who_signed_up' });
    await expectVisible(page.getByRole('status').filter({ hasText: 'We saved' }));
    expect(await page.evaluate(() => localStorage.getItem('maturity.heldResult'))).toBeNull();
    const scores = await page.request.get('/api/scores');
    expect(scores.status()).toBe(200);
    expect(JSON.stringify(await scores.json())).toContain(claimFrom.id);
    expectNoConsoleErrors();
  });
});

describe('the score form without JavaScript', () => {
  let web: WebApp;
  beforeAll(async () => {
    web = await startWebApp();
  });
  afterAll(() => web.close());

  it('posts the form, waits, and lands on the result page; a second try shows the cap on the page', async () => {
    // The shared browser, reached through a harness page; the page itself stays unused.
    const { context, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const browser = context.browser()!;
    const noScript = await browser.newContext({ baseURL: web.baseUrl, javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/try');
      await plain.getByLabel('Company web address').fill(web.fixtureSiteUrl(SITE));
      await plain.getByRole('button', { name: 'Score it free' }).click();
      await plain.waitForURL(RESULT_PATH, { timeout: 60_000 });
      expect(await plain.locator('li.dimension').count()).toBe(27);
      const posted = (await (await fetch(`${web.baseUrl}/api/score/${RESULT_PATH.exec(plain.url())![1]}`)).json()) as { depth: string; crawledPages: string[] };
      expect([posted.depth, posted.crawledPages.length > QUICK_SCORE_MAX_PAGES]).toEqual(['full', true]);

      await plain.goto('/try');
      await plain.getByLabel('Company web address').fill(web.fixtureSiteUrl('burrowly-seed'));
      const [answer] = await Promise.all([
        plain.waitForResponse((r) => r.request().method() === 'POST'),
        plain.getByRole('button', { name: 'Score it free' }).click(),
      ]);
      expect(answer.status()).toBe(429);
      await expectVisible(plain.getByRole('heading', { name: 'You have used your free score for now' }));
      await saveScreenshot(plain, 'try-cap-no-javascript');
    } finally {
      await noScript.close();
    }
    expectNoConsoleErrors();
  });

  it("labels a quick score's page with the pages it read, and its link opens the form with the address filled", async () => {
    const headers = await web.app.authHeaders({ sub: 'quick_scorer' });
    const site = web.fixtureSiteUrl(SITE);
    const quick = await web.app.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: site } });
    expect(quick.statusCode).toBe(200);
    const { id, crawledPages } = quick.json() as { id: string; crawledPages: string[] };
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await page.goto(`/r/${id}`);
    const notice = page.locator('[data-quick-score]');
    await expectVisible(notice);
    expect(await notice.innerText()).toContain(`Quick score: ${crawledPages.length} pages read.`);
    await expectAccessible(page, 'a quick score');
    await saveScreenshot(page, 'result-quick');
    await notice.getByRole('link', { name: 'Run the full score' }).click();
    await page.waitForURL(/\/try\?url=/);
    expect(await page.getByLabel('Company web address').inputValue()).toBe(site);
    expectNoConsoleErrors();
  });

  it('answers an unknown result with a 404 page', async () => {
    const { page } = await openPage(web.baseUrl);
    const response = await page.goto('/r/00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expectVisible(page.getByRole('heading', { name: 'We could not find that result' }));
    await expectAccessible(page, 'the 404 page');
  });
});

/**
 * Feedback on a score and the comparison with peers, as people meet them
 * (issue 15, parts 2 and 3). Five paid accounts score the example sites in
 * the B2B SaaS segment through the API; the first signs in, opens its
 * result, says a dimension is too high, finds it kept after a reload,
 * changes it, and reads a refusal in the API's words. The result's owner is
 * told the comparison comes at 5 other accounts; a sixth account scores a
 * sixth company from the dashboard's form with the segment chosen, and the
 * comparison appears on its product, its dashboard card and the first
 * result's page, each ranked among the other accounts' scores (issue 24).
 * A visitor is invited, once, to sign in, and comes back to the page.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoringResults } from '../../src/modules/scoring/tables.ts';
import { accountIdOf, subscribe } from '../fakes/payment-webhook-client.ts';
import { fixtureResult } from '../fixtures/coach-result.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { expectAccessible, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const SEGMENT = 'b2b_saas';
const SEGMENT_LABEL = 'B2B SaaS';
const PEER_SITES = ['lumenfield-platform', 'burrowly-seed', 'relaymesh-scaleup', 'tallyworks-growing'];
const SCORE_TIMEOUT_MS = 60_000;
const PRODUCT_PATH = /\/app\/products\/([0-9a-f-]{36})$/;

describe('feedback on a score and the comparison with peers', () => {
  let web: WebApp;
  /** A fifth and a sixth company: copies of an example site at other addresses (a company is its host and port). */
  let fifthSite: ServedSite;
  let sixthSite: ServedSite;
  const results: { id: string; totalScore: number; dimensions: { dimensionId: string; dimensionName: string }[] }[] = [];

  async function api(sub: string, method: 'GET' | 'POST', url: string, body?: unknown) {
    const response = await fetch(`${web.baseUrl}${url}`, {
      method,
      headers: { ...(await web.app.authHeaders({ sub })), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  /** Only accounts on a paid plan count in a segment's pool. */
  const paid = async (sub: string) => subscribe(web.app, await accountIdOf(web.app, { sub }), 'pro');

  beforeAll(async () => {
    fifthSite = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
    sixthSite = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
    web = await startWebApp({ env: { CRAWL_ALLOWLIST: [fifthSite, sixthSite].map((site) => new URL(site.origin).host).join(',') } });
    const urls = [...PEER_SITES.map((site) => web.fixtureSiteUrl(site)), `${fifthSite.origin}/`];
    for (const [k, url] of urls.entries()) {
      await paid(`peer_${k + 1}`);
      const scored = await api(`peer_${k + 1}`, 'POST', '/api/score', { url, segment: SEGMENT });
      expect(scored.status, JSON.stringify(scored.body)).toBe(200);
      results.push(scored.body as (typeof results)[number]);
    }
  }, 5 * SCORE_TIMEOUT_MS);
  afterAll(async () => {
    await web.close();
    await fifthSite.close();
    await sixthSite.close();
  });

  /** One dimension's card on the result page, found by its heading. */
  const dimensionCard = (page: Page, name: string) => page.locator('li.dimension').filter({ has: page.getByRole('heading', { level: 4, name, exact: true }) });
  /** Opens a dimension's detail (collapsed by default), where its verdict form is. */
  const openCard = async (page: Page, name: string) => {
    const card = dimensionCard(page, name);
    await card.locator('summary').first().click();
    return card;
  };

  it(
    'lets a member say a dimension is too high, keeps it over a reload, changes it, and rate the whole score',
    async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'peer_1' });
      const first = results[0]!;
      await page.goto(`/r/${first.id}`);
      // The owner hears when the comparison will come; nothing else about the segment yet.
      await expectVisible(
        page.getByText(`The comparison with peers in ${SEGMENT_LABEL} appears once 5 other accounts on a paid plan have scored companies in it.`),
      );
      expect(await page.locator('.peer-median').count()).toBe(0);
      expect(await page.getByText('Sign in to tell us a score is wrong').count()).toBe(0);

      const dimension = first.dimensions[0]!;
      const card = await openCard(page, dimension.dimensionName);
      await card.getByText('Is this level right?').click();
      const verdicts = card.getByRole('group', { name: `Your verdict on ${dimension.dimensionName}` });
      await verdicts.getByRole('radio', { name: 'Too high' }).check();
      await card.getByLabel('Comment (optional)').fill('We publish a yearly market report.');
      await card.getByRole('button', { name: `Send your verdict on ${dimension.dimensionName}` }).click();
      await expectVisible(card.getByRole('status').filter({ hasText: 'Saved. Thank you.' }));
      await expectVisible(card.getByText('You said: too high'));
      const given = await (await page.request.get(`/api/feedback?resultId=${first.id}`)).text();
      expect(given).toContain('"verdict":"too_high"');

      await page.reload();
      await openCard(page, dimension.dimensionName);
      await expectVisible(card.getByText('You said: too high'));
      await card.getByText('Is this level right?').click();
      expect(await verdicts.getByRole('radio', { name: 'Too high' }).isChecked()).toBe(true);
      expect(await card.getByLabel('Comment (optional)').inputValue()).toBe('We publish a yearly market report.');
      await expectAccessible(page, '/r/<id> signed in, a verdict open');
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'result-feedback');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'result-feedback-dark');
      await page.emulateMedia({ colorScheme: 'light' });

      await verdicts.getByRole('radio', { name: 'Helpful' }).check();
      await card.getByLabel('Comment (optional)').fill('');
      await card.getByRole('button', { name: `Send your verdict on ${dimension.dimensionName}` }).click();
      await expectVisible(card.getByRole('status').filter({ hasText: 'Changed. Thank you.' }));
      await page.reload();
      await openCard(page, dimension.dimensionName);
      await expectVisible(card.getByText('You said: helpful'));

      // The score as a whole: a verdict of its own.
      const whole = page.locator('.verdict-section');
      await whole.getByText('Tell us about the score as a whole').click();
      await whole.getByRole('radio', { name: 'Too low' }).check();
      await whole.getByRole('button', { name: 'Send your verdict on the score as a whole' }).click();
      await expectVisible(whole.getByText('You said: too low'));
      expectNoConsoleErrors();
    },
    2 * SCORE_TIMEOUT_MS,
  );

  it('shows the refusal of a verdict in the API words', async () => {
    // A result erased while its page was open: the API answers 404 with its message.
    const id = crypto.randomUUID();
    const result = { ...fixtureResult(), id, url: 'https://erased.example/' };
    await web.app.database.db.insert(scoringResults).values({ id, accountId: null, url: result.url, result, createdAt: new Date() });
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'peer_1' });
    await page.goto(`/r/${id}`);
    await web.app.database.db.delete(scoringResults).where(eq(scoringResults.id, id));

    const whole = page.locator('.verdict-section');
    await whole.getByText('Tell us about the score as a whole').click();
    await whole.getByRole('radio', { name: 'Helpful' }).check();
    await whole.getByRole('button', { name: 'Send your verdict on the score as a whole' }).click();
    await expectVisible(whole.getByRole('alert').filter({ hasText: 'No result has this id.' }));
    expect(await whole.locator('[data-verdict-said]').innerText()).toBe('');
    expectNoConsoleErrors({ ignore: [/\/api\/feedback.*404|status of 404/] });
  });

  it(
    'scores a sixth company from the dashboard in the segment: the comparison appears on its product and on the first result',
    async () => {
      await paid('peer_6');
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'peer_6' });
      await page.goto('/app');
      await page.getByLabel('Company web address').fill(`${sixthSite.origin}/`);
      await page.getByLabel('Name (optional)').fill('Third Burrow');
      await page.getByLabel('Market segment (optional)').selectOption({ label: SEGMENT_LABEL });
      await page.getByRole('button', { name: 'Score my site' }).click();
      await page.waitForURL(PRODUCT_PATH, { timeout: SCORE_TIMEOUT_MS });

      // What a result's account sees through the API is what its pages show: the pool without that account.
      const format = (value: number) => String(Math.round(value * 100) / 100);
      const lineOf = async (id: string, owner: string) => {
        const figures = (await api(owner, 'GET', `/api/benchmarks?segment=${SEGMENT}`)).body;
        const standing = (await api(owner, 'GET', `/api/scores/${id}/percentile`)).body;
        expect(figures.available).toBe(true);
        return {
          figures,
          line: `In ${SEGMENT_LABEL}: percentile ${standing.total.percentile} of peers; median total ${format(figures.total.p50)} (quartiles ${format(figures.total.p25)}–${format(figures.total.p75)}), from 5 companies.`,
        };
      };

      const productScores = (await (await page.request.get(`/api/products/${PRODUCT_PATH.exec(page.url())![1]}/scores`)).json()) as {
        scores: { id: string }[];
      };
      const productLine = (await lineOf(productScores.scores[0]!.id, 'peer_6')).line;
      await expectVisible(page.getByText(productLine));
      await page.goto('/app');
      const card = page.locator('.product-card').filter({ hasText: 'Third Burrow' });
      await expectVisible(card.getByText(productLine));
      await expectAccessible(page, '/app with the comparison');
      await saveScreenshot(page, 'app-dashboard-peers');
      expectNoConsoleErrors();

      // The first result's page, now with the comparison, for a visitor: peer_1's result among the five other accounts.
      const visitor = await openPage(web.baseUrl);
      const first = results[0]!;
      const { figures, line } = await lineOf(first.id, 'peer_1');
      await visitor.page.goto(`/r/${first.id}`);
      await expectVisible(visitor.page.getByText(line));
      expect(await visitor.page.locator('.peer-median').count()).toBe(27);
      const median = figures.dimensions.find((d: { dimensionId: string }) => d.dimensionId === first.dimensions[0]!.dimensionId).p50;
      await expectVisible(dimensionCard(visitor.page, first.dimensions[0]!.dimensionName).getByText(`Peers' median ${format(median)}`));
      await expectAccessible(visitor.page, '/r/<id> with the comparison');
      await saveScreenshot(visitor.page, 'result-peers');
      visitor.expectNoConsoleErrors();
    },
    2 * SCORE_TIMEOUT_MS,
  );

  it('invites a visitor once to sign in, and brings them back to the result with its verdict forms', async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    const first = results[0]!;
    await page.goto(`/r/${first.id}`);
    expect(await page.getByRole('link', { name: 'Sign in to tell us a score is wrong' }).count()).toBe(1);
    expect(await page.getByText('Is this level right?').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in to tell us a score is wrong' }).click();
    await page.waitForURL(/\/sign-in\?next=/);
    await page.locator('[name="sub"]').fill('visitor_then_member');
    await Promise.all([page.waitForURL(new RegExp(`/r/${first.id}$`)), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(await page.getByText('Is this level right?').count()).toBe(27);
    expectNoConsoleErrors();
  });
});

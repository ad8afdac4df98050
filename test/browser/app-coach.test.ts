/**
 * The coach in the browser (/app/coach): a member scores a fixture site,
 * picks the result, asks a suggested question and watches the answer stream
 * in as Markdown turned into elements, with dimension names linked to the
 * result page. Model text holding HTML stays text. Stop really aborts: the
 * model behind the app (a local OpenAI-compatible server) sees its request
 * closed mid-answer. Refusals (429, 402, and the read-only 403) are shown
 * with their message and action.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { READ_ONLY_FROM_DAY } from '../../src/modules/onboarding/trial.ts';
import { SESSION_COOKIE } from '../../src/http/authentication.ts';
import { startFakeOpenAi, type FakeOpenAiServer, type ScriptedReply } from '../fakes/openai-compatible.ts';
import { expectAccessible, expectVisible, openPage, saveScreenshot, signIn, startWebApp, type WebApp } from './browser-harness.ts';

const SITE = 'lumenfield-platform';
const DAY_MS = 24 * 60 * 60 * 1000;
const STREAM_TEST_TIMEOUT_MS = 120_000;

/** Scores the fixture site with the page's own session, as the dashboard's script would; returns the result's id. */
async function scoreInPage(page: Page, url: string): Promise<string> {
  const answer = await page.evaluate(async (address) => {
    const response = await fetch('/api/score', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: address }),
    });
    return { status: response.status, body: (await response.json()) as { id?: string } };
  }, url);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.id!;
}

/** Asks `count` questions through the API with the page's session, reading each stream to its end; returns their statuses. */
async function chatInPage(page: Page, resultId: string, count: number): Promise<number[]> {
  return page.evaluate(
    async ({ id, times }) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++) {
        const response = await fetch('/api/chat', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [{ role: 'user', content: `Question ${i}` }], resultId: id }),
        });
        await response.text();
        statuses.push(response.status);
      }
      return statuses;
    },
    { id: resultId, times: count },
  );
}

describe('the coach in the browser', () => {
  let web: WebApp;
  let llm: FakeOpenAiServer;
  // The app's time, moved by hand to pass a rate-limit window and the trial's read-only day.
  const clock = new ManualClock(new Date());
  /** What the model answers a chat request with; a scoring refinement is refused, so scores stay deterministic. */
  let chatReply: ScriptedReply = { content: 'Hello.' };

  beforeAll(async () => {
    llm = await startFakeOpenAi((request) => (request.body.response_format ? { httpError: { status: 500, message: 'no refinement here' } } : chatReply));
    web = await startWebApp({ clock, env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-coach', LLM_TIMEOUT_MS: '10000' } });
  });
  afterAll(async () => {
    await web?.close();
    await llm?.close();
  });

  it(
    'picks a result, streams the answer to a suggested question as Markdown, and links the dimensions it names',
    async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'coach_reader' });
      await page.goto('/app/coach');
      await expectVisible(page.getByRole('heading', { name: 'Score a site first' }));
      await expectVisible(page.getByRole('link', { name: 'Go to the dashboard to score' }));

      const resultId = await scoreInPage(page, web.fixtureSiteUrl(SITE));
      await page.goto('/app/coach');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'Coach' }));
      const choice = page.locator(`a[href="/app/coach?result=${resultId}"]`);
      await expectVisible(choice);
      await expectAccessible(page, 'coach: picker');
      await saveScreenshot(page, 'app-coach-picker');

      await choice.click();
      await page.waitForURL(`**/app/coach?result=${resultId}`);
      await expectVisible(page.getByRole('heading', { level: 1, name: /^Coach: / }));
      await expectVisible(page.getByRole('link', { name: 'Open the full result' }));
      const suggestions = page.locator('[data-coach-question]');
      expect(await suggestions.count()).toBeGreaterThanOrEqual(2);
      const question = (await suggestions.first().innerText()).trim();
      expect(question).toMatch(/^How do we improve .+ from level \d\?$/);
      await expectAccessible(page, 'coach: conversation, before asking');

      // A Markdown answer, streamed slowly enough to watch it arrive.
      const markdown = [
        '## Where to start',
        '',
        'Your **Pricing & Packaging** is the cheapest step: see decision_quality too, and *why* it matters.',
        '',
        '- Publish a `pricing` page',
        '- Read [the guide](https://docs.example/pricing) and [our plans](/pricing)',
        '',
        '1. First step',
        '2. Second step',
        '',
        'That is the whole plan.',
      ].join('\n');
      chatReply = { content: markdown, chunkChars: 6, delayBetweenChunksMs: 40 };
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/chat') && request.method() === 'POST');
      await suggestions.first().click();
      // The first question starts the kept conversation about the result, and goes to it alone (the server holds the rest).
      const body = (await sent).postDataJSON() as { messages: { role: string; content: string }[]; conversationId: string };
      expect(body).toEqual({ messages: [{ role: 'user', content: question }], conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const kept = (await (await page.request.get(`/api/coach/conversations/${body.conversationId}`)).json()) as { resultId: string };
      expect(kept.resultId).toBe(resultId);

      const answer = page.locator('.coach-turn-assistant').last();
      const stop = page.getByRole('button', { name: 'Stop the answer' });
      // The beginning is on the page while the rest is still on its way.
      await expectVisible(answer.getByRole('heading', { name: 'Where to start' }));
      expect(await stop.isVisible()).toBe(true);
      expect(await answer.innerText()).not.toContain('That is the whole plan.');
      await expectVisible(answer.getByText('That is the whole plan.'), 15_000);
      await page.waitForFunction(() => !document.querySelector('.coach-turn-assistant[aria-busy]'));
      expect(await stop.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('coach-question');

      // Markdown became elements.
      expect(await answer.locator('h3').innerText()).toBe('Where to start');
      // Bold around a dimension's name: the name links to it (in a new tab, so the conversation stays).
      expect(await answer.locator('strong > a').textContent()).toBe('Pricing & Packaging (opens in a new tab)');
      expect(await answer.locator('strong > a').getAttribute('target')).toBe('_blank');
      expect(await answer.locator('em').innerText()).toBe('why');
      expect(await answer.locator('ul > li').count()).toBe(2);
      expect(await answer.locator('ol > li').allInnerTexts()).toEqual(['First step', 'Second step']);
      expect(await answer.locator('code').innerText()).toBe('pricing');
      // Dimensions named by name or id link to their place on the result page; other links keep their address.
      const hrefs = await answer.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual([
        `/r/${resultId}#dimension-pricing_packaging`,
        `/r/${resultId}#dimension-decision_quality`,
        'https://docs.example/pricing',
        '/pricing',
      ]);
      // The model was given the chosen result.
      expect(JSON.stringify(llm.requests.at(-1)!.body.messages[0])).toContain('Lumenfield');

      // The next turn goes to the kept conversation; the model is given the conversation so far from it.
      chatReply = { content: 'Start this week.' };
      const followUp = page.waitForRequest((request) => request.url().endsWith('/api/chat') && request.method() === 'POST');
      await page.getByLabel('Your question').fill('And after that?');
      await page.getByLabel('Your question').press('Enter');
      const next = (await followUp).postDataJSON() as { messages: { role: string; content: string }[]; conversationId: string };
      expect(next).toEqual({ messages: [{ role: 'user', content: 'And after that?' }], conversationId: body.conversationId });
      await expectVisible(page.locator('.coach-turn-assistant').last().getByText('Start this week.'));
      const toModel = llm.requests.at(-1)!.body.messages.filter((m) => m.role !== 'system');
      expect(toModel.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
      expect(toModel[0]!.content).toBe(question);
      expect(toModel[1]!.content).toBe(markdown);

      await expectAccessible(page, 'coach: conversation');
      await saveScreenshot(page, 'app-coach');
      await page.emulateMedia({ colorScheme: 'dark' });
      await saveScreenshot(page, 'app-coach-dark');
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'app-coach-narrow');
      await page.emulateMedia({ colorScheme: 'light' });
      expectNoConsoleErrors();
    },
    STREAM_TEST_TIMEOUT_MS,
  );

  it("shows HTML in the model's text as text: no element is made from it, no script runs", async () => {
    const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
    await signIn(page, { sub: 'coach_injection' });
    const resultId = await scoreInPage(page, web.fixtureSiteUrl(SITE));
    await page.goto(`/app/coach?result=${resultId}`);
    const hostile =
      'Look: <img src=x onerror="window.pwned=1"> then <script>window.pwned=2</script> **<b>bold</b>** [bad](javascript:window.pwned=3) [also bad](//evil.example/x)';
    chatReply = { content: hostile, chunkChars: 7 };
    await page.getByLabel('Your question').fill('Anything else?');
    await page.getByRole('button', { name: 'Ask the coach' }).click();
    const answer = page.locator('.coach-turn-assistant').last();
    await expectVisible(answer.getByText('also bad'));
    await page.waitForFunction(() => !document.querySelector('.coach-turn-assistant[aria-busy]'));

    expect(await answer.locator('img, script, b, iframe').count()).toBe(0);
    expect(await answer.locator('a').count()).toBe(0);
    expect(await answer.innerText()).toContain('<img src=x onerror="window.pwned=1">');
    expect(await answer.innerText()).toContain('<script>window.pwned=2</script>');
    expect(await answer.locator('strong').innerText()).toBe('<b>bold</b>');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expectNoConsoleErrors();
  });

  it(
    'stops a stream mid-way: the partial answer stays, marked, and the model sees the connection close',
    async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'coach_stopper' });
      const resultId = await scoreInPage(page, web.fixtureSiteUrl(SITE));
      await page.goto(`/app/coach?result=${resultId}`);
      const words = 400;
      chatReply = { content: 'word '.repeat(words), chunkChars: 5, delayBetweenChunksMs: 40 };
      await page.getByLabel('Your question').fill('Tell me everything.');
      await page.getByRole('button', { name: 'Ask the coach' }).click();
      const answer = page.locator('.coach-turn-assistant').last();
      await expectVisible(answer.getByText(/word word word/));
      const upstream = llm.requests.at(-1)!;
      const stop = page.getByRole('button', { name: 'Stop the answer' });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stop the answer');
      await stop.click();

      // The app closed its own request to the model because the browser went away: the server saw the disconnect.
      await Promise.race([upstream.disconnected, new Promise((_, fail) => setTimeout(() => fail(new Error('the model never saw the request close')), 5_000))]);
      expect(upstream.clientDisconnected).toBe(true);
      expect(upstream.chunksWritten).toBeLessThan(words);

      await expectVisible(answer.getByText('Stopped: the answer above is cut short.'));
      expect(await answer.getAttribute('data-state')).toBe('stopped');
      const kept = (await answer.locator('.coach-answer').innerText()).match(/word/g)?.length ?? 0;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(words);
      expect(await stop.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('coach-question');
      expectNoConsoleErrors();
    },
    STREAM_TEST_TIMEOUT_MS,
  );

  it(
    'shows the 429 and the 402 refusals with their message and action, and gives the question back',
    async () => {
      const { page, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'coach_quota' });
      const resultId = await scoreInPage(page, web.fixtureSiteUrl(SITE));
      await page.goto(`/app/coach?result=${resultId}`);
      chatReply = { content: 'Fine.' };
      // Thirty questions: the chat window's limit and the Free plan's month, both used up at once.
      expect(await chatInPage(page, resultId, 30)).toEqual(Array.from({ length: 30 }, () => 200));

      const input = page.getByLabel('Your question');
      await input.fill('One more?');
      await page.getByRole('button', { name: 'Ask the coach' }).click();
      const alert = page.getByRole('alert');
      await expectVisible(alert.getByRole('heading', { name: 'Too many questions for now' }));
      expect(await alert.innerText()).toContain('Too many chat requests: the limit is 30 per 60 seconds.');
      expect(await alert.innerText()).toMatch(/Wait \d+ seconds before retrying\./);
      expect(await input.inputValue()).toBe('One more?');
      expect(await page.locator('.coach-turn').count()).toBe(0);
      await expectAccessible(page, 'coach: rate limited');
      await saveScreenshot(page, 'app-coach-refused');

      clock.advance(61_000);
      await page.getByRole('button', { name: 'Ask the coach' }).click();
      await expectVisible(alert.getByRole('heading', { name: 'No chat messages left this period' }));
      expect(await alert.innerText()).toContain('The Free plan allows 30 chat messages per billing period, and all are used.');
      const upgrade = alert.getByRole('link', { name: 'See plans and upgrade' });
      expect(await upgrade.getAttribute('href')).toBe('/app/settings/billing');
      // The browser's own note of each refused request is not an error of the page's.
      expectNoConsoleErrors({ ignore: [/status of 429/, /status of 402/] });
    },
    STREAM_TEST_TIMEOUT_MS,
  );

  it(
    'shows the read-only refusal (the flat error shape) with what lifts it',
    async () => {
      const { page, context, expectNoConsoleErrors } = await openPage(web.baseUrl);
      await signIn(page, { sub: 'coach_paused' });
      const resultId = await scoreInPage(page, web.fixtureSiteUrl(SITE));
      await page.goto(`/app/coach?result=${resultId}`);
      const startedAt = clock.now();
      // The trial reaches its read-only day while the page is open; the session is renewed for that day.
      clock.advance((READ_ONLY_FROM_DAY + 1) * DAY_MS);
      try {
        await context.addCookies([{ name: SESSION_COOKIE, value: await web.app.token({ sub: 'coach_paused' }), url: web.baseUrl }]);
        await page.getByLabel('Your question').fill('Can we still talk?');
        await page.getByRole('button', { name: 'Ask the coach' }).click();
        const alert = page.getByRole('alert');
        await expectVisible(alert.getByRole('heading', { name: 'This account is read-only' }));
        expect(await alert.innerText()).toContain('read-only');
        expect(await alert.getByRole('link', { name: 'Open the onboarding checklist' }).getAttribute('href')).toBe('/app/onboarding');
        expectNoConsoleErrors({ ignore: [/status of 403/] });
      } finally {
        clock.set(startedAt);
      }
    },
    STREAM_TEST_TIMEOUT_MS,
  );
});

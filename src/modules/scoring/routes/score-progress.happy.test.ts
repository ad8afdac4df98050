/**
 * Live scoring progress over Server-Sent Events: over real HTTP, parsed by a
 * real SSE parser, against fixture sites served on 127.0.0.1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { startFakeOpenAi } from '../../../../test/fakes/openai-compatible.ts';
import { postSse, type SseTranscript } from '../../../../test/sse-client.ts';
import { ManualClock } from '../../../clock.ts';
import { QUICK_SCORE_MAX_PAGES } from '../judge-crawl.ts';
import type { ScoringResult } from '../result-schema.ts';
import type { ScoreProgress } from '../scoring-service.ts';
import { PROGRESS_COALESCE_MS } from './score-progress-stream.ts';

let t: TestApp;
let base: string;
let mature: ServedSite;
let seed: ServedSite;
const hostOf = (site: ServedSite) => new URL(site.origin).host;

beforeAll(async () => {
  mature = await serveSite(path.join(SITES_DIR, 'lumenfield-platform'));
  seed = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    // TRUST_PROXY: each anonymous test comes from an address of its own (X-Forwarded-For), under its own cap.
    env: { CRAWL_ALLOWLIST: `${hostOf(mature)},${hostOf(seed)}`, TRUST_PROXY: '127.0.0.1' },
  });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await mature.close();
  await seed.close();
});

const STREAM = { accept: 'text/event-stream' };

type StreamedResult = { result: ScoringResult; claimToken?: string };

/** The transcript's events by kind, checked for the order every stream keeps: progress, one result, [DONE]. */
function readScoreStream(transcript: SseTranscript): { progress: ScoreProgress[]; ended: StreamedResult } {
  expect(transcript.status).toBe(200);
  expect(transcript.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(transcript.headers.get('cache-control')).toContain('no-cache');
  const names = transcript.events.map((e) => e.event ?? (e.data === '[DONE]' ? '[DONE]' : 'unnamed'));
  const progressCount = names.filter((name) => name === 'progress').length;
  expect(progressCount).toBeGreaterThan(0);
  expect(names).toEqual([...Array<string>(progressCount).fill('progress'), 'result', '[DONE]']);
  const progress = transcript.events.filter((e) => e.event === 'progress').map((e) => JSON.parse(e.data) as ScoreProgress);
  const ended = JSON.parse(transcript.events.find((e) => e.event === 'result')!.data) as StreamedResult;
  return { progress, ended };
}

function expectSteadyProgress(progress: ScoreProgress[], pageLimit: number, afterCrawl: ScoreProgress['stage'][] = ['scoring']) {
  const stages = progress.map((p) => p.stage);
  const firstScoring = stages.indexOf('scoring');
  expect(firstScoring).toBeGreaterThan(0);
  expect(stages.slice(0, firstScoring).every((stage) => stage === 'crawling')).toBe(true);
  expect(stages.slice(firstScoring)).toEqual(afterCrawl);
  for (const [index, state] of progress.entries()) {
    expect(state.pageLimit).toBe(pageLimit);
    expect(state.pagesFetched).toBeLessThanOrEqual(state.pagesFound);
    expect(state.pagesAnalysed).toBeLessThanOrEqual(state.pagesFetched);
    const before = progress[index - 1];
    if (!before) continue;
    expect(state.pagesFound).toBeGreaterThanOrEqual(before.pagesFound);
    expect(state.pagesFetched).toBeGreaterThanOrEqual(before.pagesFetched);
    expect(state.pagesAnalysed).toBeGreaterThanOrEqual(before.pagesAnalysed);
  }
  // The crawl's last state reaches the client before `scoring`, which carries the same counts.
  const { stage: _lastCrawling, ...crawled } = progress[firstScoring - 1]!;
  const { stage: _scoring, ...scored } = progress[firstScoring]!;
  expect(scored).toEqual(crawled);
}

describe('POST /api/score with Accept: text/event-stream', () => {
  it("streams the crawl's progress, then the stored result, then [DONE], with the rate-limit headers of the JSON answer", async () => {
    const headers = await t.authHeaders({ sub: 'stream_full' });
    const startedAt = performance.now();
    const transcript = await postSse(`${base}/api/score`, { url: `${mature.origin}/` }, { headers: { ...headers, ...STREAM } });
    const elapsedMs = performance.now() - startedAt;
    const { progress, ended } = readScoreStream(transcript);
    expect(transcript.headers.get('ratelimit-policy')).toBe('"score";q=5;w=60');
    expect(transcript.headers.get('score-claim-token')).toBeNull();

    expect(progress[0]).toMatchObject({ stage: 'crawling', pagesFound: 1, pagesFetched: 0, pagesAnalysed: 0 });
    expectSteadyProgress(progress, t.config.crawl.maxPages);
    const final = progress.at(-1)!;
    expect(final.pagesFetched).toBeGreaterThan(10);
    expect(final.pagesFound).toBeGreaterThanOrEqual(final.pagesFetched);
    expect(final.pagesAnalysed).toBeGreaterThanOrEqual(ended.result.crawlStats!.pagesAnalyzed);
    // Coalesced: at most one crawling event per PROGRESS_COALESCE_MS (the stage changes are sent at once).
    const crawling = progress.filter((p) => p.stage === 'crawling').length;
    expect(crawling).toBeLessThanOrEqual(Math.ceil(elapsedMs / PROGRESS_COALESCE_MS) + 1);

    expect(Object.keys(ended)).toEqual(['result']);
    const shared = await t.app.inject({ method: 'GET', url: `/api/score/${ended.result.id}` });
    expect(shared.statusCode).toBe(200);
    expect(ended.result).toEqual(shared.json());
    const history = (await t.app.inject({ method: 'GET', url: '/api/scores', headers })).json().scores;
    expect(history.map((s: { id: string }) => s.id)).toEqual([ended.result.id]);
  });

  it('gives the same result as the JSON answer for the same site, apart from id and createdAt; without the header the answer is JSON', async () => {
    const headers = await t.authHeaders({ sub: 'stream_same' });
    const json = await t.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: seed.origin } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    const plain = json.json<ScoringResult>();

    const transcript = await postSse(`${base}/api/score/quick`, { url: seed.origin }, { headers: { ...headers, ...STREAM } });
    const { progress, ended } = readScoreStream(transcript);
    expectSteadyProgress(progress, QUICK_SCORE_MAX_PAGES);
    const strip = ({ id: _id, createdAt: _createdAt, ...rest }: ScoringResult) => rest;
    expect(ended.result.id).not.toBe(plain.id);
    expect(strip(ended.result)).toEqual(strip(plain));
  });
});

describe('POST /api/score/product with Accept: text/event-stream', () => {
  it("streams a product's score like an address's; the result carries the product", async () => {
    const headers = await t.authHeaders({ sub: 'stream_product' });
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'Burrowly', url: `${seed.origin}/` } });
    expect(created.statusCode).toBe(201);
    const productId = created.json().id as string;
    const transcript = await postSse(`${base}/api/score/product`, { productId }, { headers: { ...headers, ...STREAM } });
    const { progress, ended } = readScoreStream(transcript);
    expectSteadyProgress(progress, t.config.crawl.maxPages);
    expect(ended.result.productId).toBe(productId);
    expect(ended.result.companyName).toBe('Burrowly');
  });
});

describe('POST /api/try-score with Accept: text/event-stream', () => {
  it('carries the claim token in the result event, and POST /api/score/link takes it', async () => {
    const transcript = await postSse(`${base}/api/try-score`, { url: seed.origin }, { headers: { ...STREAM, 'x-forwarded-for': '198.51.100.31' } });
    const { progress, ended } = readScoreStream(transcript);
    // A try is a full score: its page cap is the full crawl's.
    expectSteadyProgress(progress, t.config.crawl.maxPages);
    expect(ended.result.depth).toBe('full');
    expect(transcript.headers.get('score-claim-token')).toBeNull();
    expect(ended.claimToken).toMatch(/^[\w-]{20,}$/);

    const headers = await t.authHeaders({ sub: 'stream_linker' });
    const linked = await t.app.inject({ method: 'POST', url: '/api/score/link', headers, payload: { id: ended.result.id, claimToken: ended.claimToken } });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual(ended.result);
  });
});

describe('with a language model configured', () => {
  it('reports the refinement as its own stage after scoring', async () => {
    // The provider fails: the deterministic result stands, but the refinement did run.
    const llm = await startFakeOpenAi();
    llm.respondWith({ httpError: { status: 500 } });
    const refined = await startTestApp({
      clock: new ManualClock(FIXTURE_CRAWL_DATE),
      env: { CRAWL_ALLOWLIST: hostOf(seed), LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'refiner', LLM_TIMEOUT_MS: '3000' },
    });
    try {
      const refinedBase = await refined.listen();
      const headers = await refined.authHeaders({ sub: 'stream_refined' });
      const transcript = await postSse(`${refinedBase}/api/score/quick`, { url: seed.origin }, { headers: { ...headers, ...STREAM } });
      const { progress } = readScoreStream(transcript);
      expectSteadyProgress(progress, QUICK_SCORE_MAX_PAGES, ['scoring', 'refining']);
      expect(llm.requests.length).toBeGreaterThan(0);
    } finally {
      await refined.close();
      await llm.close();
    }
  });
});

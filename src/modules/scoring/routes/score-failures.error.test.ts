/**
 * A score that fails on our side (SCORE_FAILED), and a client that leaves
 * before its score is stored: both refund, store nothing, and only the first
 * is an error of ours.
 */
import diagnostics from 'node:diagnostics_channel';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFixtureServer, withCounters, type FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';
import { ApiError, START_OVER_ADVICE } from '../../../http/errors.ts';
import { judgeCrawl } from '../judge-crawl.ts';

type Judge = typeof judgeCrawl;

let t: TestApp;
let base: string;
let site: ServedSite;
/** A site whose start page never answers; counts the start-page requests the crawler gave up on. */
let stalled: FixtureServer & { readonly abandoned: number };
/** What the app's judge does in the current test. */
let judge: Judge = judgeCrawl;
/** Errors thrown by route handlers (Fastify's diagnostics channel): a thrown non-ApiError is logged as an 'unhandled error'. */
const handlerErrors: unknown[] = [];
const handlerChannel = diagnostics.tracingChannel<unknown, { error?: unknown }>('fastify.request.handler');
const ignore = () => {};
const handlerSubscribers = {
  start: ignore,
  end: ignore,
  asyncStart: ignore,
  asyncEnd: ignore,
  error: (store: { error?: unknown }) => void handlerErrors.push(store.error),
};

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  let abandoned = 0;
  const server = await startFixtureServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response.on('close', () => abandoned++);
  });
  stalled = withCounters(server, { abandoned: () => abandoned });
  t = await startTestApp({
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    env: { CRAWL_ALLOWLIST: [new URL(site.origin).host, stalled.allowlistEntry].join(',') },
    scoringJudge: (input, deps) => judge(input, deps),
  });
  base = await t.listen();
  handlerChannel.subscribe(handlerSubscribers);
});
afterAll(async () => {
  handlerChannel.unsubscribe(handlerSubscribers);
  await t.close();
  await Promise.all([site.close(), stalled.close()]);
});
beforeEach(() => {
  judge = judgeCrawl;
  handlerErrors.length = 0;
});

async function used(headers: Record<string, string>) {
  const usage = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
  return { credits: usage.credits.used, scores: usage.scores.used };
}

async function history(headers: Record<string, string>) {
  return (await t.app.inject({ method: 'GET', url: '/api/scores', headers })).json().scores;
}

/** POST /api/score over a real connection that the test can cut. */
function startScore(headers: Record<string, string>, url: string): http.ClientRequest {
  const request = http.request(`${base}/api/score`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } });
  request.on('error', () => {});
  request.end(JSON.stringify({ url }));
  return request;
}

describe('SCORE_FAILED', () => {
  it('answers 500 SCORE_FAILED without internal detail when the engine fails, refunds, and stores nothing', async () => {
    judge = async () => {
      throw new Error('the engine fell over: internal detail');
    };
    const headers = await t.authHeaders({ sub: 'score_failed' });
    const response = await t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Score failed', code: 'SCORE_FAILED', message: 'Scoring failed. Please try again later.' });
    expect(response.body).not.toContain('internal detail');
    expect(await used(headers)).toEqual({ credits: 0, scores: 0 });
    expect(await history(headers)).toEqual([]);
  });
});

describe('a client that leaves before its score is stored', () => {
  it('mid-crawl: the crawl stops, the score is refunded, nothing is stored, and nothing is reported as our error', async () => {
    const headers = await t.authHeaders({ sub: 'gone_mid_crawl' });
    const request = startScore(headers, `${stalled.url}/`);
    await expect.poll(() => stalled.paths().includes('/')).toBe(true);
    expect(await used(headers)).toEqual({ credits: 10, scores: 1 });

    request.destroy();
    await vi.waitFor(() => expect(stalled.abandoned).toBe(1));
    await vi.waitFor(async () => expect(await used(headers)).toEqual({ credits: 0, scores: 0 }));
    expect(await history(headers)).toEqual([]);
    expect(handlerErrors).toEqual([]);
  });

  it('during refinement: the result that comes back anyway is not stored, and the score is refunded', async () => {
    let judging!: () => void;
    const judgeStarted = new Promise<void>((resolve) => (judging = resolve));
    let judged = false;
    judge = async (input, deps) => {
      judging();
      // A refiner cut short by the abort returns the deterministic result.
      await new Promise((resolve) => input.signal!.addEventListener('abort', resolve, { once: true }));
      const result = await judgeCrawl(input, deps);
      judged = true;
      return result;
    };
    const headers = await t.authHeaders({ sub: 'gone_while_judging' });
    const request = startScore(headers, site.origin);
    await judgeStarted;

    request.destroy();
    await vi.waitFor(() => expect(judged).toBe(true));
    await vi.waitFor(async () => expect(await used(headers)).toEqual({ credits: 0, scores: 0 }));
    expect(await history(headers)).toEqual([]);
    expect(handlerErrors).toEqual([]);
  });
});

describe('an account erased while its score runs', () => {
  it('ends the score with 404 ACCOUNT_DELETED, re-creates nothing, and reports no error of ours', async () => {
    let judging!: () => void;
    const judgeStarted = new Promise<void>((resolve) => (judging = resolve));
    let erased!: () => void;
    const erasure = new Promise<void>((resolve) => (erased = resolve));
    judge = async (input, deps) => {
      judging();
      await erasure;
      return judgeCrawl(input, deps);
    };
    const headers = await t.authHeaders({ sub: 'erased_mid_score' });
    const scoring = t.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    await judgeStarted;
    const deletion = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers, payload: { confirmation: 'DELETE' } });
    expect(deletion.statusCode).toBe(200);
    erased();

    const response = await scoring;
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'ACCOUNT_DELETED', message: 'This account has been deleted.', details: START_OVER_ADVICE });
    // The deliberate 404 is the only thing the handler threw: no database error on the way.
    expect(handlerErrors.map((error) => (error instanceof ApiError ? error.code : String(error)))).toEqual(['ACCOUNT_DELETED']);
    // The open tab's next request does not bring the account back.
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).statusCode).toBe(404);
  });
});

/**
 * The progress stream when things go wrong: refusals decided before the
 * stream answer as JSON; failures after it began end it with an `error`
 * event and [DONE], refunded; a client that leaves mid-crawl stops the crawl
 * and is refunded. Over real HTTP, against servers on 127.0.0.1.
 */
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { htmlPage, startFixtureServer, withCounters, type FixtureServer } from '../../../../test/fixtures/hostile/fixture-server.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postSse, type SseTranscript } from '../../../../test/sse-client.ts';
import { ManualClock } from '../../../clock.ts';
import type { ScoringResult } from '../result-schema.ts';

let t: TestApp;
let base: string;
let site: ServedSite;
/** A site whose start page answers at once and links to pages that never answer; counts the slow requests given up on. */
let hanging: FixtureServer & { readonly abandoned: number };
let closedPort: number;

const SLOW_PAGES = ['/slow-1', '/slow-2', '/slow-3'];

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  let abandoned = 0;
  const server = await startFixtureServer((request, response) => {
    if (request.url === '/') {
      const links = SLOW_PAGES.map((page) => `<a href="${page}">${page.slice(1)}</a>`).join(' ');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(htmlPage('Hanging', `<p>${links}</p>`));
      return;
    }
    if (!SLOW_PAGES.includes(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    response.on('close', () => abandoned++);
  });
  hanging = withCounters(server, { abandoned: () => abandoned });
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  t = await startTestApp({
    clock: new ManualClock(FIXTURE_CRAWL_DATE),
    env: {
      CRAWL_ALLOWLIST: [new URL(site.origin).host, hanging.allowlistEntry, `127.0.0.1:${closedPort}`].join(','),
      // Each anonymous test comes from an address of its own (X-Forwarded-For).
      TRUST_PROXY: '127.0.0.1',
      SSE_HEARTBEAT_MS: '50',
    },
  });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await Promise.all([site.close(), hanging.close()]);
});

const STREAM = { accept: 'text/event-stream' };

async function used(headers: Record<string, string>) {
  const usage = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
  return { credits: usage.credits.used, scores: usage.scores.used };
}

async function history(headers: Record<string, string>) {
  return (await t.app.inject({ method: 'GET', url: '/api/scores', headers })).json().scores;
}

/** The stream's `error` event, checked to be the last event before [DONE] with no result before it. */
function streamedError(transcript: SseTranscript): { code: string; message: string; status: number } {
  expect(transcript.status).toBe(200);
  expect(transcript.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  const names = transcript.events.map((e) => e.event ?? e.data);
  expect(names.at(-1)).toBe('[DONE]');
  expect(names.at(-2)).toBe('error');
  expect(names.slice(0, -2).every((name) => name === 'progress')).toBe(true);
  return JSON.parse(transcript.events.at(-2)!.data);
}

describe('refusals decided before the stream', () => {
  it('answers the anonymous cap on a second try with 429 JSON, not a stream', async () => {
    const from = { ...STREAM, 'x-forwarded-for': '198.51.100.41' };
    const first = await postSse(`${base}/api/try-score`, { url: site.origin }, { headers: from });
    expect(first.status).toBe(200);
    expect(first.events.map((e) => e.event).filter((name) => name === 'result')).toHaveLength(1);

    const second = await postSse(`${base}/api/try-score`, { url: site.origin }, { headers: from });
    expect(second.status).toBe(429);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.events).toEqual([]);
    expect(JSON.parse(second.body)).toMatchObject({ error: { code: 'SCORING_RATE_LIMITED' } });
  });

  it('answers a request without a valid body with 400 JSON, not a stream', async () => {
    const headers = await t.authHeaders({ sub: 'stream_bad_body' });
    const response = await postSse(`${base}/api/score`, { address: site.origin }, { headers: { ...headers, ...STREAM } });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(await used(headers)).toEqual({ credits: 0, scores: 0 });
  });
});

describe('failures after the stream began', () => {
  it('ends with an error event carrying CRAWL_FAILED, its message and 422, then [DONE], and charges nothing', async () => {
    const headers = await t.authHeaders({ sub: 'stream_crawl_failed' });
    const transcript = await postSse(`${base}/api/score`, { url: `http://127.0.0.1:${closedPort}/` }, { headers: { ...headers, ...STREAM } });
    const error = streamedError(transcript);
    expect(error).toEqual({ code: 'CRAWL_FAILED', message: expect.stringMatching(/^The site could not be crawled: .*refused/i), status: 422 });
    expect(await used(headers)).toEqual({ credits: 0, scores: 0 });
    expect(await history(headers)).toEqual([]);
  });

  it('ends with an error event carrying INVALID_URL and 400 for an address that cannot be scored, and charges nothing', async () => {
    const headers = await t.authHeaders({ sub: 'stream_invalid_url' });
    const transcript = await postSse(`${base}/api/score/quick`, { url: 'http://10.0.0.8/admin' }, { headers: { ...headers, ...STREAM } });
    const error = streamedError(transcript);
    expect(error).toMatchObject({ code: 'INVALID_URL', status: 400 });
    expect(error.message.length).toBeGreaterThan(5);
    expect(await used(headers)).toEqual({ credits: 0, scores: 0 });
  });
});

describe('a client that leaves mid-crawl', () => {
  it('stops the crawl, is refunded, stores nothing; the stream sent progress and heartbeats until then', async () => {
    const headers = await t.authHeaders({ sub: 'stream_gone_mid_crawl' });
    const controller = new AbortController();
    const reading = postSse(`${base}/api/score`, { url: `${hanging.url}/` }, { headers: { ...headers, ...STREAM }, signal: controller.signal });
    await expect.poll(() => hanging.paths().filter((p) => SLOW_PAGES.includes(p)).length).toBe(SLOW_PAGES.length);
    expect(await used(headers)).toEqual({ credits: 10, scores: 1 });
    // Long enough for heartbeats (every 50 ms of silence) while the slow pages hang.
    await new Promise((resolve) => setTimeout(resolve, 300));

    controller.abort();
    const transcript = await reading;
    expect(transcript.status).toBe(200);
    const progress = transcript.events.map((e) => JSON.parse(e.data));
    expect(transcript.events.every((e) => e.event === 'progress')).toBe(true);
    expect(progress.at(-1)).toMatchObject({ stage: 'crawling', pagesFetched: 1, pagesAnalysed: 1, pagesFound: 1 + SLOW_PAGES.length });
    expect(transcript.comments.filter((c) => c.includes('keep-alive')).length).toBeGreaterThanOrEqual(2);

    await vi.waitFor(() => expect(hanging.abandoned).toBe(SLOW_PAGES.length));
    await vi.waitFor(async () => expect(await used(headers)).toEqual({ credits: 0, scores: 0 }));
    expect(await history(headers)).toEqual([]);
  });
});

describe('Idempotency-Key on a streamed score', () => {
  it('is not kept for replay: a retry after the stream ended runs again (and a JSON replay is never a broken stream)', async () => {
    const headers = { ...(await t.authHeaders({ sub: 'stream_idempotent' })), 'idempotency-key': 'stream-key-1' };
    const streamed = await postSse(`${base}/api/score/quick`, { url: site.origin }, { headers: { ...headers, ...STREAM } });
    const first = JSON.parse(streamed.events.find((e) => e.event === 'result')!.data).result as ScoringResult;

    const retry = await t.app.inject({ method: 'POST', url: '/api/score/quick', headers, payload: { url: site.origin } });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json<ScoringResult>().id).not.toBe(first.id);
    expect(await used(headers)).toEqual({ credits: 20, scores: 2 });

    // That JSON answer is kept: the same key now replays it, to a streaming client too.
    const replay = await postSse(`${base}/api/score/quick`, { url: site.origin }, { headers: { ...headers, ...STREAM } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(replay.body)).toEqual(retry.json());
    expect(await used(headers)).toEqual({ credits: 20, scores: 2 });
  });
});

/**
 * A score whose worker is in another instance: two apps on one database, the
 * first taking the request with its own score worker stopped, the second
 * running the job. Progress and the outcome cross through score_runs (no
 * in-process channel between them); a client that leaves cancels the run and
 * the other instance's crawl stops. Over real HTTP, against servers on
 * 127.0.0.1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDrip, type DripServer } from '../../../../test/fixtures/hostile/drip.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../../test/harness.ts';
import { postSse } from '../../../../test/sse-client.ts';
import { rowsOf } from '../../../db/client.ts';
import { SCORE_JOB } from '../score-job.ts';
import type { ScoreProgress } from '../scoring-service.ts';
import { sql } from 'drizzle-orm';

let database: TestDatabase;
let web: TestApp;
let worker: TestApp;
let base: string;
let site: ServedSite;
let drip: DripServer;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  drip = await startDrip(1000);
  database = await createTestDatabase();
  const env = { CRAWL_ALLOWLIST: `${new URL(site.origin).host},${drip.allowlistEntry}`, CRAWL_REQUEST_TIMEOUT_MS: '30000' };
  web = await startTestApp({ database, env });
  // This instance takes requests and enqueues; the other one runs every score.
  await web.services.scoreWorker.stop(0);
  worker = await startTestApp({ database, env });
  base = await web.listen();
});
afterAll(async () => {
  await web.close();
  await worker.close();
  await database.drop();
  await Promise.all([site.close(), drip.close()]);
});

async function used(headers: Record<string, string>) {
  const usage = (await web.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
  return { credits: usage.credits.used, scores: usage.scores.used };
}

async function activeScoreJobs(): Promise<number> {
  const schema = worker.services.jobs.engine.schema;
  const rows = rowsOf<{ n: number }>(
    await database.handle.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${schema}.job WHERE name = '${SCORE_JOB}' AND state = 'active'`)),
  );
  return rows[0]!.n;
}

describe('a score run by another instance', () => {
  it('streams the crawl progress written by the worker, then the stored result, charged once', async () => {
    const headers = await web.authHeaders({ sub: 'across_stream' });
    const transcript = await postSse(`${base}/api/score`, { url: site.origin }, { headers: { ...headers, accept: 'text/event-stream' } });
    expect(transcript.status).toBe(200);
    const names = transcript.events.map((e) => e.event ?? e.data);
    expect(names.at(-2)).toBe('result');
    expect(names.at(-1)).toBe('[DONE]');
    const progress = transcript.events.filter((e) => e.event === 'progress').map((e) => JSON.parse(e.data) as ScoreProgress);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)!.stage).toBe('scoring');
    const { result } = JSON.parse(transcript.events.find((e) => e.event === 'result')!.data) as { result: { id: string } };
    expect((await web.app.inject({ method: 'GET', url: `/api/score/${result.id}` })).statusCode).toBe(200);
    expect(await used(headers)).toEqual({ credits: 10, scores: 1 });
  });

  it('answers JSON with the result the other instance stored', async () => {
    const headers = await web.authHeaders({ sub: 'across_json' });
    const response = await web.app.inject({ method: 'POST', url: '/api/score', headers, payload: { url: site.origin } });
    expect(response.statusCode).toBe(200);
    expect((await web.app.inject({ method: 'GET', url: `/api/score/${response.json().id}` })).json()).toEqual(response.json());
  });

  it('cancels the run when the client leaves: the other instance stops its crawl, nothing is stored, the charge is given back', async () => {
    const headers = await web.authHeaders({ sub: 'across_gone' });
    const controller = new AbortController();
    const reading = postSse(`${base}/api/score`, { url: drip.url }, { headers: { ...headers, accept: 'text/event-stream' }, signal: controller.signal }).catch(
      () => null,
    );
    await expect.poll(() => drip.requests.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(activeScoreJobs).toBe(1);
    controller.abort();
    await reading;
    // The worker reads the cancellation within half a second and aborts; the drip would hold it for 30 s.
    await expect.poll(activeScoreJobs, { timeout: 5000 }).toBe(0);
    await expect.poll(() => used(headers)).toEqual({ credits: 0, scores: 0 });
    const stored = rowsOf<{ n: number }>(
      await database.handle.db.execute(sql`SELECT count(*)::int AS n FROM scoring_results WHERE url LIKE ${`${drip.url}%`}`),
    );
    expect(stored[0]!.n).toBe(0);
  });
});

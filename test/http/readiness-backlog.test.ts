/**
 * /readyz and the job backlog: above JOB_BACKLOG_LIMIT due jobs (waiting,
 * across every queue) the instance answers 503 and says why; a job not yet
 * due does not count. Jobs are never run here (no background work), so the
 * backlog stays as enqueued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import crypto from 'node:crypto';
import { SEND_MAIL_JOB } from '../../src/mail/send-mail-job.ts';
import { SCORE_JOB } from '../../src/modules/scoring/score-job.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
const clock = new ManualClock(new Date('2026-11-29T01:00:00Z'));
beforeAll(async () => {
  t = await startTestApp({ clock, backgroundWork: false, env: { JOB_BACKLOG_LIMIT: '2' } });
});
afterAll(async () => {
  await t.app.close();
  t.testDatabase.drop().catch(() => {});
});

const mail = (n: number) => ({ name: SEND_MAIL_JOB, payload: { to: `person${n}@example.test`, subject: 'Hello', text: 'Hello' } });

describe('readiness against the job backlog', () => {
  it('is ready at the bound, and answers 503 naming the backlog once more jobs are due than the bound', async () => {
    await t.services.jobs.enqueue(t.database.db, mail(1));
    await t.services.jobs.enqueue(t.database.db, mail(2));
    // Due only in an hour: not part of the backlog.
    await t.services.jobs.enqueue(t.database.db, { ...mail(3), runAt: new Date(clock.now().getTime() + 3_600_000) });
    const atTheBound = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(atTheBound.statusCode).toBe(200);
    expect(atTheBound.json()).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok' } });

    await t.services.jobs.enqueue(t.database.db, mail(4));
    const above = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(above.statusCode).toBe(503);
    expect(above.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'ok', jobs: 'unavailable' },
      reasons: {
        jobs: expect.stringMatching(
          /^job backlog too deep: 3 due jobs waiting, above the bound of 2 \(JOB_BACKLOG_LIMIT\); deepest: mail\.send 3 \(oldest due \d+ s\)$/,
        ),
      },
    });
  });
});

describe('readiness against the score queue', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await startTestApp({ clock, backgroundWork: false, env: { CRAWL_QUEUE_LIMIT: '1', CRAWL_ALLOWLIST: 'scores.example.test' } });
    // No worker takes score jobs here: they stay waiting, as behind busy workers.
    await s.services.scoreWorker.stop(0);
  });
  afterAll(async () => {
    await s.app.close();
    s.testDatabase.drop().catch(() => {});
  });

  it('answers 503 naming the score queue and CRAWL_QUEUE_LIMIT once more score jobs wait than the bound, and refuses new scores with Retry-After', async () => {
    const waitingScore = () => s.services.jobs.enqueue(s.database.db, { name: SCORE_JOB, payload: { runId: crypto.randomUUID() } });
    await waitingScore();
    expect((await s.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', jobs: 'ok' } });

    await waitingScore();
    const above = await s.app.inject({ method: 'GET', url: '/readyz' });
    expect(above.statusCode).toBe(503);
    expect(above.json().reasons.jobs).toBe(
      'score.run queue too deep: 2 jobs waiting, above the bound of 1 (CRAWL_QUEUE_LIMIT); new scores are refused with 503 until workers catch up',
    );

    const refused = await s.app.inject({ method: 'POST', url: '/api/score', payload: { url: 'http://scores.example.test/' } });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

/** The job engine (pg-boss) on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL). */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { ManualClock } from '../clock.ts';
import { JobEngine } from './job-engine.ts';
import { JobQueue } from './job-queue.ts';
import { JobRunner, PermanentJobError, type JobEvent } from './job-runner.ts';
import { outboxOn } from './outbox.ts';
import { FIRST_RETRY_SECONDS, HEARTBEAT_SECONDS } from './retry-policy.ts';
import { jobDedupeKeys } from './tables.ts';

const log = pino({ level: 'silent' });
let database: TestDatabase;
let clock: ManualClock;
let engine: JobEngine;
let queue: JobQueue;
let events: JobEvent[];

beforeAll(async () => {
  database = await createTestDatabase();
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  engine = await JobEngine.start({ database: database.handle, clock, log });
  queue = new JobQueue(engine, clock);
});
afterAll(async () => {
  await engine.stop();
  await database.drop();
});
beforeEach(() => {
  clock.set('2026-05-01T08:00:00.000Z');
  events = [];
});
afterEach(async () => {
  await engine.boss.deleteAllJobs();
  await database.handle.db.delete(jobDedupeKeys);
});

function runner(): JobRunner {
  return new JobRunner({ db: database.handle.db, engine, queue, clock, log, onJobEvent: (event) => events.push(event) });
}

async function jobRow(name: string, id: string) {
  const job = await engine.boss.getJobById<{ payload: unknown }>(name, id);
  if (!job) throw new Error(`no job ${id}`);
  return job;
}

function enqueuedId(result: Awaited<ReturnType<JobQueue['enqueue']>>): string {
  if (!result.enqueued) throw new Error('not enqueued');
  return result.id;
}

describe('job engine on pg-boss', () => {
  it('runs a job when it is due, not before, and once', async () => {
    const ran: unknown[] = [];
    const jobRunner = runner();
    jobRunner.on('greet', async (payload, context) => {
      ran.push({ payload, attempt: context.attempt });
    });
    await jobRunner.prepare();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'greet', payload: { who: 'ada' }, runAt: new Date('2026-05-01T09:00:00.000Z') }));

    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.set('2026-05-01T09:00:00.000Z');
    expect(await jobRunner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(ran).toEqual([{ payload: { who: 'ada' }, attempt: 1 }]);
    expect((await jobRow('greet', id)).state).toBe('completed');
    expect(events).toEqual([{ queue: 'greet', outcome: 'completed' }]);
  });

  it('enqueues in the caller transaction: a rolled-back change leaves no job and no key', async () => {
    const jobRunner = runner();
    jobRunner.on('greet', async () => {});
    await jobRunner.prepare();
    await database.handle.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, { name: 'greet', payload: {}, dedupeKey: 'once' });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await engine.boss.findJobs('greet')).toEqual([]);
    expect(await database.handle.db.select().from(jobDedupeKeys)).toEqual([]);
    // The key was not used up by the rolled-back enqueue.
    expect((await queue.enqueue(database.handle.db, { name: 'greet', payload: {}, dedupeKey: 'once' })).enqueued).toBe(true);
  });

  it('retries a failing job with growing backoff, then fails it for good', async () => {
    const jobRunner = runner();
    let calls = 0;
    jobRunner.on('flaky', async () => {
      calls++;
      throw new Error(`provider down (${calls})`);
    });
    await jobRunner.prepare();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'flaky', payload: {}, maxAttempts: 3 }));

    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    let job = await jobRow('flaky', id);
    expect(job.state).toBe('retry');
    const firstDelay = job.startAfter.getTime() - clock.now().getTime();
    // The jitter draws from the upper half of the step.
    expect(firstDelay).toBeGreaterThanOrEqual((FIRST_RETRY_SECONDS * 1000) / 2 - 1);
    expect(firstDelay).toBeLessThanOrEqual(2 * FIRST_RETRY_SECONDS * 1000 + 1);

    // Not due before its retry time.
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(firstDelay + 1000);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    job = await jobRow('flaky', id);
    const secondDelay = job.startAfter.getTime() - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(FIRST_RETRY_SECONDS * 1000 - 1);

    clock.advance(secondDelay + 1000);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    job = await jobRow('flaky', id);
    expect(job.state).toBe('failed');
    expect(job.output).toMatchObject({ message: 'provider down (3)' });

    clock.advance(24 * 3600_000);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(calls).toBe(3);
    expect(events.map((event) => event.outcome)).toEqual(['failed', 'failed', 'dead']);
  });

  it('by default retries for at least 3 days', async () => {
    const jobRunner = runner();
    jobRunner.on('down', async () => {
      throw new Error('down');
    });
    await jobRunner.prepare();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'down', payload: {} }));
    const job = await jobRow('down', id);
    let waited = 0;
    for (let retry = 0; retry < job.retryLimit; retry++) waited += Math.min(job.retryDelayMax ?? Infinity, (job.retryDelay * 2 ** Math.min(16, retry)) / 2);
    expect(job.retryBackoff).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(3 * 24 * 3600);
  });

  it('a permanent failure fails for good at once', async () => {
    const jobRunner = runner();
    jobRunner.on('malformed', async () => {
      throw new PermanentJobError('payload is not a mail');
    });
    await jobRunner.prepare();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'malformed', payload: {} }));
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    expect(await jobRow('malformed', id)).toMatchObject({ state: 'failed', output: { message: 'payload is not a mail' } });
    expect(events).toEqual([{ queue: 'malformed', outcome: 'dead' }]);
  });

  it('a dedupe key makes the second enqueue a no-op, before and after the job ran', async () => {
    const jobRunner = runner();
    const ran: string[] = [];
    jobRunner.on('trial.mail', async (payload) => {
      ran.push(String(payload.day));
    });
    jobRunner.on('other', async () => {});
    await jobRunner.prepare();
    const request = { name: 'trial.mail', payload: { day: 7 }, dedupeKey: 'trial day 7 for account 1' };
    expect((await queue.enqueue(database.handle.db, request)).enqueued).toBe(true);
    expect(await queue.enqueue(database.handle.db, request)).toEqual({ enqueued: false, reason: 'duplicate' });
    await jobRunner.runDue();
    expect(await queue.enqueue(database.handle.db, { ...request, payload: { day: 'again' } })).toEqual({ enqueued: false, reason: 'duplicate' });
    // Even once pg-boss has deleted the finished job.
    await engine.boss.deleteAllJobs('trial.mail');
    expect(await queue.enqueue(database.handle.db, request)).toEqual({ enqueued: false, reason: 'duplicate' });
    await jobRunner.runDue();
    expect(ran).toEqual(['7']);
    // The key is per job name, and jobs without a key never collide.
    expect((await queue.enqueue(database.handle.db, { ...request, name: 'other' })).enqueued).toBe(true);
    expect((await queue.enqueue(database.handle.db, { name: 'other', payload: {} })).enqueued).toBe(true);
    expect((await queue.enqueue(database.handle.db, { name: 'other', payload: {} })).enqueued).toBe(true);
  });

  it('runs only jobs it has a handler for', async () => {
    await engine.ensureQueue('unknown.to.this.runner');
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'unknown.to.this.runner', payload: {} }));
    const jobRunner = runner();
    jobRunner.on('greet', async () => {});
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect((await jobRow('unknown.to.this.runner', id)).state).toBe('created');
  });

  it('refuses a job whose queue was never created (no handler registered anywhere)', async () => {
    await expect(queue.enqueue(database.handle.db, { name: 'never.registered', payload: {} })).rejects.toThrow(/no queue/);
  });

  it("runs a queue's jobs in the order they were enqueued (by commit; jobs of one transaction are enqueued together)", async () => {
    const order: number[] = [];
    const jobRunner = runner();
    jobRunner.on('ordered', async (payload) => {
      order.push(Number(payload.n));
    });
    await jobRunner.prepare();
    for (let n = 0; n < 25; n++) {
      await queue.enqueue(database.handle.db, { name: 'ordered', payload: { n } });
      // Enqueue time is the database's (the test clock's, on the embedded one): let it move.
      clock.advance(1);
      await engine.syncClock();
    }
    await jobRunner.runDue();
    expect(order).toEqual(Array.from({ length: 25 }, (_, n) => n));
  });

  it('a recurring job runs once per period, however often runners drain', async () => {
    const periods: string[] = [];
    const day = 24 * 3600_000;
    const runners = [runner(), runner()];
    for (const each of runners) {
      each.every('daily.sweep', day, { kind: 'sweep' });
      each.on('daily.sweep', async (payload) => {
        periods.push(`${String(payload.kind)} ${clock.now().toISOString().slice(0, 10)}`);
      });
    }
    for (const each of runners) await each.runDue();
    clock.advance(3600_000);
    for (const each of runners) await each.runDue();
    clock.advance(day);
    for (const each of runners) await each.runDue();
    expect(periods).toEqual(['sweep 2026-05-01', 'sweep 2026-05-02']);
  });

  it('the attempt fence: a stale attempt finishing after its job was retried changes nothing', async () => {
    // Attempt 1 is held open; the job is then handed to another runner as if attempt 1's
    // worker had died (what pg-boss's monitor does when heartbeats stop); attempt 1 then
    // completes while attempt 2 still runs, and attempt 2 fails.
    let releaseFirst!: () => void;
    let firstStarted!: () => void;
    const firstRunning = new Promise<void>((resolve) => (firstStarted = resolve));
    const effects: number[] = [];
    const stale = runner();
    stale.on('fenced', async (_payload, context) => {
      firstStarted();
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      effects.push(context.attempt);
    });
    const fresh = runner();
    fresh.on('fenced', async (_payload, context) => {
      // The stale attempt finishes while this one runs.
      releaseFirst();
      await staleDone;
      throw new Error(`attempt ${context.attempt} failed`);
    });
    await stale.prepare();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'fenced', payload: {} }));

    const staleDone = stale.runDue();
    await firstRunning;
    await engine.boss.getDb().executeSql(`UPDATE ${engine.schema}.job SET state = 'retry', start_after = ${engine.schema}.job_now() WHERE id = $1`, [id]);
    const freshSummary = await fresh.runDue();

    // The stale attempt's completion was refused: it neither completed the job nor counted.
    expect(await staleDone).toEqual({ completed: 0, failed: 0 });
    expect(freshSummary).toEqual({ completed: 0, failed: 1 });
    const job = await jobRow('fenced', id);
    expect(job.retryCount).toBe(1);
    // Without the fence the stale completion would have marked the job completed, and the
    // newer attempt's failure would have found nothing to fail.
    expect(job.state).toBe('retry');
    expect(effects).toEqual([1]);
  });

  it('a job whose worker died (its heartbeats stopped) runs again, once, on another runner', async () => {
    const jobRunner = runner();
    const runs: number[] = [];
    jobRunner.on('orphaned', async (payload, context) => {
      expect(payload).toEqual({ mail: 'day 7' });
      runs.push(context.attempt);
    });
    await jobRunner.prepare();
    await engine.syncClock();
    const id = enqueuedId(await queue.enqueue(database.handle.db, { name: 'orphaned', payload: { mail: 'day 7' } }));
    // A worker claims it and dies: no heartbeat, no outcome.
    expect((await engine.boss.fetch('orphaned')).map((job) => job.id)).toEqual([id]);

    // While its heartbeat could still come, nobody else runs it.
    clock.advance((HEARTBEAT_SECONDS / 2) * 1000);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(HEARTBEAT_SECONDS * 1000);
    await jobRunner.runDue();
    clock.advance(2 * FIRST_RETRY_SECONDS * 1000 + 1000);
    await jobRunner.runDue();
    expect(runs).toEqual([2]);
    expect(await jobRow('orphaned', id)).toMatchObject({ state: 'completed', retryCount: 1 });
  });

  it("an account's erasure removes its pending jobs and keys, and leaves others", async () => {
    const jobRunner = runner();
    const ran: string[] = [];
    jobRunner.on('account.mail', async (payload) => {
      ran.push(String(payload.to));
    });
    await jobRunner.prepare();
    const [account] = await database.handle.db
      .execute(
        // The dedupe keys reference accounts: a real account row to erase.
        (await import('drizzle-orm')).sql`INSERT INTO accounts (external_key, kind, name) VALUES ('erased', 'personal', 'erased') RETURNING id`,
      )
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    const accountId = account!.id;
    await queue.enqueue(database.handle.db, { name: 'account.mail', payload: { to: 'erased' }, accountId, dedupeKey: 'welcome erased' });
    await queue.enqueue(database.handle.db, { name: 'account.mail', payload: { to: 'kept' } });
    await database.handle.db.transaction(async (tx) => {
      await queue.forgetAccount(tx, accountId);
      await tx.execute((await import('drizzle-orm')).sql`DELETE FROM accounts WHERE id = ${accountId}`);
    });
    await jobRunner.runDue();
    expect(ran).toEqual(['kept']);
    expect(await database.handle.db.select().from(jobDedupeKeys).where(eq(jobDedupeKeys.accountId, accountId))).toEqual([]);
  });

  it('the outbox: a message per topic runs after the commit, and again until it succeeds', async () => {
    const jobRunner = runner();
    const outbox = outboxOn(queue, jobRunner);
    let calls = 0;
    outbox.on('provider.cancel', async (payload) => {
      calls++;
      if (calls === 1) throw new Error('provider down');
      expect(payload).toEqual({ subscription: 'sub_1' });
    });
    await jobRunner.prepare();
    await database.handle.db.transaction(async (tx) => outbox.enqueue(tx, [{ topic: 'provider.cancel', payload: { subscription: 'sub_1' } }]));
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    clock.advance(2 * FIRST_RETRY_SECONDS * 1000 + 1000);
    expect(await jobRunner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(events).toEqual([
      { queue: 'outbox.provider.cancel', outcome: 'failed' },
      { queue: 'outbox.provider.cancel', outcome: 'completed' },
    ]);
  });

  it('backlog: per queue, the jobs due and how long the oldest has waited', async () => {
    const jobRunner = runner();
    jobRunner.on('waiting', async () => {});
    await jobRunner.prepare();
    await queue.enqueue(database.handle.db, { name: 'waiting', payload: {} });
    await queue.enqueue(database.handle.db, { name: 'waiting', payload: {}, runAt: new Date(clock.now().getTime() + 3600_000) });
    clock.advance(60_000);
    await engine.syncClock();
    const backlog = (await engine.backlog()).filter((row) => row.queue === 'waiting');
    expect(backlog).toEqual([{ queue: 'waiting', depth: 1, oldestAgeSeconds: 60 }]);
  });
});

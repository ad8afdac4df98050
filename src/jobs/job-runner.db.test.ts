/** The job engine on the real database (PGlite, and PostgreSQL with TEST_DATABASE_URL). */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { ManualClock } from '../clock.ts';
import { JobQueue } from './job-queue.ts';
import { JobRunner, PermanentJobError, type JobRunnerOptions } from './job-runner.ts';
import { FIRST_RETRY_MS } from './retry-policy.ts';
import { jobs } from './tables.ts';

const log = pino({ level: 'silent' });
let database: TestDatabase;
let clock: ManualClock;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());
beforeEach(async () => {
  await database.handle.db.delete(jobs);
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  queue = new JobQueue(clock);
});

function runner(options: Partial<JobRunnerOptions> = {}): JobRunner {
  return new JobRunner({ db: database.handle.db, clock, log, random: () => 0, ...options });
}

async function jobRow(id: string) {
  const [row] = await database.handle.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('job engine', () => {
  it('runs a job when it is due, not before, and once', async () => {
    const ran: unknown[] = [];
    const jobRunner = runner();
    jobRunner.on('greet', async (payload, context) => {
      ran.push({ payload, attempt: context.attempt });
    });
    const enqueued = await queue.enqueue(database.handle.db, { name: 'greet', payload: { who: 'ada' }, runAt: new Date('2026-05-01T09:00:00.000Z') });
    if (!enqueued.enqueued) throw new Error('not enqueued');

    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.set('2026-05-01T09:00:00.000Z');
    expect(await jobRunner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(ran).toEqual([{ payload: { who: 'ada' }, attempt: 1 }]);

    const row = await jobRow(enqueued.id);
    expect(row.completedAt).toEqual(clock.now());
    // The payload may be personal data: dropped once done.
    expect(row.payload).toEqual({});
  });

  it('enqueues in the caller transaction: a rolled-back change leaves no job', async () => {
    await database.handle.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, { name: 'greet', payload: {} });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await database.handle.db.select().from(jobs)).toEqual([]);
  });

  it('retries a failing job with growing backoff, then marks it dead with the error', async () => {
    const jobRunner = runner();
    let calls = 0;
    jobRunner.on('flaky', async () => {
      calls++;
      throw new Error(`provider down (${calls})`);
    });
    const enqueued = await queue.enqueue(database.handle.db, { name: 'flaky', payload: {}, maxAttempts: 3 });
    if (!enqueued.enqueued) throw new Error('not enqueued');

    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    let row = await jobRow(enqueued.id);
    // random() = 0: the lower end of the jitter, half the step.
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(FIRST_RETRY_MS / 2);
    expect(row).toMatchObject({ attempts: 1, lastError: 'provider down (1)', lockedUntil: null, deadAt: null });

    clock.advance(FIRST_RETRY_MS / 2 - 1);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(1);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    row = await jobRow(enqueued.id);
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(FIRST_RETRY_MS);

    clock.advance(FIRST_RETRY_MS);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 1 });
    row = await jobRow(enqueued.id);
    expect(row).toMatchObject({ attempts: 3, lastError: 'provider down (3)', completedAt: null });
    expect(row.deadAt).toEqual(clock.now());

    clock.advance(24 * 3600_000);
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(calls).toBe(3);
  });

  it('the jitter spreads retries over the upper half of the step', async () => {
    const jobRunner = runner({ random: () => 0.999 });
    jobRunner.on('flaky', async () => {
      throw new Error('down');
    });
    const enqueued = await queue.enqueue(database.handle.db, { name: 'flaky', payload: {} });
    if (!enqueued.enqueued) throw new Error('not enqueued');
    await jobRunner.runDue();
    const delay = (await jobRow(enqueued.id)).runAt.getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThan(FIRST_RETRY_MS * 0.99);
    expect(delay).toBeLessThanOrEqual(FIRST_RETRY_MS);
  });

  it('a permanent failure is dead at once', async () => {
    const jobRunner = runner();
    jobRunner.on('malformed', async () => {
      throw new PermanentJobError('payload is not a mail');
    });
    const enqueued = await queue.enqueue(database.handle.db, { name: 'malformed', payload: {} });
    if (!enqueued.enqueued) throw new Error('not enqueued');
    await jobRunner.runDue();
    expect(await jobRow(enqueued.id)).toMatchObject({ attempts: 1, lastError: 'payload is not a mail', deadAt: clock.now() });
  });

  it('a dedupe key makes the second enqueue a no-op, before and after the job ran', async () => {
    const jobRunner = runner();
    const ran: string[] = [];
    jobRunner.on('trial.mail', async (payload) => {
      ran.push(String(payload.day));
    });
    const request = { name: 'trial.mail', payload: { day: 7 }, dedupeKey: 'trial day 7 for account 1' };
    expect((await queue.enqueue(database.handle.db, request)).enqueued).toBe(true);
    expect(await queue.enqueue(database.handle.db, request)).toEqual({ enqueued: false, reason: 'duplicate' });
    await jobRunner.runDue();
    expect(await queue.enqueue(database.handle.db, { ...request, payload: { day: 'again' } })).toEqual({ enqueued: false, reason: 'duplicate' });
    await jobRunner.runDue();
    expect(ran).toEqual(['7']);
    // The key is per job name, and jobs without a key never collide.
    expect((await queue.enqueue(database.handle.db, { ...request, name: 'other' })).enqueued).toBe(true);
    expect((await queue.enqueue(database.handle.db, { name: 'other', payload: {} })).enqueued).toBe(true);
    expect((await queue.enqueue(database.handle.db, { name: 'other', payload: {} })).enqueued).toBe(true);
  });

  it('claims only jobs it has a handler for', async () => {
    await queue.enqueue(database.handle.db, { name: 'unknown.to.this.runner', payload: {} });
    const jobRunner = runner();
    jobRunner.on('greet', async () => {});
    expect(await jobRunner.runDue()).toEqual({ completed: 0, failed: 0 });
    const [row] = await database.handle.db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 0, completedAt: null, deadAt: null });
  });

  it('runs jobs in the order they fell due, and those due together in the order they were enqueued', async () => {
    const order: number[] = [];
    const jobRunner = runner({ batchSize: 7 });
    jobRunner.on('ordered', async (payload) => {
      order.push(Number(payload.n));
    });
    await database.handle.db.transaction(async (tx) => {
      for (let n = 0; n < 20; n++) await queue.enqueue(tx, { name: 'ordered', payload: { n } });
    });
    // Rewriting the first ten moves their rows behind the others in storage, where a scan finds them last.
    await database.handle.db.update(jobs).set({ maxAttempts: 9 }).where(sql`(${jobs.payload}->>'n')::int < 10`);
    await queue.enqueue(database.handle.db, { name: 'ordered', payload: { n: -1 }, runAt: new Date(clock.now().getTime() - 1000) });
    await jobRunner.runDue();
    expect(order).toEqual([-1, ...Array.from({ length: 20 }, (_, n) => n)]);
  });

  it('a recurring job runs once per period, however often runners poll', async () => {
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
});

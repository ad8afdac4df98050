/**
 * A started runner's workers on the system clock: they do not poll on their
 * own (a backstop a minute apart), so what runs a job is the due scan, one
 * query every pollMs for every queue, and a worker's look for the next job as
 * soon as it finished one. Without LISTEN/NOTIFY (background: false), so
 * nothing else could wake them.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/harness.ts';
import { systemClock } from '../clock.ts';
import { JobEngine } from './job-engine.ts';
import { JobQueue } from './job-queue.ts';
import { JobRunner } from './job-runner.ts';

const log = pino({ level: 'silent' });
/** Far below the workers' one-minute backstop: a job that ran within it was woken. */
const WAIT = { timeout: 20_000, interval: 50 };
let database: TestDatabase;
let engine: JobEngine;
let queue: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  engine = await JobEngine.start({ database: database.handle, clock: systemClock, log, background: false });
  queue = new JobQueue(engine, systemClock);
});
afterAll(async () => {
  await engine.stop();
  await database.drop();
});

function runner(pollMs: number): JobRunner {
  return new JobRunner({ db: database.handle.db, engine, queue, clock: systemClock, log, pollMs, concurrency: 2 });
}

describe('a started runner', () => {
  it('runs a job that falls due after its workers last looked: the due scan wakes them', async () => {
    const jobRunner = runner(500);
    const ran: string[] = [];
    jobRunner.on('wake.later', async (payload) => {
      ran.push(String(payload.note));
    });
    await jobRunner.start();
    try {
      // The workers' first claim, at start, finds nothing due yet.
      await queue.enqueue(database.handle.db, { name: 'wake.later', payload: { note: 'in a second' }, runAt: new Date(Date.now() + 1000) });
      await vi.waitFor(() => expect(ran).toEqual(['in a second']), WAIT);
    } finally {
      await jobRunner.stop();
    }
  });

  it('drains a queue holding more jobs than workers, each worker taking the next job as it finishes one', async () => {
    // The scan a minute apart: only the workers' own drain can run the jobs beyond their first claims.
    const jobRunner = runner(60_000);
    const ran: number[] = [];
    jobRunner.on('wake.drain', async (payload) => {
      ran.push(Number(payload.n));
    });
    await jobRunner.prepare();
    await database.handle.db.transaction(async (tx) => {
      for (let n = 0; n < 9; n++) await queue.enqueue(tx, { name: 'wake.drain', payload: { n } });
    });
    await jobRunner.start();
    try {
      await vi.waitFor(() => expect(ran.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]), WAIT);
    } finally {
      await jobRunner.stop();
    }
  });
});

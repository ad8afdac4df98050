/**
 * Two instances' job engines (pg-boss) on one database run each job exactly
 * once. On PostgreSQL each engine opens a pool of its own, as two instances
 * do, and they race for the same rows (pg-boss claims with SKIP LOCKED); on
 * PGlite (one connection) the same test checks the interleaving of two
 * engines in one process.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { JobQueue } from '../../src/queue/job-queue.ts';
import { JobRunner } from '../../src/queue/job-runner.ts';
import { JobEngine } from '../../src/queue/job-engine.ts';
import { createTestDatabase, type TestDatabase } from '../harness.ts';

// More than two of runDue's claims (100 jobs each): one runner cannot take them all in its first claim, so the
// other, starting a moment later, always finds some left and the race is real.
const JOB_COUNT = 250;
let database: TestDatabase;
let second: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  second = database.options
    ? await openDatabase({ kind: 'postgres', url: database.options.url, schema: database.options.schema, poolSize: 3 })
    : database.handle;
});
afterAll(async () => {
  if (second !== database.handle) await second.close();
  await database.drop();
});

describe('two runners on one database', () => {
  it('run each of N jobs exactly once', async () => {
    const log = pino({ level: 'silent' });
    const engines = await Promise.all(
      [database.handle, second].map((handle) => JobEngine.start({ database: handle, clock: systemClock, log, background: false })),
    );
    const queue = new JobQueue(engines[0]!, systemClock);
    await engines[0]!.ensureQueue('count');
    await database.handle.db.transaction(async (tx) => {
      for (let n = 0; n < JOB_COUNT; n++) await queue.enqueue(tx, { name: 'count', payload: { n } });
    });
    const runsByJob = new Map<number, string[]>();
    const runners = [database.handle, second].map((handle, index) => {
      const engine = engines[index]!;
      const runner = new JobRunner({ db: handle.db, engine, queue: new JobQueue(engine, systemClock), clock: systemClock, log });
      runner.on('count', async (payload) => {
        const n = Number(payload.n);
        runsByJob.set(n, [...(runsByJob.get(n) ?? []), `runner ${index}`]);
        // Long enough for the other runner to claim the next batch meanwhile (a claim of 100 holds its runner 0.5 s).
        await delay(5);
      });
      return runner;
    });

    const summaries = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(summaries.reduce((sum, summary) => sum + summary.completed, 0)).toBe(JOB_COUNT);
    expect([...runsByJob.keys()].sort((a, b) => a - b)).toEqual([...Array(JOB_COUNT).keys()]);
    expect([...runsByJob.values()].filter((runs) => runs.length !== 1)).toEqual([]);
    const rows = await engines[0]!.boss.findJobs('count');
    expect(rows).toHaveLength(JOB_COUNT);
    expect(rows.every((row) => row.state === 'completed' && row.retryCount === 0)).toBe(true);
    for (const engine of engines) await engine.stop();
    if (database.options) {
      // Both instances took part: the race was real.
      expect(new Set([...runsByJob.values()].flat()).size).toBe(2);
    }
  });
});

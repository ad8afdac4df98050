/**
 * A job whose process dies mid-run (SIGKILL: no shutdown, no cleanup) runs
 * again once its lease lapses, and exactly once: the other runner does not
 * touch it while the lease holds. On PGlite the database is a data
 * directory the killed process had open; on PostgreSQL, a schema.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { JobQueue } from '../../src/jobs/job-queue.ts';
import { JobRunner } from '../../src/jobs/job-runner.ts';
import { jobs } from '../../src/jobs/tables.ts';
import { testDatabaseKind } from '../harness.ts';
import { NODE, ROOT } from '../process/processes.ts';

const LEASE_MS = 60_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Options a second process can open the same database with. */
function databaseOptions(): DatabaseOptions {
  if (testDatabaseKind() === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `j_${crypto.randomBytes(6).toString('hex')}`;
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    });
    return { kind: 'postgres', url, schema, poolSize: 2 };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-jobs-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { kind: 'pglite', dataDir };
}

async function opened(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  await migrate(handle);
  return handle;
}

function startHangingRunner(options: DatabaseOptions) {
  const child = spawn(NODE, [path.join(ROOT, 'test/jobs/claim-and-hang.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, JOB_DATABASE: JSON.stringify(options), JOB_LEASE_MS: String(LEASE_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  const claimed = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /claimed (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', () => reject(new Error(`the runner process exited before claiming:\n${output}`)));
  });
  return { child, claimed, exited };
}

describe('a job interrupted by a process kill', () => {
  it('runs once, on another runner, after its lease lapses', async () => {
    const options = databaseOptions();
    let handle = await opened(options);
    const enqueued = await new JobQueue({ now: () => new Date() }).enqueue(handle.db, { name: 'hang', payload: { mail: 'day 7' } });
    if (!enqueued.enqueued) throw new Error('not enqueued');
    // PGlite is one process's database: the child opens the directory only once this one let go.
    if (options.kind === 'pglite') await handle.close();

    const hanging = startHangingRunner(options);
    expect(await hanging.claimed).toBe(enqueued.id);
    hanging.child.kill('SIGKILL');
    expect(await hanging.exited).toBe('SIGKILL');

    if (options.kind === 'pglite') handle = await opened(options);
    cleanups.push(() => handle.close());
    const clock = new ManualClock(new Date());
    const runs: number[] = [];
    const runner = new JobRunner({ db: handle.db, clock, log: pino({ level: 'silent' }), leaseMs: LEASE_MS });
    runner.on('hang', async (payload, context) => {
      expect(payload).toEqual({ mail: 'day 7' });
      runs.push(context.attempt);
    });

    // The dead process's lease still holds: nobody runs the job.
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    clock.advance(LEASE_MS + 1_000);
    expect(await runner.runDue()).toEqual({ completed: 1, failed: 0 });
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(runs).toEqual([2]);
    const [row] = await handle.db.select().from(jobs);
    expect(row).toMatchObject({ attempts: 2, deadAt: null });
    expect(row!.completedAt).not.toBeNull();
  });
});

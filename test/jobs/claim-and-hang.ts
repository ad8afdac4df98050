/**
 * A job runner process that claims due 'hang' jobs and never finishes them:
 * the job-restart test kills it with SIGKILL mid-handler (its heartbeats stop
 * with it). The database comes from JOB_DATABASE (JSON: DatabaseOptions).
 * Prints "claimed <id>" when a handler starts.
 */
import pino from 'pino';
import { systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseOptions } from '../../src/db/client.ts';
import { JobEngine } from '../../src/queue/job-engine.ts';
import { JobQueue } from '../../src/queue/job-queue.ts';
import { JobRunner } from '../../src/queue/job-runner.ts';

const database = await openDatabase(JSON.parse(process.env.JOB_DATABASE!) as DatabaseOptions);
const log = pino({ level: 'silent' });
const engine = await JobEngine.start({ database, clock: systemClock, log, background: false });
const runner = new JobRunner({ db: database.db, engine, queue: new JobQueue(engine, systemClock), clock: systemClock, log });
runner.on('hang', async (_payload, context) => {
  process.stdout.write(`claimed ${context.id}\n`);
  await new Promise(() => {});
});
// Keeps the process alive while the handler hangs (a pending promise alone does not).
setInterval(() => {}, 60_000);
await runner.runDue();

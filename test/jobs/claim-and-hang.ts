/**
 * A job runner process that claims due 'hang' jobs and never finishes them:
 * the job-restart test kills it with SIGKILL mid-handler. The database comes
 * from JOB_DATABASE (JSON: DatabaseOptions); the lease from JOB_LEASE_MS, the
 * runner's default when unset.
 * Prints "claimed <id>" when a handler starts.
 */
import pino from 'pino';
import { systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseOptions } from '../../src/db/client.ts';
import { JobRunner } from '../../src/queue/job-runner.ts';

const database = await openDatabase(JSON.parse(process.env.JOB_DATABASE!) as DatabaseOptions);
const leaseMs = process.env.JOB_LEASE_MS ? Number(process.env.JOB_LEASE_MS) : undefined;
const runner = new JobRunner({ db: database.db, clock: systemClock, log: pino({ level: 'silent' }), ...(leaseMs === undefined ? {} : { leaseMs }) });
runner.on('hang', async (_payload, context) => {
  process.stdout.write(`claimed ${context.id}\n`);
  await new Promise(() => {});
});
// Keeps the process alive while the handler hangs (a pending promise alone does not).
setInterval(() => {}, 60_000);
await runner.runDue();

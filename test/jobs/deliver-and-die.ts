/**
 * A job runner process that delivers webhooks (the webhook.deliver job) to
 * a receiver that never answers: the delivery test kills it with SIGKILL
 * while its POST is in flight. The database comes from JOB_DATABASE (JSON:
 * DatabaseOptions); the receiver's host:port, allowed as a plain-http
 * target, from RECEIVER_HOST.
 */
import pino from 'pino';
import { systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseOptions } from '../../src/db/client.ts';
import { JobEngine } from '../../src/queue/job-engine.ts';
import { JobQueue } from '../../src/queue/job-queue.ts';
import { JobRunner } from '../../src/queue/job-runner.ts';
import { systemLookup } from '../../src/net/safe-connector.ts';
import { WebhookDeliveries } from '../../src/modules/webhooks/webhook-deliveries.ts';
import { createWebhookPoster } from '../../src/modules/webhooks/webhook-post.ts';

const database = await openDatabase(JSON.parse(process.env.JOB_DATABASE!) as DatabaseOptions);
const log = pino({ level: 'silent' });
const engine = await JobEngine.start({ database, clock: systemClock, log, background: false });
const jobs = new JobQueue(engine, systemClock);
const runner = new JobRunner({ db: database.db, engine, queue: jobs, clock: systemClock, log });
const poster = createWebhookPoster({
  allowlist: [process.env.RECEIVER_HOST!],
  lookup: systemLookup,
  userAgent: 'MaturityScoring-Webhooks/1',
  now: () => performance.now(),
});
new WebhookDeliveries({ db: database.db, clock: systemClock, jobs, poster }).register(runner);
// Keeps the process alive while the POST waits for an answer.
setInterval(() => {}, 60_000);
await runner.runDue();

/**
 * A job whose process dies mid-run (SIGKILL: no shutdown, no cleanup) runs
 * again once its heartbeats have stopped for HEARTBEAT_SECONDS (pg-boss's
 * supervision gives it back), and exactly once: the other runner does not
 * touch it before. On PGlite the database is a data directory the killed
 * process had open; on PostgreSQL, a schema (and its job engine's schema).
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from '../../src/clock.ts';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { JobQueue } from '../../src/queue/job-queue.ts';
import { JobRunner } from '../../src/queue/job-runner.ts';
import { JobEngine } from '../../src/queue/job-engine.ts';
import { FIRST_RETRY_SECONDS, HEARTBEAT_SECONDS } from '../../src/queue/retry-policy.ts';
import type { Clock } from '../../src/clock.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { systemLookup } from '../../src/net/safe-connector.ts';
import { outgoingWebhooks, webhookDeliveries } from '../../src/modules/webhooks/tables.ts';
import { WebhookDeliveries } from '../../src/modules/webhooks/webhook-deliveries.ts';
import { createWebhookPoster } from '../../src/modules/webhooks/webhook-post.ts';
import { testDatabaseKind } from '../harness.ts';
import { NODE, ROOT } from '../process/processes.ts';

const log = pino({ level: 'silent' });
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
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
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

/** This process's job engine on the database, stopped by the cleanups. */
async function engineOn(handle: DatabaseHandle, clock: Clock) {
  const engine = await JobEngine.start({ database: handle, clock, log, background: false });
  cleanups.push(() => engine.stop());
  return { engine, queue: new JobQueue(engine, clock) };
}

function startHangingRunner(options: DatabaseOptions) {
  const child = spawn(NODE, [path.join(ROOT, 'test/jobs/claim-and-hang.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, JOB_DATABASE: JSON.stringify(options) },
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
  it('runs once, on another runner, after its heartbeats stopped', async () => {
    const options = databaseOptions();
    let handle = await opened(options);
    const setup = await engineOn(handle, systemClock);
    await setup.engine.ensureQueue('hang');
    const enqueued = await setup.queue.enqueue(handle.db, { name: 'hang', payload: { mail: 'day 7' } });
    if (!enqueued.enqueued) throw new Error('not enqueued');
    // This process's engine is done with the job; PGlite is one process's database: the child opens the directory only once this one let go.
    await cleanups.pop()!();
    if (options.kind === 'pglite') await handle.close();

    const hanging = startHangingRunner(options);
    expect(await hanging.claimed).toBe(enqueued.id);
    hanging.child.kill('SIGKILL');
    expect(await hanging.exited).toBe('SIGKILL');

    if (options.kind === 'pglite') handle = await opened(options);
    cleanups.push(() => handle.close());
    const clock = new ManualClock(new Date());
    const { engine, queue } = await engineOn(handle, clock);
    const runs: number[] = [];
    const runner = new JobRunner({ db: handle.db, engine, queue, clock, log });
    runner.on('hang', async (payload, context) => {
      expect(payload).toEqual({ mail: 'day 7' });
      runs.push(context.attempt);
    });

    // The dead process's heartbeat could still come: nobody runs the job.
    clock.advance((HEARTBEAT_SECONDS / 2) * 1000);
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    // Silent past the heartbeat (and the supervision's period): given back, and run after the retry delay.
    clock.advance(2 * HEARTBEAT_SECONDS * 1000);
    await runner.runDue();
    clock.advance(2 * FIRST_RETRY_SECONDS * 1000 + 1000);
    await runner.runDue();
    expect(await runner.runDue()).toEqual({ completed: 0, failed: 0 });
    expect(runs).toEqual([2]);
    expect(await engine.boss.getJobById('hang', enqueued.id)).toMatchObject({ state: 'completed', retryCount: 1 });
  }, 120_000);

  it('logs a webhook attempt whose process died mid-POST, and sends it again under the same webhook-id: the log and the receiver agree (issue 24)', async () => {
    // The receiver: the first POST never gets an answer (its sender dies), the next ones 204.
    const received: string[] = [];
    const sockets = new Set<Socket>();
    const receiver = http.createServer((request, response) => {
      received.push(String(request.headers['webhook-id']));
      request.resume();
      if (received.length > 1) response.writeHead(204).end();
    });
    receiver.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });
    const receiverHost = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;

    const options = databaseOptions();
    let handle = await opened(options);
    const clock = new ManualClock(new Date());
    const [account] = await handle.db
      .insert(accounts)
      .values({ externalKey: 'org:kill_mid_post', kind: 'organization', name: 'Kill mid-POST' })
      .returning({ id: accounts.id });
    const [endpoint] = await handle.db
      .insert(outgoingWebhooks)
      .values({
        accountId: account!.id,
        url: `http://${receiverHost}/hook`,
        signingSecret: `whsec_${crypto.randomBytes(32).toString('base64')}`,
        eventTypes: ['webhook.test'],
      })
      .returning({ id: outgoingWebhooks.id });
    const poster = createWebhookPoster({
      allowlist: [receiverHost],
      lookup: systemLookup,
      userAgent: 'MaturityScoring-Webhooks/1',
      now: () => performance.now(),
    });
    cleanups.push(() => poster.close());
    const setup = await engineOn(handle, systemClock);
    const setupRunner = new JobRunner({ db: handle.db, engine: setup.engine, queue: setup.queue, clock, log });
    new WebhookDeliveries({ db: handle.db, clock, jobs: setup.queue, poster }).register(setupRunner);
    await setupRunner.prepare();
    const queued = await new WebhookDeliveries({ db: handle.db, clock, jobs: setup.queue, poster }).sendTest(account!.id, endpoint!.id);
    await cleanups.pop()!();
    if (options.kind === 'pglite') await handle.close();

    const child = spawn(NODE, [path.join(ROOT, 'test/jobs/deliver-and-die.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, JOB_DATABASE: JSON.stringify(options), RECEIVER_HOST: receiverHost },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    if (options.kind === 'pglite') handle = await opened(options);
    cleanups.push(() => handle.close());
    // Time from the kill on: the dead runner's lease was taken after the test's first clock started.
    const after = new ManualClock(new Date());
    const { engine, queue } = await engineOn(handle, after);
    const runner = new JobRunner({ db: handle.db, engine, queue, clock: after, log });
    new WebhookDeliveries({ db: handle.db, clock: after, jobs: queue, poster, random: () => 0 }).register(runner);
    const logged = async () => (await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!.id)))[0]!;
    // The attempt was logged before it went out: the log already says one was made.
    expect(await logged()).toMatchObject({ attempts: 1, status: 'pending' });

    // A minute later the attempt's heartbeats have long stopped: the job is given back, runs again after its
    // retry delay, finds the attempt without an outcome, logs it as interrupted, and the next one is due 15 s on.
    after.advance(2 * HEARTBEAT_SECONDS * 1000 + 1000);
    await runner.runDue();
    after.advance(2 * FIRST_RETRY_SECONDS * 1000 + 1000);
    await runner.runDue();
    expect(await logged()).toMatchObject({ attempts: 1, status: 'pending', lastError: expect.stringMatching(/^Interrupted/) });
    after.advance(15_000);
    await runner.runDue();
    expect(await logged()).toMatchObject({ attempts: 2, status: 'delivered', responseStatus: 204 });
    // Two POSTs with one webhook-id, and two attempts in the log.
    expect(received).toEqual([queued!.messageId, queued!.messageId]);
  }, 120_000);
});

/**
 * `maturity worker` beside a web-only instance (WORKER_CONCURRENCY=0), as
 * real processes sharing PostgreSQL: the web enqueues a webhook test
 * delivery and the worker sends it (the web's own metrics count no job);
 * SIGTERM lets the attempt in hand finish before the worker exits 0; a worker
 * killed with SIGKILL mid-attempt leaves its job to the next worker, which
 * takes it once the heartbeats have stopped (about a minute: pg-boss's
 * supervision, as in production) and sends it again under the same
 * webhook-id. PostgreSQL only: the embedded database is one process's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../harness.ts';
import { freePort, MATURITY_BIN, NODE, ROOT, run, serverEnv, startServerProcess, type ServerProcess } from './processes.ts';

/** Starting processes on a loaded two-core machine takes tens of seconds; a killed worker's job waits out its heartbeat (30 s) and the supervision's period (30 s). */
const PROCESS_TEST_MS = 480_000;

/** A webhook receiver that answers 204 at once, or holds each request until told (`hold`). */
function startReceiver() {
  const received: string[] = [];
  const held: http.ServerResponse[] = [];
  const sockets = new Set<Socket>();
  let holding = false;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      if (holding) held.push(response);
      else response.writeHead(204).end();
    });
  });
  server.on('connection', (socket) => sockets.add(socket));
  return {
    received,
    hold: (on: boolean) => (holding = on),
    /** Answers the held requests 204. */
    release: () => {
      for (const response of held.splice(0)) response.writeHead(204).end();
    },
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface WorkerProcess {
  child: ChildProcess;
  metricsPort: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];

async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const metricsPort = await freePort();
  const child = spawn(NODE, [MATURITY_BIN, 'worker', '--concurrency', '2'], {
    cwd: ROOT,
    env: { ...env, METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await expect.poll(() => output.includes('worker running') || child.exitCode !== null, { timeout: 120_000, interval: 200 }).toBe(true);
  if (child.exitCode !== null) throw new Error(`the worker exited at start:\n${output}`);
  return { child, metricsPort, output: () => output, exited };
}

async function metricsText(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
}

describe.runIf(testDatabaseKind() === 'postgres')('maturity worker beside a web-only instance', () => {
  const receiver = startReceiver();
  let env: Record<string, string>;
  let web: ServerProcess;
  let webMetricsPort: number;
  let headers: Record<string, string>;
  let endpointId: string;

  beforeAll(async () => {
    const host = await receiver.listen();
    webMetricsPort = await freePort();
    env = serverEnv({ WEBHOOK_ALLOWLIST: host });
    web = await startServerProcess({ ...env, WORKER_CONCURRENCY: '0', METRICS_PORT: String(webMetricsPort) });
    children.push(web.child);
    const token = (await run(NODE, [MATURITY_BIN, 'token', '--sub', 'worker_admin', '--account', 'org_workers', '--role', 'admin'], env)).stdout.trim();
    headers = { authorization: `Bearer ${token}` };
    const created = await fetch(`${web.url}/api/webhooks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `http://${host}/hook`, events: ['webhook.test'] }),
    });
    expect(created.status).toBe(201);
    endpointId = ((await created.json()) as { id: string }).id;
  }, PROCESS_TEST_MS);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await receiver.close();
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE; DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}_jobs" CASCADE`);
    await client.end();
  });

  async function sendTest(): Promise<string> {
    const response = await fetch(`${web.url}/api/webhooks/${endpointId}/test`, { method: 'POST', headers });
    expect(response.status).toBe(202);
    return ((await response.json()) as { messageId: string }).messageId;
  }

  async function delivery(messageId: string): Promise<{ status: string; attempts: number; lastError: string | null } | undefined> {
    const response = await fetch(`${web.url}/api/webhooks/${endpointId}/deliveries`, { headers });
    const { deliveries } = (await response.json()) as { deliveries: { messageId: string; status: string; attempts: number; lastError: string | null }[] };
    return deliveries.find((entry) => entry.messageId === messageId);
  }

  it(
    'runs the job the web enqueued, and on SIGTERM finishes the attempt in hand, then exits 0',
    async () => {
      // Enqueued while no worker runs; the web-only instance never sends it.
      const first = await sendTest();
      const worker = await startWorker(env);
      await expect.poll(() => delivery(first), { timeout: 60_000, interval: 250 }).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(receiver.received).toEqual([first]);
      expect(await metricsText(worker.metricsPort)).toMatch(/^jobs_completed_total\{queue="webhook\.deliver"\} 1$/m);
      expect(await metricsText(webMetricsPort)).not.toMatch(/^jobs_completed_total\{queue="webhook\.deliver"\} [1-9]/m);

      // An attempt in hand when SIGTERM comes: the worker stops taking jobs and waits for it.
      receiver.hold(true);
      const second = await sendTest();
      await expect.poll(() => receiver.received.includes(second), { timeout: 60_000, interval: 100 }).toBe(true);
      worker.child.kill('SIGTERM');
      await expect.poll(() => worker.output().includes('shutting down'), { timeout: 30_000, interval: 100 }).toBe(true);
      receiver.hold(false);
      receiver.release();
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      expect(await delivery(second)).toMatchObject({ status: 'delivered', attempts: 1 });
    },
    PROCESS_TEST_MS,
  );

  it(
    'leaves the job of a worker killed mid-attempt to the next worker, which sends it again under the same webhook-id',
    async () => {
      receiver.hold(true);
      const doomed = await startWorker(env);
      const messageId = await sendTest();
      await expect.poll(() => receiver.received.filter((id) => id === messageId).length, { timeout: 60_000, interval: 100 }).toBe(1);
      doomed.child.kill('SIGKILL');
      expect(await doomed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      receiver.hold(false);
      receiver.release();

      await startWorker(env);
      // Heartbeats silent for 30 s, found by the next supervision (every 30 s), the retry delay, then the webhook's own 15 s backoff.
      await expect.poll(() => delivery(messageId), { timeout: 360_000, interval: 1000 }).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(receiver.received.filter((id) => id === messageId)).toHaveLength(2);
    },
    PROCESS_TEST_MS,
  );
});

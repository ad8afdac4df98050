/**
 * The cost of the admission gate, in one run:
 *
 * 1. Latency and throughput of one rate-limited route (POST /limited, the
 *    score policy, a fresh subject per request so decisions are admissions)
 *    with no limiter, the in-process limiter and the Redis limiter. Each
 *    server runs in its own child process; autocannon drives it, first as
 *    fast as it answers (throughput), then at a steady rate (default 1,000 req/s)
 *    (latency). Client latency comes from autocannon (whole milliseconds);
 *    the server's own time per request (request in to response sent, in
 *    microseconds) shows the limiter's share, below autocannon's resolution.
 * 2. A concurrency run: 1,000 simultaneous scoring requests over HTTP with
 *    API keys against ten Business accounts left with small balances (and
 *    one small pack), through the real app; it checks that exactly the
 *    affordable number is admitted and that no balance is overspent.
 *
 *   node_modules/.bin/node bench/gate-latency.ts [seconds per variant, default 5] [steady req/s, default 1000]
 *
 * REDIS_URL (default redis://127.0.0.1:6379): the Redis rows are skipped when
 * it does not answer. DATABASE_URL: PostgreSQL for part 2 (default PGlite in a
 * temporary directory).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { Agent, fetch } from 'undici';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { rowsOf } from '../src/db/client.ts';
import { parsePaymentEvent } from '../src/modules/billing/payment-events.ts';
import { PLAN_LIMITS, SCORE_CREDIT_COST } from '../src/vocabulary/plans.ts';
import type { CountingStore } from '../src/modules/limits/counting-store.ts';
import { MemoryCountingStore } from '../src/modules/limits/memory-counting-store.ts';
import { SCORE_RATE_LIMIT } from '../src/modules/limits/policies.ts';
import { rateLimitFields } from '../src/modules/limits/rate-limit-headers.ts';
import { RateLimiter } from '../src/modules/limits/rate-limiter.ts';
import { RedisCountingStore } from '../src/modules/limits/redis-counting-store.ts';
import { refusalError } from '../src/modules/metering/api/refusal-responses.ts';
import { redisReachable, untilReady } from '../test/fakes/redis.ts';
import { checkoutCompleted, packCheckoutCompleted } from '../test/fakes/payment-events.ts';

const VARIANTS = ['none', 'in-process', 'redis'] as const;
type Variant = (typeof VARIANTS)[number];

const SECONDS = Number(process.argv[2] ?? 5);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 16;
/** Requests per second for the latency run: loaded, not saturated. */
const STEADY_RATE = Number(process.argv[3] ?? 1_000);
const STORE_TIMEOUT_MS = 1_000;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const CONCURRENT_REQUESTS = 1_000;
const ACCOUNTS = 10;
const PACK_SCORES = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Child process: one server for one variant. Prints "READY <port>"; GET /stats answers and resets server-side timings. */
async function serve(variant: Variant): Promise<void> {
  let store: CountingStore | null = null;
  if (variant === 'in-process') store = new MemoryCountingStore();
  if (variant === 'redis') {
    store = new RedisCountingStore({ url: redisUrl, commandTimeoutMs: STORE_TIMEOUT_MS });
    await untilReady(store);
  }
  const limiter = store ? new RateLimiter({ store, clock: systemClock, timeoutMs: STORE_TIMEOUT_MS, keyPrefix: `bench:${crypto.randomUUID()}:` }) : null;

  const app = Fastify({ logger: false });
  let timings: number[] = [];
  const started = new WeakMap<object, bigint>();
  app.addHook('onRequest', async (request) => {
    started.set(request, process.hrtime.bigint());
  });
  app.addHook('onResponse', async (request) => {
    const start = started.get(request);
    if (start !== undefined && request.url === '/limited') timings.push(Number(process.hrtime.bigint() - start) / 1e6);
  });
  let subject = 0;
  app.post('/limited', async (_request, reply) => {
    if (!limiter) return { admitted: true };
    const decision = await limiter.check(SCORE_RATE_LIMIT, `user-${subject++}`);
    reply.headers({ ...rateLimitFields(SCORE_RATE_LIMIT, decision) });
    return decision.allowed ? { admitted: true } : reply.code(429).send({ admitted: false });
  });
  app.get('/stats', async () => {
    const sorted = timings.sort((a, b) => a - b);
    timings = [];
    return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => limiter?.close())
      .then(() => process.exit(0));
  });
}

async function startServer(variant: Variant): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [import.meta.filename, '--serve', variant], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const match = /^READY (\d+)$/.exec(line);
    if (match) return { child, url: `http://127.0.0.1:${match[1]}` };
  }
  throw new Error(`the ${variant} server did not start`);
}

async function measure(variant: Variant): Promise<void> {
  const { child, url } = await startServer(variant);
  const target = `${url}/limited`;
  const serverStats = async () => (await (await fetch(`${url}/stats`)).json()) as { count: number; p50: number; p99: number };
  try {
    await autocannon({ url: target, method: 'POST', connections: CONNECTIONS, duration: WARM_UP_SECONDS });
    // Throughput: as fast as the server answers.
    const saturated = await autocannon({ url: target, method: 'POST', connections: CONNECTIONS, duration: SECONDS });
    await serverStats();
    // Latency: at a steady rate well below saturation, so queueing does not hide the limiter's own cost.
    const steady = await autocannon({ url: target, method: 'POST', connections: CONNECTIONS, duration: SECONDS, overallRate: STEADY_RATE });
    const server = await serverStats();
    console.log(
      `${variant.padEnd(11)} ${String(Math.round(saturated.requests.average)).padStart(6)} req/s max   ` +
        `at ${STEADY_RATE} req/s: client p50 ${steady.latency.p50} ms p99 ${steady.latency.p99} ms, ` +
        `server p50 ${server.p50.toFixed(3)} ms p99 ${server.p99.toFixed(3)} ms   ` +
        `(${server.count} timed, ${saturated.non2xx + steady.non2xx} non-2xx, ${saturated.errors + steady.errors} errors)`,
    );
  } finally {
    child.kill('SIGTERM');
  }
}

/** Part 2: 1,000 concurrent API-key scoring requests against small balances; exact admissions, no overspend. */
async function concurrencyRun(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
  });
  const built = await buildApp(config, { backgroundWork: false });
  const { app, services, database } = built;
  app.post('/bench/score', { config: { auth: 'required' } }, async (request, reply) => {
    const admission = await services.admissionGate.admit({ action: 'score', principal: request.principal, clientAddress: null });
    if (!admission.ok) {
      const error = refusalError(admission);
      return reply.code(error.status).send({ code: error.code });
    }
    return { admitted: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/bench/score`;

  const businessCredits = PLAN_LIMITS.business.monthlyCredits!;
  const accounts: { id: string; key: string; affordable: number }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const resolved = await services.accounts.resolve({ userId: `bench_owner_${i}_${crypto.randomUUID()}`, email: null, organization: null });
    if (!resolved.ok) throw new Error('could not create a bench account');
    const accountId = resolved.accountId;
    const subscriptionId = `sub_bench_${crypto.randomUUID()}`;
    await services.billing.applyPaymentEvent(
      parsePaymentEvent(checkoutCompleted({ accountId, customerId: `cus_${subscriptionId}`, subscriptionId }, 'business', new Date()))!,
    );
    // Leave credits for i + 1 scores; the first account also gets a small pack.
    const { period } = await services.billing.entitlementOf(accountId);
    await database.db.execute(sql`
      INSERT INTO usage_counters (account_id, period_start, credits_used)
      VALUES (${accountId}, ${period.start.toISOString()}, ${businessCredits - (i + 1) * SCORE_CREDIT_COST})`);
    if (i === 0) await services.billing.applyPaymentEvent(parsePaymentEvent(packCheckoutCompleted(accountId, `cus_${subscriptionId}`, 'small', new Date()))!);
    const created = await services.apiKeys.create(accountId, 'bench', 'bench');
    if (!created.ok) throw refusalError(created);
    accounts.push({ id: accountId, key: created.key.key, affordable: i + 1 + (i === 0 ? PACK_SCORES : 0) });
  }

  const dispatcher = new Agent({ connections: 64 });
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT_REQUESTS }, async (_, i) => {
      const account = accounts[i % ACCOUNTS]!;
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${account.key}` }, dispatcher });
      await response.body?.cancel();
      return response.status;
    }),
  );
  const elapsedMs = performance.now() - started;

  const admitted = statuses.filter((status) => status === 200).length;
  const expected = accounts.reduce((sum, account) => sum + account.affordable, 0);
  const overspent = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`SELECT count(*)::int AS n FROM usage_counters WHERE credits_used > ${businessCredits} OR scores_used > ${PLAN_LIMITS.business.scores}`,
    ),
  )[0]!.n;
  const packs = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM score_pack_balances WHERE scores_remaining < 0`))[0]!.n;
  const charges = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM usage_ledger WHERE entry = 'charge' AND action = 'score'`),
  )[0]!.n;
  const byStatus = Object.entries(Object.groupBy(statuses, (status) => String(status))).map(([status, list]) => `${status}: ${list!.length}`);
  console.log(
    `${CONCURRENT_REQUESTS} concurrent requests on ${database.kind} in ${Math.round(elapsedMs)} ms (${Math.round((CONCURRENT_REQUESTS / elapsedMs) * 1000)} req/s); ` +
      `statuses ${byStatus.join(', ')}; admitted ${admitted} of ${expected} affordable; score charges in the ledger ${charges}; ` +
      `balances overspent: ${overspent + packs}`,
  );
  await dispatcher.close();
  if (database.kind === 'postgres') await database.db.execute(sql.raw(`DROP SCHEMA "${schema}" CASCADE`));
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (admitted !== expected || charges !== expected || overspent + packs !== 0) {
    console.error('FAILED: admissions differ from what the balances allow');
    process.exitCode = 1;
  }
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as Variant);
} else {
  const redisUp = await redisReachable(redisUrl);
  console.log(`Gate latency: POST /limited, ${CONNECTIONS} connections, ${SECONDS} s per variant, Node ${process.version}, ${os.cpus().length} CPUs`);
  for (const variant of VARIANTS) {
    if (variant === 'redis' && !redisUp) {
      console.log(`redis       skipped: nothing answers at ${redisUrl}`);
      continue;
    }
    await measure(variant);
  }
  console.log();
  await concurrencyRun();
}

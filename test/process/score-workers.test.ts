/**
 * Scoring as queued work across real processes (issue 25's acceptance): two
 * web-only instances (WORKER_CONCURRENCY=0) and two `maturity worker`
 * processes share PostgreSQL and Redis. Twenty scores of a local site whose
 * pages answer after a delay are posted to the two web instances; one worker
 * is killed with SIGKILL while it crawls. Every admitted score still ends
 * with a stored result charged once, or a failure whose charge was given
 * back: the usage report, the results and the ledger agree, and nothing is
 * left in flight. PostgreSQL only: the embedded database is one process's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGeneratedSite, type GeneratedSite } from '../fixtures/generated-site.ts';
import { TEST_REDIS_URL } from '../fakes/redis.ts';
import { testDatabaseKind } from '../harness.ts';
import { MATURITY_BIN, NODE, ROOT, run, serverEnv, startServerProcess, type ServerProcess } from './processes.ts';

/** Four processes start on a loaded two-core machine; a killed worker's job waits out its heartbeat and the supervision's period. */
const PROCESS_TEST_MS = 480_000;
const SCORES = 20;
/** Free accounts score three times a month: seven accounts cover twenty scores. */
const ACCOUNTS = 7;

interface WorkerProcess {
  child: ChildProcess;
  output(): string;
}

const children: ChildProcess[] = [];

async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(NODE, [MATURITY_BIN, 'worker'], { cwd: ROOT, env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // A plain wait: expect.poll belongs to a test, and this runs in beforeAll.
  const deadline = Date.now() + 120_000;
  while (!output.includes('worker running')) {
    if (child.exitCode !== null) throw new Error(`the worker exited at start:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, output: () => output };
}

describe.runIf(testDatabaseKind() === 'postgres')('scores on two workers beside two web-only instances', () => {
  let site: GeneratedSite;
  let env: Record<string, string>;
  let webs: ServerProcess[];
  let workers: WorkerProcess[];
  const tokens: string[] = [];

  beforeAll(async () => {
    site = await startGeneratedSite({ pages: 15, delayMs: 300 });
    env = serverEnv({
      CRAWL_ALLOWLIST: site.allowlistEntry,
      REDIS_URL: TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      CRAWL_MAX_ACTIVE: '3',
      CRAWL_QUEUE_LIMIT: '100',
    });
    // The first process migrates the schema; the others find it done.
    const first = await startServerProcess({ ...env, WORKER_CONCURRENCY: '0' });
    children.push(first.child);
    const others = await Promise.all([startServerProcess({ ...env, WORKER_CONCURRENCY: '0' }), startWorker(env), startWorker(env)]);
    const [second, ...started] = others as [ServerProcess, WorkerProcess, WorkerProcess];
    children.push(second.child);
    webs = [first, second];
    workers = started;
    for (let i = 0; i < ACCOUNTS; i++) {
      tokens.push((await run(NODE, [MATURITY_BIN, 'token', '--sub', `scorer_${i}`, '--account', `org_scorers_${i}`, '--role', 'admin'], env)).stdout.trim());
    }
  }, PROCESS_TEST_MS);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await site?.close();
    if (!env) return;
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}" CASCADE; DROP SCHEMA IF EXISTS "${env.DATABASE_SCHEMA}_jobs" CASCADE`);
    await client.end();
  });

  it(
    'ends every admitted score with a result charged once or its charge given back, with one worker killed mid-crawl',
    async () => {
      const scores = Array.from({ length: SCORES }, async (_, i) => {
        const response = await fetch(`${webs[i % 2]!.url}/api/score`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[i % ACCOUNTS]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${site.url}/` }),
        });
        const body = (await response.json()) as { id?: string; code?: string };
        return { status: response.status, id: body.id ?? null, code: body.code ?? null };
      });
      // Both workers are crawling (three scores each at most): kill one of them in the middle of its pages.
      await expect.poll(() => site.pagesServed, { timeout: 120_000, interval: 50 }).toBeGreaterThan(20);
      workers[0]!.child.kill('SIGKILL');
      const outcomes = await Promise.all(scores);

      // Nothing but a result or a failure on our side (whose charge is given back).
      expect(outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 500)).toEqual([]);
      const stored = outcomes.filter((outcome) => outcome.status === 200);

      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const schema = env.DATABASE_SCHEMA;
        const results = await client.query(`SELECT count(*)::int AS n FROM "${schema}".scoring_results`);
        expect(results.rows[0].n).toBe(stored.length);
        // Each reservation charged once; the ones without a result refunded once; none left in flight.
        const ledger = await client.query(
          `SELECT reservation_id, count(*) FILTER (WHERE entry = 'charge')::int AS charges, count(*) FILTER (WHERE entry = 'refund')::int AS refunds
             FROM "${schema}".usage_ledger WHERE action = 'score' GROUP BY reservation_id`,
        );
        expect(ledger.rows.every((row) => row.charges === 1 && row.refunds <= 1)).toBe(true);
        expect(ledger.rows.filter((row) => row.refunds === 0)).toHaveLength(stored.length);
        expect(ledger.rows).toHaveLength(SCORES);
        const inFlight = await client.query(`SELECT count(*)::int AS n FROM "${schema}".charges_in_flight`);
        expect(inFlight.rows[0].n).toBe(0);
      } finally {
        await client.end();
      }

      // The usage report of every account counts exactly its stored scores.
      let used = 0;
      for (const token of tokens) {
        const usage = (await (await fetch(`${webs[1]!.url}/api/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          scores: { used: number };
        };
        used += usage.scores.used;
      }
      expect(used).toBe(stored.length);
      // The killed worker's scores were taken over by the other: all twenty have their result.
      expect(stored).toHaveLength(SCORES);
    },
    PROCESS_TEST_MS,
  );
});

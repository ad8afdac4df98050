/**
 * The one job engine (issue 25): pg-boss, in a schema of its own beside the
 * service's tables. On the embedded database it runs on the same PGlite
 * instance through pg-boss's PGlite adapter (one connection, in process,
 * LISTEN/NOTIFY included); on PostgreSQL it opens a small pool of its own.
 *
 * Time: with the system clock pg-boss reads the database's. With any other
 * clock (tests move a ManualClock by hand) pg-boss gets a TestClock, whose
 * time is pushed into the schema's job_now() before each drain (syncClock),
 * so "due", retry backoff and cron periods follow the service's clock.
 * Under a TestClock no pg-boss timer fires: tests drain with runDue().
 */
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, TestClock, type ConstructorOptions, type Queue } from 'pg-boss';
import { systemClock, type Clock } from '../clock.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { QueueBacklog } from '../observability/service-metrics.ts';
import { DEFAULT_QUEUE_OPTIONS, HEARTBEAT_SECONDS } from './retry-policy.ts';

export interface JobEngineOptions {
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Run pg-boss's maintenance (expiry, retention, deletion) and cron on timers. Default true. */
  background?: boolean;
  /** On stop(), how long handlers in hand may run on before their jobs are handed back (failed, so retried). Default 30 s. */
  drainTimeoutMs?: number;
}

/** pg-boss's schema: its own, next to the service's (a test schema gets one of its own too). */
export function jobSchemaFor(database: DatabaseHandle): string {
  const schema = database.native.kind === 'postgres' ? database.native.schema : null;
  return schema ? `${schema}_jobs` : 'pgboss';
}

export class JobEngine {
  readonly boss: PgBoss;
  readonly schema: string;
  readonly #clock: Clock;
  readonly #testClock: TestClock | null;
  readonly #queues = new Set<string>();
  readonly #drainTimeoutMs: number;
  #supervisedAt = 0;
  /** The clock sync in progress, if any: the next waits for it. */
  #clockSync: Promise<void> = Promise.resolve();

  private constructor(boss: PgBoss, schema: string, clock: Clock, testClock: TestClock | null, drainTimeoutMs: number) {
    this.boss = boss;
    this.schema = schema;
    this.#clock = clock;
    this.#testClock = testClock;
    this.#drainTimeoutMs = drainTimeoutMs;
  }

  static async start(options: JobEngineOptions): Promise<JobEngine> {
    const schema = jobSchemaFor(options.database);
    const testClock = options.clock === systemClock ? null : new TestClock(options.clock.now().getTime());
    const background = options.background !== false && !testClock;
    const common: ConstructorOptions = {
      schema,
      ...(testClock ? { clock: testClock } : {}),
      supervise: background,
      schedule: background,
      // Instances and queue statistics are pg-boss's dashboard's; the service's metrics read backlog().
      registerInstance: false,
      // Traces travel in the job's data (job-queue.ts), the service's own way.
      openTelemetry: { enabled: false },
      useListenNotify: background,
      // Jobs whose worker went silent are looked for this often (with HEARTBEAT_SECONDS, a dead worker's job is retried within about a minute).
      monitorIntervalSeconds: HEARTBEAT_SECONDS,
    };
    const native = options.database.native;
    const boss =
      native.kind === 'pglite'
        ? new PgBoss({ ...common, backend: 'pglite', db: fromPglite(native.client) })
        : new PgBoss({ ...common, connectionString: native.url, max: 4, application_name: 'maturity-jobs' });
    boss.on('error', (error) => options.log.error({ err: error }, 'job engine error'));
    await boss.start();
    const engine = new JobEngine(boss, schema, options.clock, testClock, options.drainTimeoutMs ?? 30_000);
    engine.#supervisedAt = options.clock.now().getTime();
    return engine;
  }

  /** Creates the queue once (idempotent across instances), with the house's retry and retention. */
  async ensureQueue(name: string, options: Omit<Queue, 'name'> = {}): Promise<void> {
    if (this.#queues.has(name)) return;
    // An option given as undefined drops the house default (pg-boss refuses e.g. a retryDelayMax without backoff).
    const chosen = Object.fromEntries(Object.entries({ ...DEFAULT_QUEUE_OPTIONS, notify: true, ...options }).filter(([, value]) => value !== undefined));
    if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, chosen);
    this.#queues.add(name);
  }

  /** Whether pg-boss's timers run (the system clock): under a test clock nothing runs unless a test drains. */
  get runsTimers(): boolean {
    return this.#testClock === null;
  }

  hasQueue(name: string): boolean {
    return this.#queues.has(name);
  }

  /**
   * Under a test clock: pg-boss's database time moves to the service clock's
   * now, and once the clock has moved a heartbeat's length, pg-boss's
   * supervision runs as its timer would have (jobs whose worker went silent
   * are given back for a retry; finished jobs past retention are deleted).
   * One at a time: a test's runDue and a waiting score's worker may both
   * drain at once, and pg-boss refuses a second setTime while one runs.
   */
  syncClock(): Promise<void> {
    if (!this.#testClock) return Promise.resolve();
    const synced = this.#clockSync.then(() => this.#syncClockNow(this.#testClock!));
    this.#clockSync = synced.catch(() => undefined);
    return synced;
  }

  async #syncClockNow(testClock: TestClock): Promise<void> {
    const now = this.#clock.now().getTime();
    if (testClock.now() !== now) await testClock.setTime(now);
    if (Math.abs(now - this.#supervisedAt) >= HEARTBEAT_SECONDS * 1000) {
      this.#supervisedAt = now;
      await this.boss.supervise();
    }
  }

  /** Per queue: jobs due and not yet done (waiting or being retried), and how long the oldest has been due. */
  async backlog(): Promise<QueueBacklog[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, count(*)::int AS depth, extract(epoch FROM ${this.schema}.job_now() - min(start_after))::float8 AS age
         FROM ${this.schema}.job
        WHERE state IN ('created', 'retry') AND start_after <= ${this.schema}.job_now()
        GROUP BY name`,
    );
    return (rows as { name: string; depth: number; age: number }[]).map((row) => ({
      queue: row.name,
      depth: row.depth,
      oldestAgeSeconds: Math.max(0, Number(row.age)),
    }));
  }

  /** Jobs of one queue waiting for a worker (created or between retries, due now). */
  async waiting(name: string): Promise<number> {
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT count(*)::int AS depth FROM ${this.schema}.job WHERE name = $1 AND state IN ('created', 'retry') AND start_after <= ${this.schema}.job_now()`,
        [name],
      );
    return (rows as { depth: number }[])[0]?.depth ?? 0;
  }

  /**
   * Stops workers and pg-boss's timers; the database stays open for its
   * owner. The drain: handlers in hand get up to drainTimeoutMs to finish;
   * then pg-boss fails their jobs ("shut down while active"), which hands
   * them back for a retry by any worker after the first retry delay, and the
   * late handler's outcome is fenced off (its attempt is no longer the job's).
   */
  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: this.#drainTimeoutMs });
  }
}

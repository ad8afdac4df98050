/**
 * The job claim at scale (issue 29, item 4): what one poll of a queue costs
 * when it holds `size` jobs leased (claimed and running) and `size` more due
 * only tomorrow, none due now, at 1k, 10k and 100k, on PGlite and PostgreSQL.
 * The target: a poll reads the jobs that are due, not the table, so its time
 * stays within 1.5x from 1k to 100k.
 *
 *   node_modules/.bin/node bench/job-claim.ts [--sizes 1000,10000,100000] [--polls 25] [--database-url postgres://...]
 *
 * The engine is the service's (src/queue/job-engine.ts: pg-boss in its own
 * schema, the house queue options) on the system clock, as a deployment runs
 * it; a test clock would make pg-boss read its time from a table on every row
 * (job_now()), which no deployment does. Each size gets a fresh database
 * (PGlite in memory, or a fresh schema). The jobs go in through pg-boss's
 * batch insert; the due half is claimed in batches until none is left, so it
 * stays leased; then `--polls` claims of one job, each finding none, are
 * timed after one warm-up, the median reported. Markdown to stdout.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import pg from 'pg';
import { systemClock } from '../src/clock.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { JobEngine } from '../src/queue/job-engine.ts';
import { loadAverage, median } from './measure.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    polls: { type: 'string', default: '25' },
    'database-url': { type: 'string' },
  },
});

const QUEUE = 'bench.claim';
const BATCH = 1000;
const DAY_MS = 86_400_000;

async function claimMs(size: number, polls: number, databaseUrl: string | null): Promise<number> {
  const schema = `claim_bench_${crypto.randomBytes(4).toString('hex')}`;
  const database: DatabaseHandle = databaseUrl
    ? await openDatabase({ kind: 'postgres', url: databaseUrl, schema })
    : await openDatabase({ kind: 'pglite', dataDir: null, ignoreTemplate: false });
  const engine = await JobEngine.start({ database, clock: systemClock, log: pino({ level: 'silent' }), background: false });
  try {
    await engine.ensureQueue(QUEUE);
    const tomorrow = new Date(Date.now() + DAY_MS);
    for (let inserted = 0; inserted < size; inserted += BATCH) {
      const batch = Math.min(BATCH, size - inserted);
      await engine.boss.insert(
        QUEUE,
        Array.from({ length: batch }, () => ({ data: {} })),
      );
      await engine.boss.insert(
        QUEUE,
        Array.from({ length: batch }, () => ({ data: {}, startAfter: tomorrow })),
      );
    }
    while ((await engine.boss.fetch(QUEUE, { batchSize: BATCH })).length > 0);
    const { rows } = await engine.boss
      .getDb()
      .executeSql(`SELECT state, count(*)::int AS jobs FROM ${engine.schema}.job WHERE name = $1 GROUP BY state ORDER BY state`, [QUEUE]);
    process.stderr.write(`  jobs by state: ${(rows as { state: string; jobs: number }[]).map((row) => `${row.state} ${row.jobs}`).join(', ')}\n`);
    const samples: number[] = [];
    for (let k = 0; k <= polls; k++) {
      const started = process.hrtime.bigint();
      const claimed = await engine.boss.fetch(QUEUE);
      if (claimed.length > 0) throw new Error('a job was due');
      if (k > 0) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return median(samples);
  } finally {
    await engine.stop();
    await database.close();
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      await client.end();
    }
  }
}

async function main(): Promise<void> {
  const sizes = args.sizes.split(',').map(Number);
  const polls = Number(args.polls);
  const databaseUrl = args['database-url'] ?? null;
  const loadBefore = loadAverage();
  const figures: number[] = [];
  for (const size of sizes) {
    figures.push(await claimMs(size, polls, databaseUrl));
    process.stderr.write(`${size} leased + ${size} tomorrow: ${figures.at(-1)!.toFixed(2)} ms a claim (load ${loadAverage()})\n`);
  }
  const ratio = figures.at(-1)! / figures[0]!;
  process.stdout.write(
    [
      `Node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore} before, ${loadAverage()} after; database ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; median of ${polls} claims finding nothing due.`,
      '',
      `| what | ${sizes.map((size) => `${size} leased + ${size} tomorrow`).join(' | ')} | ${sizes.at(-1)} ÷ ${sizes[0]} (target ≤ 1.5) |`,
      `|---|${sizes.map(() => '---|').join('')}---|`,
      `| a claim, none due | ${figures.map((ms) => `${ms.toFixed(2)} ms`).join(' | ')} | ${ratio.toFixed(2)} (${ratio <= 1.5 ? 'met' : '**missed**'}) |`,
      '',
    ].join('\n'),
  );
}

await main();

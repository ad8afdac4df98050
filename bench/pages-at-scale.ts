/**
 * Pages at scale (issue 29, acceptance): what each page and the daily sweeps
 * cost with 1k, 10k and 100k stored results, spread over 1 and over 100
 * accounts, on PGlite or PostgreSQL. The target: each figure within 1.5x
 * from 1k to 100k.
 *
 *   node_modules/.bin/node bench/pages-at-scale.ts [--sizes 1000,10000,100000] [--accounts 1,100]
 *     [--requests 15] [--database-url postgres://...] [--explain]
 *
 * For each (accounts, size) a fresh database: the app built in this process
 * (as tests build it, no background work, on a clock the script moves), the
 * accounts made through GET /api/account, all on a paid plan, each with one
 * product; then the results inserted by one set-based statement
 * (generate_series over a real result's document: a quarter filed under
 * their account's product, every one placed in one of four segments, about
 * a tenth as many companies as results), with the peer tables' trigger
 * disabled for the load and the tables rebuilt after it, set-based too.
 * Then, for account 0, each page `--requests` times through app.inject
 * (after one warm-up), the median reported:
 * - GET /r/<id> for a visitor, kept (the same result each time) and cold
 *   (a different result each time: a render);
 * - GET /r/<id> for a member (rendered per request, with the peers and
 *   their verdicts);
 * - GET /app, GET /app/products/<id>, GET /api/benchmarks?segment=,
 *   GET /api/scores/<id>/percentile;
 * - the daily sweeps (trial mail, score decay, weekly digest, peer
 *   benchmarks) a day later, each timed once with what it found due, then
 *   one runDue of the job runner (the mails they enqueued sent).
 * The results are placed so the sweeps' due work is the same at every size
 * (WEEK_RESULTS): their time should then stay flat as the table grows.
 * With --explain, the EXPLAIN of each page's main queries at the largest size
 * is printed after the table (ANALYZE on PostgreSQL). Progress goes to
 * stderr, the Markdown to stdout.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { rowsOf } from '../src/db/client.ts';
import { signDevToken } from '../src/identity/dev-identity.ts';
import { fixtureResult } from '../test/fixtures/coach-result.ts';
import { loadAverage, median } from './measure.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    accounts: { type: 'string', default: '1,100' },
    requests: { type: 'string', default: '15' },
    'database-url': { type: 'string' },
    explain: { type: 'boolean', default: false },
  },
});

const SEGMENTS = ['b2b_saas', 'developer_tools', 'marketplace', 'ai_native'];
/**
 * The newest results, one every five minutes from six days back, fall in the
 * whole ISO week the digest reports a day later (the bench's clock starts on
 * a Saturday); the rest lie before that week, one a minute. So the sweeps
 * have the same due work at every size, and what their time does as the
 * table grows is what they read besides it.
 */
const WEEK_RESULTS = 1000;
const DAY_MS = 86_400_000;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

interface Setup {
  built: BuiltApp;
  clock: ManualClock;
  cookie: string;
  productId: string;
  /** Account 0's results, newest first (a few hundred at most). */
  resultIds: string[];
  close(): Promise<void>;
}

async function setUp(accountCount: number, size: number, databaseUrl: string | null): Promise<Setup> {
  const clock = new ManualClock('2026-11-28T12:00:00.000Z');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-scale-bench-'));
  const schema = `scale_bench_${crypto.randomBytes(4).toString('hex')}`;
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}) });
  const built = await buildApp(config, { clock, backgroundWork: false });
  await built.app.ready();
  const token = (sub: string) => signDevToken(built.devKey!, config.identity.issuer, { sub, email: `${sub}@scale.example` }, clock.now());
  const accountIds: string[] = [];
  for (let k = 0; k < accountCount; k++) {
    const response = await built.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${await token(`scale_${k}`)}` } });
    accountIds.push(response.json<{ id: string }>().id);
  }
  const db = built.database.db;
  await db.execute(sql`UPDATE billing_accounts SET plan = 'pro'`);
  await db.execute(sql`INSERT INTO products (account_id, name, url) SELECT id, 'Product ' || id, 'https://product.example/' FROM accounts`);
  const template = JSON.stringify(fixtureResult());
  const started = Date.now();
  // The load runs without the trigger, then the peer tables are rebuilt from it, set-based: seconds, not minutes.
  await db.execute(sql`ALTER TABLE scoring_results DISABLE TRIGGER scoring_results_peer_scores`);
  await db.execute(sql`
    WITH owners AS (SELECT a.id AS account_id, p.id AS product_id, row_number() OVER (ORDER BY a.created_at, a.id) - 1 AS k
                    FROM accounts a JOIN products p ON p.account_id = a.id),
    made AS (SELECT n, gen_random_uuid() AS id FROM generate_series(0, ${size - 1}) AS n)
    INSERT INTO scoring_results (id, account_id, product_id, url, result, depth, segment, created_at)
    SELECT made.id, o.account_id, CASE WHEN made.n % 4 = 0 THEN o.product_id END,
      'https://company-' || (made.n % greatest(1, ${size} / 10)) || '.example/',
      jsonb_set(jsonb_set(jsonb_set(${template}::jsonb, '{id}', to_jsonb(made.id::text)),
        '{url}', to_jsonb('https://company-' || (made.n % greatest(1, ${size} / 10)) || '.example/')),
        '{totalScore}', to_jsonb(27 + (made.n * 7919) % 82)),
      'full', (${`{${SEGMENTS.join(',')}}`}::text[])[1 + made.n % 4],
      ${clock.now().toISOString()}::timestamptz - CASE WHEN made.n >= ${size}::int - ${WEEK_RESULTS}::int
        THEN make_interval(days => 6, mins => 5 * (${size} - made.n)) ELSE make_interval(days => 13, mins => ${size} - made.n) END
    FROM made JOIN owners o ON o.k = made.n % ${accountCount}`);
  await db.execute(sql`ALTER TABLE scoring_results ENABLE TRIGGER scoring_results_peer_scores`);
  await db.execute(sql`SELECT peer_scores_rebuild()`);
  // As autovacuum (PostgreSQL) or the hourly job (PGlite: src/db/embedded-statistics.ts) would have by the time so many are stored.
  await db.execute(sql`ANALYZE`);
  log(`  seeded ${size} results over ${accountCount} account(s) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const [product] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM products WHERE account_id = ${accountIds[0]}`));
  const recent = rowsOf<{ id: string }>(
    await db.execute(sql`SELECT id FROM scoring_results WHERE account_id = ${accountIds[0]} ORDER BY created_at DESC, id DESC LIMIT 200`),
  );
  return {
    built,
    clock,
    cookie: await token('scale_0'),
    productId: product!.id,
    resultIds: recent.map((row) => row.id),
    async close() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}

/** Milliseconds per request, the median of `count` after one warm-up; every answer must be `status`. */
async function timed(count: number, send: (k: number) => Promise<{ statusCode: number }>, status = 200): Promise<number> {
  const check = (response: { statusCode: number }) => {
    if (response.statusCode !== status) throw new Error(`answered ${response.statusCode}, not ${status}`);
  };
  check(await send(count));
  const samples: number[] = [];
  for (let k = 0; k < count; k++) {
    const started = process.hrtime.bigint();
    check(await send(k));
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(samples);
}

type Figures = Record<string, number>;
/** Per sweep, what it found due (shown beside its time): the same at every size when the seed is right. */
const dueWork: Record<string, string> = {};

async function measure(setup: Setup, requests: number): Promise<Figures> {
  const { built, cookie, productId, resultIds } = setup;
  const inject = built.app.inject.bind(built.app);
  const asMember = (url: string) => inject({ method: 'GET', url, cookies: { __session: cookie } });
  const asApi = (url: string) => inject({ method: 'GET', url, headers: { authorization: `Bearer ${cookie}` } });
  const figures: Figures = {};
  figures['GET /r/<id>, visitor, kept'] = await timed(requests, () => inject({ method: 'GET', url: `/r/${resultIds[0]}` }));
  // A different result each time, so each is a render: as many as account 0 holds beyond the kept one and the warm-up.
  const renders = Math.min(requests, resultIds.length - 2);
  figures['GET /r/<id>, visitor, rendered'] = await timed(renders, (k) => inject({ method: 'GET', url: `/r/${resultIds[1 + k]}` }));
  figures['GET /r/<id>, member'] = await timed(requests, () => asMember(`/r/${resultIds[0]}`));
  figures['GET /app'] = await timed(requests, () => asMember('/app'));
  figures['GET /app/products/<id>'] = await timed(requests, () => asMember(`/app/products/${productId}`));
  figures['GET /api/benchmarks?segment='] = await timed(requests, () => asApi(`/api/benchmarks?segment=${SEGMENTS[0]}`));
  figures['GET /api/scores/<id>/percentile'] = await timed(requests, () => asApi(`/api/scores/${resultIds[0]}/percentile`));
  // The daily sweeps fall due a day later: each timed alone with its due work (mails enqueued), then one pass of the
  // runner, as a poll makes it (the mails sent; the sweeps again, finding nothing new).
  setup.clock.advance(DAY_MS);
  const mail = built.services.lifecycleMail;
  const sweeps: [string, () => Promise<{ visited: number; enqueued: number }>][] = [
    ['trial-mail sweep', () => mail.sweepTrialMail()],
    ['score-decay sweep', () => mail.sweepScoreDecay()],
    ['weekly-digest sweep', () => mail.sweepWeeklyDigest()],
    ['peer-benchmark sweep', () => mail.sweepPeerBenchmarks()],
  ];
  for (const [name, sweep] of sweeps) {
    const started = process.hrtime.bigint();
    const summary = await sweep();
    figures[name] = Number(process.hrtime.bigint() - started) / 1e6;
    dueWork[name] = `${summary.visited} visited, ${summary.enqueued} enqueued`;
  }
  const started = process.hrtime.bigint();
  await built.services.jobRunner.runDue();
  figures['then one runDue'] = Number(process.hrtime.bigint() - started) / 1e6;
  return figures;
}

/** The main queries of the pages, as they are sent, with their plans. */
async function explain(setup: Setup, databaseUrl: string | null): Promise<string[]> {
  const db = setup.built.database.db;
  const [{ accountId }] = rowsOf<{ accountId: string }>(
    await db.execute(sql`SELECT account_id AS "accountId" FROM products WHERE id = ${setup.productId}`),
  ) as [{ accountId: string }];
  const queries: [string, ReturnType<typeof sql>][] = [
    ['/r/<id>, percentile: the result', sql`SELECT id, account_id, segment, result FROM scoring_results WHERE id = ${setup.resultIds[0]}`],
    [
      '/r/<id>, /api/benchmarks, percentile, peer sweep: the pool',
      sql`SELECT result_id, account_id, company, total_score, dimension_scores, scored_at FROM peer_account_scores WHERE segment = ${SEGMENTS[0]}`,
    ],
    [
      '/app: the unfiled scores it lists (10)',
      sql`SELECT id, created_at FROM scoring_results WHERE account_id = ${accountId} AND product_id IS NULL ORDER BY created_at DESC, id DESC LIMIT 10`,
    ],
    [
      "/app, /app/products/<id>: a product's latest of a depth (limit 1 or 2; the trend 24)",
      sql`SELECT id, created_at FROM scoring_results WHERE account_id = ${accountId} AND product_id = ${setup.productId} AND depth = 'full' ORDER BY created_at DESC, id DESC LIMIT 2`,
    ],
    [
      '/app/products/<id>?cursor=, GET /api/products/<id>/scores?cursor=: a page deep in the history (26 rows: the page and one to tell more)',
      sql`SELECT id, created_at FROM scoring_results WHERE account_id = ${accountId} AND product_id = ${setup.productId}
            AND (created_at, id) < (SELECT c.created_at, c.id FROM scoring_results c WHERE c.id = ${setup.resultIds.at(-1)} AND c.account_id = ${accountId})
            ORDER BY created_at DESC, id DESC LIMIT 26`,
    ],
    [
      'score decay sweep: the products whose latest score turned stale in the window',
      sql`SELECT product_id, id FROM scoring_results WHERE product_id IS NOT NULL AND account_id IS NOT NULL
            AND created_at >= ${new Date(setup.clock.now().getTime() - 97 * DAY_MS).toISOString()}::timestamptz AND created_at < ${new Date(setup.clock.now().getTime() - 90 * DAY_MS).toISOString()}::timestamptz
            AND NOT EXISTS (SELECT 1 FROM scoring_results newer WHERE newer.product_id = scoring_results.product_id AND newer.account_id IS NOT NULL
              AND (newer.created_at, newer.id) > (scoring_results.created_at, scoring_results.id))
            ORDER BY product_id LIMIT 100`,
    ],
    [
      'weekly digest sweep: the accounts scored last week',
      sql`SELECT DISTINCT account_id FROM scoring_results WHERE account_id IS NOT NULL
            AND created_at >= ${new Date(setup.clock.now().getTime() - 8 * DAY_MS).toISOString()}::timestamptz AND created_at < ${new Date(setup.clock.now().getTime() - DAY_MS).toISOString()}::timestamptz
            ORDER BY account_id LIMIT 100`,
    ],
    [
      "a result stored: the trigger's probe for a company's latest",
      sql`SELECT id FROM scoring_results WHERE segment = ${SEGMENTS[0]} AND scoring_company_of(url) = 'company-1.example' AND depth = 'full' AND account_id IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    ],
  ];
  const lines: string[] = [];
  for (const [name, query] of queries) {
    const plan = rowsOf<Record<string, string>>(
      await db.execute(sql`EXPLAIN ${sql.raw(databaseUrl ? '(ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF)' : '(COSTS OFF)')} ${query}`),
    );
    lines.push(`${name}:`, '```', ...plan.map((row) => Object.values(row)[0]!), '```', '');
  }
  return lines;
}

async function main(): Promise<void> {
  const sizes = args.sizes.split(',').map(Number);
  const accountCounts = args.accounts.split(',').map(Number);
  const requests = Number(args.requests);
  const databaseUrl = args['database-url'] ?? null;
  const loadBefore = loadAverage();
  const table = new Map<string, Map<string, number>>();
  const notes = new Map<string, string>();
  let plans: string[] = [];
  for (const accountCount of accountCounts) {
    for (const size of sizes) {
      log(`${accountCount} account(s), ${size} results (load ${loadAverage()})`);
      const setup = await setUp(accountCount, size, databaseUrl);
      try {
        const figures = await measure(setup, requests);
        for (const [name, ms] of Object.entries(figures)) {
          const key = `${name} | ${accountCount}`;
          if (!table.has(key)) table.set(key, new Map());
          table.get(key)!.set(String(size), ms);
          if (dueWork[name]) notes.set(`${key} ${size}`, dueWork[name]!);
          log(`  ${name}: ${ms.toFixed(1)} ms${dueWork[name] ? ` (${dueWork[name]})` : ''}`);
        }
        if (args.explain && size === sizes.at(-1) && accountCount === accountCounts.at(-1)) plans = await explain(setup, databaseUrl);
      } finally {
        await setup.close();
      }
    }
  }
  const first = String(sizes[0]);
  const last = String(sizes.at(-1));
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore} before, ${loadAverage()} after; database ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ` +
      `in-process (app.inject), median of ${requests} requests after a warm-up (the sweeps: one run).`,
    '',
    `| what | accounts | ${sizes.join(' | ')} | ${last} ÷ ${first} (target ≤ 1.5) |`,
    `|---|---|${sizes.map(() => '---|').join('')}---|`,
  ];
  for (const [key, bySize] of table) {
    const ratio = bySize.get(last)! / bySize.get(first)!;
    lines.push(
      `| ${key} | ${sizes.map((size) => `${bySize.get(String(size))!.toFixed(1)} ms${notes.has(`${key} ${size}`) ? ` (${notes.get(`${key} ${size}`)})` : ''}`).join(' | ')} | ${ratio.toFixed(2)} (${ratio <= 1.5 ? 'met' : '**missed**'}) |`,
    );
  }
  process.stdout.write(`${[...lines, '', ...plans].join('\n')}\n`);
}

await main();

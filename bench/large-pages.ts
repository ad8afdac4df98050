/**
 * Large pages and the page-reading pool (issue 11): the crawl reads large
 * pages in worker threads (src/modules/scoring/crawler/page-reader.ts).
 *
 *   node_modules/.bin/node bench/large-pages.ts [--delay 200] [--rounds 3] [--baseline <checkout>] [--skip-pool-cost] [--skip-crawls] [--skip-scores] [--also-threads <n>] [--crawl-sizes <KiB,...>]
 *
 * 1. The pool's cost per page, by page size, in this process: reading a
 *    generated page in this thread against a round trip through a one-thread
 *    pool (the bytes moved, the artifact cloned back): this thread's CPU, all
 *    threads' CPU and the round trip's wall time, per page over a batch. It is what the
 *    size threshold (IN_THREAD_BELOW_BYTES) is chosen from.
 * 2. POST /api/score on a 25-page generated site (bench/score-fixture-site.ts,
 *    every page answered after L ms) of 100 KB pages and of 2 MB pages,
 *    against services started as `npm start` starts them (fresh DATA_DIR,
 *    PGlite): the pool on (CRAWL_WORKER_THREADS unset: cores minus one), the
 *    pool off (CRAWL_WORKER_THREADS=0) and, with --baseline, the service of
 *    another checkout (the commit before), and with --also-threads n a pool
 *    of n threads (CRAWL_WORKER_THREADS=n). Every service is up for the whole
 *    run; each round scores each size once on each service, the services'
 *    order rotating from round to round, after one warm-up score each. For
 *    each score: the wall time over the network's lower bound
 *    ceil(25 / concurrency) x L, the service's CPU per page (all threads, and
 *    its main thread, from /proc/<pid>/task/<tid>/schedstat), and the latency
 *    of GET /healthz sent every 20 ms while the score runs: the event loop's
 *    responsiveness during the crawl. Medians over the rounds; the ratio of
 *    each service to the pool-off service is taken within each round.
 * Progress goes to stderr, the Markdown tables to stdout. Linux only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { DEV_IDENTITY_ISSUER, loadConfig } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken, type DevSigningKey } from '../src/identity/dev-identity.ts';
import { runCrawl } from '../src/modules/scoring/crawler/crawl-session.ts';
import { DEFAULT_CRAWLER_OPTIONS } from '../src/modules/scoring/crawler/crawler-options.ts';
import { createPageReader, IN_THREAD_BELOW_BYTES, type PageReader } from '../src/modules/scoring/crawler/page-reader.ts';
import { readPageBody, type PageBody } from '../src/modules/scoring/crawler/page-reading.ts';
import { startGeneratedSite } from '../test/fixtures/generated-site.ts';
import { loadAverage, median, processCpuNs } from './measure.ts';
import { SERVICE_NODE_FLAGS, startService, stopProcess } from './service-process.ts';

const PAGES = 25;
const KIB = 1024;
const SIZES = [100 * KIB, 2 * KIB * KIB];
const POOL_COST_SIZES = [25, 50, 100, 200, 400, 1024, 2048].map((kib) => kib * KIB);
const CRAWL_ROUNDS = 4;
const TARGET_WALL_RATIO = 1.3;
const PROBE_INTERVAL_MS = 20;
const READY_TIMEOUT_MS = 60_000;

const { values: args } = parseArgs({
  options: {
    delay: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '3' },
    baseline: { type: 'string' },
    'skip-pool-cost': { type: 'boolean', default: false },
    'skip-crawls': { type: 'boolean', default: false },
    'skip-scores': { type: 'boolean', default: false },
    'also-threads': { type: 'string' },
    'crawl-sizes': { type: 'string', default: '100,200,300' },
  },
});
const delayMs = Number(args.delay);
const rounds = Number(args.rounds);
const CRAWL_SIZES = args['crawl-sizes'].split(',').map((kib) => Number(kib) * KIB);
if (!Number.isInteger(delayMs) || delayMs < 1 || !Number.isInteger(rounds) || rounds < 1 || !CRAWL_SIZES.every((size) => Number.isInteger(size) && size > 0)) {
  process.stderr.write(
    'usage: large-pages.ts [--delay <ms>] [--rounds <n>] [--baseline <checkout>] [--skip-pool-cost] [--skip-crawls] [--skip-scores] [--also-threads <n>] [--crawl-sizes <KiB,...>]\n',
  );
  process.exit(2);
}
const concurrency = loadConfig({}).crawl.concurrency;
const lowerBoundMs = Math.ceil(PAGES / concurrency) * delayMs;
const REPOSITORY = path.resolve(import.meta.dirname, '..');

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

function formatBytes(bytes: number): string {
  return bytes >= KIB * KIB ? `${+(bytes / KIB / KIB).toFixed(1)} MB` : `${+(bytes / KIB).toFixed(1)} KB`;
}

// --- 1. The pool's cost per page ---

interface PoolCost {
  pageBytes: number;
  inThreadMs: number;
  poolThisThreadMs: number;
  poolAllThreadsMs: number;
  poolWallMs: number;
}

async function generatedPage(pageBytes: number): Promise<PageBody> {
  const site = await startGeneratedSite({ pages: PAGES, pageBytes });
  try {
    const url = `${site.url}/pricing`;
    const response = await request(url);
    const bytes = new Uint8Array(await response.body.arrayBuffer());
    return { requestedUrl: url, finalUrl: url, status: 200, headers: {}, mediaType: 'text/html', charset: 'utf-8', bytes };
  } finally {
    await site.close();
  }
}

/** CPU nanoseconds used so far by this process's threads (schedstat: exact, where getrusage counts in ticks), all and this one. */
function ownCpuNs(): { all: number; main: number } {
  return processCpuNs(process.pid);
}

/**
 * Each way is timed over a batch (a page at a time, one after the other), so
 * that timer granularity does not count: CPU from /proc schedstat, in
 * nanoseconds; the pool's threads are this process's.
 */
async function measurePoolCost(pageBytes: number): Promise<PoolCost> {
  const page = await generatedPage(pageBytes);
  const repetitions = Math.min(400, Math.max(20, Math.round((40 * KIB * KIB) / pageBytes)));
  // Bodies of their own, as responses have: the reader moves each one to the worker.
  const bodies = () => Array.from({ length: repetitions }, () => new Uint8Array(page.bytes));
  for (let i = 0; i < 10; i++) readPageBody(page);
  let before = ownCpuNs();
  for (let i = 0; i < repetitions; i++) readPageBody(page);
  const inThreadNs = ownCpuNs().main - before.main;

  const reader = createPageReader({ threads: 1, inThreadBelowBytes: 0 });
  try {
    for (const bytes of bodies().slice(0, 10)) await reader.read({ ...page, bytes });
    const batch = bodies();
    before = ownCpuNs();
    const started = performance.now();
    for (const bytes of batch) await reader.read({ ...page, bytes });
    const wallMs = performance.now() - started;
    const after = ownCpuNs();
    return {
      pageBytes,
      inThreadMs: inThreadNs / 1e6 / repetitions,
      poolThisThreadMs: (after.main - before.main) / 1e6 / repetitions,
      poolAllThreadsMs: (after.all - before.all) / 1e6 / repetitions,
      poolWallMs: wallMs / repetitions,
    };
  } finally {
    await reader.close();
  }
}

interface CrawlRun {
  wallMs: number;
  thisThreadMs: number;
  allThreadsMs: number;
  loopDelayP99Ms: number;
}

async function crawlOnce(origin: string, allowlistEntry: string, reader: PageReader, dispatcher: Agent): Promise<CrawlRun> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const before = ownCpuNs();
  const started = performance.now();
  delay.enable();
  const summary = await runCrawl(`${origin}/`, { ...DEFAULT_CRAWLER_OPTIONS, allowlist: [allowlistEntry] }, { dispatcher, reader }, { maxPages: PAGES });
  delay.disable();
  const wallMs = performance.now() - started;
  const after = ownCpuNs();
  if (summary.pages.length !== PAGES) throw new Error(`the crawl gathered ${summary.pages.length} pages, not ${PAGES}`);
  return {
    wallMs,
    thisThreadMs: (after.main - before.main) / 1e6 / PAGES,
    allThreadsMs: (after.all - before.all) / 1e6 / PAGES,
    loopDelayP99Ms: delay.percentile(99) / 1e6,
  };
}

/** How a crawl reads its pages: every one in this thread, or every one through a pool of `threads`. */
interface ReadingWay {
  name: string;
  threads: number;
}

function readingWays(): ReadingWay[] {
  const extra = args['also-threads'] === undefined ? [] : [{ name: `through a pool of ${args['also-threads']}`, threads: Number(args['also-threads']) }];
  return [{ name: 'in this thread', threads: 0 }, { name: 'through the pool (1 thread)', threads: 1 }, ...extra];
}

/** The same crawl in this process, read each way in turn, the order rotating from round to round. */
async function measureCrawls(pageBytes: number): Promise<CrawlRun[][]> {
  const fixture = await startFixture(pageBytes);
  const ways = readingWays();
  const readers = ways.map((way) => createPageReader({ threads: way.threads, inThreadBelowBytes: 0 }));
  const dispatcher = new Agent();
  const runs: CrawlRun[][] = ways.map(() => []);
  try {
    for (let round = -1; round < CRAWL_ROUNDS; round++) {
      for (let k = 0; k < ways.length; k++) {
        const way = (k + Math.max(round, 0)) % ways.length;
        const run = await crawlOnce(fixture.origin, fixture.allowlistEntry, readers[way]!, dispatcher);
        if (round >= 0) runs[way]!.push(run);
      }
    }
  } finally {
    await dispatcher.close();
    await Promise.all(readers.map((reader) => reader.close()));
    fixture.child.kill('SIGTERM');
  }
  return runs;
}

function crawlTable(results: Map<number, CrawlRun[][]>): string {
  const lines = [
    `A crawl of 25 pages in this process (L = ${delayMs} ms, bound ${lowerBoundMs} ms), every page read in this thread or every page through a pool; medians of ${CRAWL_ROUNDS} rounds:`,
    '',
    '| Page size | Read | Wall / bound | Wall / in this thread (same round) | CPU per page: this thread | all threads | Event-loop delay p99 |',
    '|---|---|---|---|---|---|---|',
  ];
  const ways = readingWays();
  for (const [pageBytes, runs] of results) {
    ways.forEach((way, k) => {
      const own = runs[k]!;
      const toPeer = median(own.map((run, round) => run.wallMs / runs[0]![round]!.wallMs));
      lines.push(
        `| ${formatBytes(pageBytes)} | ${way.name} | ${(median(own.map((run) => run.wallMs)) / lowerBoundMs).toFixed(2)} | ${toPeer.toFixed(2)} | ` +
          `${median(own.map((run) => run.thisThreadMs)).toFixed(2)} ms | ${median(own.map((run) => run.allThreadsMs)).toFixed(2)} ms | ${median(own.map((run) => run.loopDelayP99Ms)).toFixed(1)} ms |`,
      );
    });
  }
  return lines.join('\n');
}

// --- 2. The score request on the services ---

interface Service {
  name: string;
  child: ChildProcess;
  base: string;
  key: DevSigningKey;
  dataDir: string;
}

interface Score {
  wallMs: number;
  cpuMs: number;
  mainThreadCpuMs: number;
  pagesAnalyzed: number;
  probesMs: number[];
}

async function startFixture(pageBytes: number): Promise<{ child: ChildProcess; origin: string; allowlistEntry: string }> {
  const entry = path.join(REPOSITORY, 'bench/score-fixture-site.ts');
  const child = spawn(process.execPath, [entry, String(PAGES), String(pageBytes), String(delayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^READY (\S+) (\S+)$/.exec(line);
    if (match) return { child, origin: match[1]!, allowlistEntry: match[2]! };
  }
  throw new Error('the fixture site did not start');
}

async function startNamedService(name: string, checkout: string, allowlist: string[], extraEnv: Record<string, string>): Promise<Service> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-large-pages-'));
  // Written before the service starts, so it loads this key rather than making its own.
  const key = await loadOrCreateDevKey(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CRAWL_ALLOWLIST: allowlist.join(','),
    ...extraEnv,
  };
  delete env.LLM_BASE_URL;
  delete env.DATABASE_URL;
  if (!('CRAWL_WORKER_THREADS' in extraEnv)) delete env.CRAWL_WORKER_THREADS;
  const { child, base } = await startService({
    root: checkout,
    env,
    // This checkout's start flags for every service, the baseline's included (not startScriptFlags(checkout)).
    nodeFlags: SERVICE_NODE_FLAGS,
    stdout: 'inherit',
    timeoutMs: READY_TIMEOUT_MS,
    label: `${name} service`,
  });
  return { name, child, base, key, dataDir };
}

async function stopNamedService(service: Service): Promise<void> {
  await stopProcess(service.child);
  fs.rmSync(service.dataDir, { recursive: true, force: true });
}

/** GET /healthz every PROBE_INTERVAL_MS (one at a time, on connections of their own) until `done`; each one's latency. */
async function probeHealth(base: string, done: Promise<unknown>): Promise<number[]> {
  const dispatcher = new Agent({ connections: 1 });
  const latencies: number[] = [];
  let finished = false;
  const finish = () => {
    finished = true;
  };
  done.then(finish, finish);
  try {
    while (!finished) {
      const started = performance.now();
      const response = await request(`${base}/healthz`, { dispatcher });
      await response.body.dump();
      const latency = performance.now() - started;
      latencies.push(latency);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PROBE_INTERVAL_MS - latency)));
    }
  } finally {
    await dispatcher.close();
  }
  return latencies;
}

async function scoreOnce(service: Service, siteUrl: string): Promise<Score> {
  const token = await signDevToken(service.key, DEV_IDENTITY_ISSUER, { sub: `bench-${crypto.randomUUID()}` });
  const pid = service.child.pid!;
  const cpuBefore = processCpuNs(pid);
  const started = performance.now();
  const scored = (async () => {
    const response = await request(`${service.base}/api/score`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: siteUrl }),
    });
    const body = (await response.body.json()) as { crawlStats?: { pagesAnalyzed: number } };
    if (response.statusCode !== 200) throw new Error(`POST /api/score answered ${response.statusCode}: ${JSON.stringify(body)}`);
    return body;
  })();
  const [body, probesMs] = await Promise.all([scored, probeHealth(service.base, scored)]);
  const wallMs = performance.now() - started;
  const cpuAfter = processCpuNs(pid);
  return {
    wallMs,
    cpuMs: (cpuAfter.all - cpuBefore.all) / 1e6,
    mainThreadCpuMs: (cpuAfter.main - cpuBefore.main) / 1e6,
    pagesAnalyzed: body.crawlStats?.pagesAnalyzed ?? 0,
    probesMs,
  };
}

// --- Report ---

function poolCostTable(costs: PoolCost[]): string {
  return [
    `Reading one generated page in this thread against a round trip through a one-thread pool (per page over a batch; threshold now ${formatBytes(IN_THREAD_BELOW_BYTES)}):`,
    '',
    '| Page size | Read in this thread: CPU | Through the pool: this thread CPU | all threads CPU | wall | this thread saves | the pool adds, all threads |',
    '|---|---|---|---|---|---|---|',
    ...costs.map(
      (cost) =>
        `| ${formatBytes(cost.pageBytes)} | ${cost.inThreadMs.toFixed(2)} ms | ${cost.poolThisThreadMs.toFixed(2)} ms | ${cost.poolAllThreadsMs.toFixed(2)} ms | ` +
        `${cost.poolWallMs.toFixed(2)} ms | ${(cost.inThreadMs - cost.poolThisThreadMs).toFixed(2)} ms | ${(cost.poolAllThreadsMs - cost.inThreadMs).toFixed(2)} ms |`,
    ),
  ].join('\n');
}

function scoreTable(scores: Map<string, Score[]>, services: string[], pageBytes: number): string {
  const key = (service: string) => `${service} ${pageBytes}`;
  const peer = scores.get(key('pool off'))!;
  const lines = [
    `25 x ${formatBytes(pageBytes)}:`,
    '',
    '| Service | Wall time | Wall / bound | Wall / pool off (same round) | CPU per page, all threads (main thread) | GET /healthz p50 / p99 / max during the score | Pages |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const service of services) {
    const runs = scores.get(key(service))!;
    const wall = runs.map((run) => run.wallMs);
    const ratio = median(wall) / lowerBoundMs;
    const toPeer = median(runs.map((run, round) => run.wallMs / peer[round]!.wallMs));
    const probes = runs.flatMap((run) => run.probesMs);
    const pages = [...new Set(runs.map((run) => run.pagesAnalyzed))].join(', ');
    lines.push(
      `| ${service} | ${median(wall).toFixed(0)} ms (${Math.min(...wall).toFixed(0)}–${Math.max(...wall).toFixed(0)}) | ${ratio.toFixed(2)} (${ratio <= TARGET_WALL_RATIO ? 'met' : '**missed**'}) | ` +
        `${toPeer.toFixed(2)} | ${median(runs.map((run) => run.cpuMs / PAGES)).toFixed(1)} ms (${median(runs.map((run) => run.mainThreadCpuMs / PAGES)).toFixed(1)} ms) | ` +
        `${percentile(probes, 0.5).toFixed(1)} / ${percentile(probes, 0.99).toFixed(1)} / ${Math.max(...probes).toFixed(1)} ms (${probes.length} probes) | ${pages} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  const output: string[] = [];
  if (!args['skip-pool-cost']) {
    const costs: PoolCost[] = [];
    for (const size of POOL_COST_SIZES) {
      log(`pool cost: ${formatBytes(size)} pages`);
      costs.push(await measurePoolCost(size));
    }
    output.push(poolCostTable(costs), '');
  }
  if (!args['skip-crawls']) {
    const crawls = new Map<number, CrawlRun[][]>();
    for (const size of CRAWL_SIZES) {
      log(`crawls in this process: ${formatBytes(size)} pages`);
      crawls.set(size, await measureCrawls(size));
    }
    output.push(crawlTable(crawls), '');
  }
  if (args['skip-scores']) {
    process.stdout.write(`Load average ${loadBefore} before, ${loadAverage()} after.\n\n${output.join('\n')}\n`);
    return;
  }

  const fixtures = new Map<number, Awaited<ReturnType<typeof startFixture>>>();
  const services: Service[] = [];
  const scores = new Map<string, Score[]>();
  try {
    for (const size of SIZES) fixtures.set(size, await startFixture(size));
    const allowlist = [...fixtures.values()].map((fixture) => fixture.allowlistEntry);
    services.push(await startNamedService('pool on', REPOSITORY, allowlist, {}));
    services.push(await startNamedService('pool off', REPOSITORY, allowlist, { CRAWL_WORKER_THREADS: '0' }));
    if (args['also-threads']) {
      services.push(await startNamedService(`pool of ${args['also-threads']}`, REPOSITORY, allowlist, { CRAWL_WORKER_THREADS: args['also-threads'] }));
    }
    if (args.baseline) services.push(await startNamedService('baseline', path.resolve(args.baseline), allowlist, {}));
    for (const service of services) {
      for (const size of SIZES) {
        log(`warm-up: ${service.name}, ${formatBytes(size)}`);
        await scoreOnce(service, `${fixtures.get(size)!.origin}/`);
      }
    }
    for (let round = 0; round < rounds; round++) {
      const order = services.map((_, k) => services[(k + round) % services.length]!);
      for (const size of SIZES) {
        for (const service of order) {
          const score = await scoreOnce(service, `${fixtures.get(size)!.origin}/`);
          log(
            `round ${round + 1}, ${formatBytes(size)}, ${service.name}: ${score.wallMs.toFixed(0)} ms, healthz p99 ${percentile(score.probesMs, 0.99).toFixed(1)} ms`,
          );
          const key = `${service.name} ${size}`;
          scores.set(key, [...(scores.get(key) ?? []), score]);
        }
      }
    }
  } finally {
    await Promise.all(services.map(stopNamedService));
    for (const fixture of fixtures.values()) fixture.child.kill('SIGTERM');
  }

  output.unshift(
    `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores; load average ${loadBefore} before, ${loadAverage()} after. ` +
      `${PAGES} pages, L = ${delayMs} ms, crawl concurrency ${concurrency}, lower bound ceil(${PAGES} / ${concurrency}) x L = ${lowerBoundMs} ms; ` +
      `${rounds} rounds after one warm-up score per service and size; PGlite. Pool on: CRAWL_WORKER_THREADS unset (${Math.max(1, os.availableParallelism() - 1)} thread here); pool off: 0.`,
    '',
  );
  for (const size of SIZES)
    output.push(
      scoreTable(
        scores,
        services.map((service) => service.name),
        size,
      ),
      '',
    );
  process.stdout.write(`${output.join('\n')}\n`);
}

await main();

/**
 * The scoring benchmark (issue 3 point 8): POST /api/score on a 25-page
 * generated site on 127.0.0.1 with an injected delay L per page, through the
 * real service.
 *
 *   node_modules/.bin/node bench/score-benchmark.ts [--delay 200] [--runs 5] [--sizes 102400,2097152] [--profile <dir>]
 *
 * For each page size: the fixture site (test/fixtures/generated-site.ts) in
 * one child process; first the quiet in-process stage timings and the
 * crawl-alone process; then the service (`src/main.ts`, fresh DATA_DIR,
 * CRAWL_ALLOWLIST set to the site) in another child, one warm-up score, and
 * `runs` measured scores, each by a fresh development user (so neither the
 * per-user rate limit nor the Free plan's monthly scores get in the way).
 * It reports:
 *   - wall time of the request against the lower bound ceil(pages / concurrency) x L;
 *   - the service's CPU time per page during the request, every thread
 *     counted (from /proc/<pid>/task/<tid>/schedstat, in nanoseconds) and the
 *     main thread apart: the whole request, HTTP and database included;
 *   - the service's RSS once ready (before any crawl) and its peak (VmHWM,
 *     reset once ready) over the warm-up and measured scores;
 *   - the crawl's own RSS, idle and peak, in a process that loads only the
 *     crawler, the detectors and the engine (bench/score-crawl-memory.ts);
 *   - CPU per page of extraction, detection and scoring alone, measured in
 *     this process on the same pages (bench/score-stages.ts).
 * The database is PGlite in the fresh DATA_DIR unless DATABASE_URL is set;
 * then it is that PostgreSQL, in a schema of its own dropped afterwards.
 * Progress goes to stderr; the results, as Markdown for docs/BENCHMARKS.md,
 * to stdout. Linux only (it reads /proc). `--profile <dir>` has the service
 * write CPU profiles there (node --cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { request } from 'undici';
import { DEV_IDENTITY_ISSUER, loadConfig } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken, type DevSigningKey } from '../src/identity/dev-identity.ts';
import { loadAverage, median, memoryMB, processCpuNs } from './measure.ts';
import { measureStages, type StageTimes } from './score-stages.ts';
import { startService, stopProcess } from './service-process.ts';

const PAGES = 25;
const KIB = 1024;
/** The unit of the CPU target: "at most 5 ms CPU per 100 KB page". */
const CPU_UNIT_BYTES = 100 * KIB;
const TARGETS = { wallRatio: 1.3, cpuMsPer100KB: 5, peakRssMB: 300 } as const;
/** Issue 29, item 5, for pages of 2 MB: the score within 2x the network floor (the lower bound), the crawl's peak RSS at most 350 MB. */
const LARGE_PAGE_TARGETS = { pageBytes: 2 * KIB * KIB, wallRatio: 2, crawlPeakMB: 350 } as const;
const READY_TIMEOUT_MS = 60_000;
/** Stage timings repeat until about this much HTML has been processed (at least MIN_STAGE_REPETITIONS times). */
const STAGE_BYTES_BUDGET = 100 * KIB * KIB;
const MIN_STAGE_REPETITIONS = 8;

const { values: args } = parseArgs({
  options: {
    delay: { type: 'string', default: '200' },
    runs: { type: 'string', default: '5' },
    sizes: { type: 'string', default: `${100 * KIB},${2 * KIB * KIB}` },
    profile: { type: 'string' },
  },
});
const delayMs = Number(args.delay);
const runs = Number(args.runs);
const sizes = args.sizes.split(',').map(Number);
if (!Number.isInteger(delayMs) || delayMs < 0 || !Number.isInteger(runs) || runs < 1 || !sizes.every((size) => Number.isInteger(size) && size > 0)) {
  process.stderr.write('usage: score-benchmark.ts [--delay <ms>] [--runs <n>] [--sizes <bytes,...>] [--profile <dir>]\n');
  process.exit(2);
}

const FIXTURE_ENTRY = path.resolve(import.meta.dirname, 'score-fixture-site.ts');
const CRAWL_MEMORY_ENTRY = path.resolve(import.meta.dirname, 'score-crawl-memory.ts');
const databaseUrl = process.env.DATABASE_URL ?? null;
const concurrency = loadConfig({}).crawl.concurrency;
const lowerBoundMs = Math.ceil(PAGES / concurrency) * delayMs;

interface Run {
  wallMs: number;
  cpuMs: number;
  mainThreadCpuMs: number;
  pagesAnalyzed: number;
}

interface Memory {
  idleMB: number;
  peakMB: number;
  /** The peak includes the process's start (the kernel would not reset it). */
  peakSinceStart?: boolean;
}

interface ScenarioResult {
  pageBytes: number;
  runs: Run[];
  service: Memory;
  crawlAlone: Memory;
  stages: StageTimes;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

async function startFixture(pageBytes: number): Promise<{ child: ChildProcess; origin: string; allowlistEntry: string }> {
  const child = spawn(process.execPath, [FIXTURE_ENTRY, String(PAGES), String(pageBytes), String(delayMs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^READY (\S+) (\S+)$/.exec(line);
    if (match) return { child, origin: match[1]!, allowlistEntry: match[2]! };
  }
  throw new Error('the fixture site did not start');
}

async function startScoringService(allowlistEntry: string, dataDir: string, schema: string): Promise<{ child: ChildProcess; base: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CRAWL_ALLOWLIST: allowlistEntry,
    ...(databaseUrl ? { DATABASE_SCHEMA: schema } : {}),
  };
  // The deterministic engine is what is measured.
  delete env.LLM_BASE_URL;
  const profileFlags = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
  return startService({ env, extraNodeFlags: profileFlags, stdout: 'inherit', timeoutMs: READY_TIMEOUT_MS });
}

/**
 * Starts the peak (VmHWM) again from the current RSS ("echo 5 > clear_refs"),
 * so that it covers the crawls and not the start (PGlite's first open of a
 * data directory alone peaks near 1 GB). False when the kernel refuses.
 */
function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function scoreOnce(base: string, key: DevSigningKey, siteUrl: string, pid: number): Promise<Run> {
  const token = await signDevToken(key, DEV_IDENTITY_ISSUER, { sub: `bench-${crypto.randomUUID()}` });
  const cpuBefore = processCpuNs(pid);
  const started = performance.now();
  const response = await request(`${base}/api/score`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: siteUrl }),
  });
  const body = (await response.body.json()) as { crawlStats?: { pagesAnalyzed: number } };
  const wallMs = performance.now() - started;
  const cpuAfter = processCpuNs(pid);
  if (response.statusCode !== 200) throw new Error(`POST /api/score answered ${response.statusCode}: ${JSON.stringify(body)}`);
  return {
    wallMs,
    cpuMs: (cpuAfter.all - cpuBefore.all) / 1e6,
    mainThreadCpuMs: (cpuAfter.main - cpuBefore.main) / 1e6,
    pagesAnalyzed: body.crawlStats?.pagesAnalyzed ?? 0,
  };
}

async function measureCrawlAlone(siteUrl: string, allowlistEntry: string): Promise<Memory> {
  const child = spawn(process.execPath, [CRAWL_MEMORY_ENTRY, siteUrl, allowlistEntry], { stdio: ['ignore', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const report = JSON.parse(line) as Memory & { pages: number };
    if (report.pages !== PAGES) throw new Error(`the crawl alone gathered ${report.pages} pages, not ${PAGES}`);
    return report;
  }
  throw new Error('the crawl-alone process reported nothing');
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function runScenario(pageBytes: number): Promise<ScenarioResult> {
  const fixture = await startFixture(pageBytes);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-score-bench-'));
  const schema = `score_bench_${crypto.randomBytes(4).toString('hex')}`;
  const siteUrl = `${fixture.origin}/`;
  let service: ChildProcess | null = null;
  try {
    // The quiet measurements first, while nothing else of ours runs.
    log(`${formatBytes(pageBytes)} pages: stage timings`);
    const repetitions = Math.max(MIN_STAGE_REPETITIONS, Math.round(STAGE_BYTES_BUDGET / (PAGES * pageBytes)));
    const stages = await measureStages(fixture.origin, repetitions);
    log(`${formatBytes(pageBytes)} pages: the crawl's own memory`);
    const crawlAlone = await measureCrawlAlone(siteUrl, fixture.allowlistEntry);

    // Written before the service starts, so it loads this key rather than making its own.
    const key = await loadOrCreateDevKey(dataDir);
    const started = await startScoringService(fixture.allowlistEntry, dataDir, schema);
    service = started.child;
    const pid = service.pid!;
    const idleMB = memoryMB(pid, 'VmRSS');
    const peakReset = resetPeakRss(pid);
    log(`${formatBytes(pageBytes)} pages: warm-up score`);
    await scoreOnce(started.base, key, siteUrl, pid);
    const measured: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const run = await scoreOnce(started.base, key, siteUrl, pid);
      log(`  run ${i + 1}: ${run.wallMs.toFixed(0)} ms wall, ${run.cpuMs.toFixed(0)} ms CPU, ${run.pagesAnalyzed} pages`);
      measured.push(run);
    }
    const serviceMemory = { idleMB, peakMB: memoryMB(pid, 'VmHWM'), peakSinceStart: !peakReset };
    return { pageBytes, runs: measured, service: serviceMemory, crawlAlone, stages };
  } finally {
    if (service) await stopProcess(service);
    fixture.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropSchema(schema);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= KIB * KIB ? `${+(bytes / KIB / KIB).toFixed(1)} MB` : `${+(bytes / KIB).toFixed(1)} KB`;
}

function verdict(met: boolean): string {
  return met ? 'met' : '**missed**';
}

function report(results: ScenarioResult[], loadBefore: string): string {
  const lines = [
    `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores (load average ${loadBefore} before, ${loadAverage()} after); ` +
      `database ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; ${PAGES} pages, L = ${delayMs} ms, crawl concurrency ${concurrency}, ` +
      `lower bound ceil(${PAGES} / ${concurrency}) x L = ${lowerBoundMs} ms; ${runs} measured runs per size after one warm-up; ` +
      'medians, range in brackets. KB and MB are 1024 and 1024² bytes.',
    '',
    '| Page size | Pages scored | Wall time | Wall / bound | Service CPU per page, all threads (main thread) | Same per 100 KB |',
    '|---|---|---|---|---|---|',
  ];
  for (const result of results) {
    const wall = result.runs.map((run) => run.wallMs);
    const cpuPerPage = median(result.runs.map((run) => run.cpuMs / PAGES));
    const mainPerPage = median(result.runs.map((run) => run.mainThreadCpuMs / PAGES));
    const ratio = median(wall) / lowerBoundMs;
    const pages = [...new Set(result.runs.map((run) => run.pagesAnalyzed))].join(', ');
    lines.push(
      `| ${formatBytes(result.pageBytes)} | ${pages} | ${median(wall).toFixed(0)} ms (${Math.min(...wall).toFixed(0)}–${Math.max(...wall).toFixed(0)}) | ` +
        `${ratio.toFixed(2)} (${verdict(ratio <= TARGETS.wallRatio)}) | ${cpuPerPage.toFixed(1)} ms (${mainPerPage.toFixed(1)} ms) | ` +
        `${((cpuPerPage * CPU_UNIT_BYTES) / result.pageBytes).toFixed(2)} ms |`,
    );
  }
  lines.push(
    '',
    'Extraction, detection and scoring alone (in-process, the same pages, CPU per page; median, fastest in brackets):',
    '',
    '| Page size | Extraction | Detection | Scoring | Total | Total per 100 KB |',
    '|---|---|---|---|---|---|',
  );
  for (const { stages } of results) {
    const perPage = (ms: number) => (ms / stages.pages).toFixed(2);
    const per100KB = (ms: number) => (ms / stages.pages) * (CPU_UNIT_BYTES / stages.bytesPerPage);
    const cell = (time: StageTimes['total']) => `${perPage(time.median)} ms (${perPage(time.min)})`;
    lines.push(
      `| ${formatBytes(stages.bytesPerPage)} | ${cell(stages.extract)} | ${cell(stages.detect)} | ${cell(stages.score)} | ${cell(stages.total)} | ` +
        `${per100KB(stages.total.median).toFixed(2)} ms (${per100KB(stages.total.min).toFixed(2)}) (${verdict(per100KB(stages.total.median) <= TARGETS.cpuMsPer100KB)}) |`,
    );
  }
  lines.push(
    '',
    `Memory (RSS; target: at most ${TARGETS.peakRssMB} MB while crawling 25 pages of 2 MB):`,
    '',
    '| Page size | Service: ready, before any crawl | Service: peak | Crawl alone: idle | Crawl alone: peak |',
    '|---|---|---|---|---|',
  );
  for (const { pageBytes, service, crawlAlone } of results) {
    lines.push(
      `| ${formatBytes(pageBytes)} | ${service.idleMB.toFixed(0)} MB | ${service.peakMB.toFixed(0)} MB${service.peakSinceStart ? ' since start' : ''} (${verdict(service.peakMB <= TARGETS.peakRssMB)}; ` +
        `+${(service.peakMB - service.idleMB).toFixed(0)} MB) | ${crawlAlone.idleMB.toFixed(0)} MB | ` +
        `${crawlAlone.peakMB.toFixed(0)} MB (${verdict(crawlAlone.peakMB <= TARGETS.peakRssMB)}) |`,
    );
  }
  for (const result of results.filter(({ pageBytes }) => pageBytes === LARGE_PAGE_TARGETS.pageBytes)) {
    const ratio = median(result.runs.map((run) => run.wallMs)) / lowerBoundMs;
    lines.push(
      '',
      `Issue 29, item 5 (${formatBytes(result.pageBytes)} pages): wall within ${LARGE_PAGE_TARGETS.wallRatio} x the bound: ${ratio.toFixed(2)} x, ${verdict(ratio <= LARGE_PAGE_TARGETS.wallRatio)}; ` +
        `crawl peak at most ${LARGE_PAGE_TARGETS.crawlPeakMB} MB: ${result.crawlAlone.peakMB.toFixed(0)} MB, ${verdict(result.crawlAlone.peakMB <= LARGE_PAGE_TARGETS.crawlPeakMB)}.`,
    );
  }
  return lines.join('\n');
}

const loadBefore = loadAverage();
const results: ScenarioResult[] = [];
for (const size of sizes) results.push(await runScenario(size));
process.stdout.write(`${report(results, loadBefore)}\n`);

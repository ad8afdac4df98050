/**
 * The service's memory (issue 11): RSS of the real service process, on the
 * embedded default (PGlite) and, with --database-url, on PostgreSQL.
 *
 *   node_modules/.bin/node bench/service-memory.ts [--database-url postgres://...] [--service-root <dir>]
 *     [--databases pglite,postgres] [--rounds 3] [--scores 100] [--page-bytes 102400] [--node-flags="--flag ..."]
 *
 * Each round, for each database, in this order:
 *   - the peer: a bare `node -e "setInterval(()=>{},1000)"` (the Node floor:
 *     what any Node process costs), its RSS after SETTLE_MS;
 *   - a first start on a fresh DATA_DIR (PGlite: a new database, from the
 *     shipped template or by initdb where the checkout has none, and every
 *     migration; PostgreSQL: a fresh schema, every migration): the peak (VmHWM) from
 *     spawn until SETTLE_MS after /readyz answers 200, which covers the
 *     background compilation that follows the first queries, and the RSS then;
 *   - a restart on the same DATA_DIR (or schema): the same two figures; the
 *     RSS then is the service's idle RSS;
 *   - `--scores` scores, one after another, of a 25-page generated site on
 *     127.0.0.1 (bench/score-fixture-site.ts, `--page-bytes` per page, no
 *     delay), each by a fresh development user, against the restarted
 *     service; its RSS after every tenth (read PAUSE_MS after the response),
 *     and its CPU time per score (so that a flag trading memory for CPU shows).
 * The service is `<service-root>/src/main.ts` run with the Node flags of that
 * root's `start` script (bench/service-process.ts reads this root's), so
 * `--service-root /tmp/base-head` measures another checkout (and `--node-flags`
 * tries other flags). Every figure is also given as a ratio to the floor
 * measured in the same round; the table
 * holds medians over the rounds, range in brackets. Progress goes to stderr,
 * the results, as Markdown, to stdout. Linux only (it reads /proc).
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
import { DEV_IDENTITY_ISSUER } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken, type DevSigningKey } from '../src/identity/dev-identity.ts';
import { readStartScript } from '../src/cli/service-node-flags.ts';
import { loadAverage, median, memoryMB } from './measure.ts';
import { startService, stopProcess, THIS_CHECKOUT } from './service-process.ts';

const PAGES = 25;
/** How long a started process is left before its idle RSS is read (and over which the start peak is taken). */
const SETTLE_MS = 6000;
/** The wait after a score's response before the RSS is read. */
const PAUSE_MS = 500;
const SAMPLE_EVERY_SCORES = 10;
const READY_TIMEOUT_MS = 120_000;
const TARGETS = {
  pglite: { idleMB: 250, firstStartPeakMB: 600 },
  postgres: { after20MB: 250 },
  /** "Flat after 100 scores": RSS after the last score at most this much above RSS after 20. */
  flatGrowthMB: 25,
} as const;

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'service-root': { type: 'string', default: THIS_CHECKOUT },
    rounds: { type: 'string', default: '3' },
    scores: { type: 'string', default: '100' },
    'page-bytes': { type: 'string', default: String(100 * 1024) },
    /** Which databases to measure: pglite, postgres or both (postgres needs --database-url). */
    databases: { type: 'string' },
    /** Replaces the start script's Node flags (to try other ones). */
    'node-flags': { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const scores = Number(args.scores);
const pageBytes = Number(args['page-bytes']);
if (![rounds, scores, pageBytes].every((value) => Number.isInteger(value) && value > 0) || scores < 20) {
  process.stderr.write('usage: service-memory.ts [--database-url <url>] [--service-root <dir>] [--rounds <n>] [--scores <n >= 20>] [--page-bytes <n>]\n');
  process.exit(2);
}
const serviceRoot = path.resolve(args['service-root']);
const serviceEntry = path.join(serviceRoot, 'src/main.ts');
const startScript = readStartScript(path.join(serviceRoot, 'package.json'));
/** The start script's variables (MALLOC_ARENA_MAX), which startService sets as `npm start` does. */
const serviceVariables = Object.entries(startScript.environment).map(([name, value]) => `${name}=${value}`);
const serviceFlags = args['node-flags']?.split(/\s+/).filter((word) => word.startsWith('--')) ?? startScript.nodeFlags;
const databaseUrl = args['database-url'] ?? null;
const kinds = (args.databases ?? (databaseUrl ? 'pglite,postgres' : 'pglite')).split(',') as DatabaseKind[];
if (!kinds.every((kind) => kind === 'pglite' || (kind === 'postgres' && databaseUrl))) {
  process.stderr.write('--databases lists pglite and postgres; postgres needs --database-url\n');
  process.exit(2);
}
const FIXTURE_ENTRY = path.resolve(import.meta.dirname, 'score-fixture-site.ts');

type DatabaseKind = 'pglite' | 'postgres';

interface StartFigures {
  peakMB: number;
  settledMB: number;
}

interface DatabaseRound {
  firstStart: StartFigures;
  restart: StartFigures;
  /** RSS after every SAMPLE_EVERY_SCORES scores: [scores, MB]. */
  afterScores: Array<[number, number]>;
  /** The service's CPU time per score, every thread counted. */
  cpuMsPerScore: number;
}

interface Round {
  floorMB: number;
  databases: Partial<Record<DatabaseKind, DatabaseRound>>;
}

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** CPU time used so far by the process, every thread (live or ended) counted: utime + stime of /proc/<pid>/stat, in USER_HZ = 100 ticks. */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measureFloor(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(()=>{},1000)'], { stdio: 'ignore' });
  try {
    await sleep(SETTLE_MS);
    return memoryMB(child.pid!, 'VmRSS');
  } finally {
    await stopProcess(child);
  }
}

async function startFixture(): Promise<{ child: ChildProcess; origin: string; allowlistEntry: string }> {
  const child = spawn(process.execPath, [FIXTURE_ENTRY, String(PAGES), String(pageBytes), '0'], { stdio: ['pipe', 'pipe', 'inherit'] });
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^READY (\S+) (\S+)$/.exec(line);
    if (match) return { child, origin: match[1]!, allowlistEntry: match[2]! };
  }
  throw new Error('the fixture site did not start');
}

interface Service {
  child: ChildProcess;
  base: string;
  figures: StartFigures;
}

/** Starts the service and waits until it is ready and SETTLE_MS more; the peak is the process's VmHWM then. */
async function startMeasuredService(env: NodeJS.ProcessEnv): Promise<Service> {
  const { child, base } = await startService({
    root: serviceRoot,
    nodeFlags: serviceFlags,
    env: { ...env, LOG_LEVEL: 'warn' },
    stdout: 'inherit',
    timeoutMs: READY_TIMEOUT_MS,
  });
  await sleep(SETTLE_MS);
  return { child, base, figures: { peakMB: memoryMB(child.pid!, 'VmHWM'), settledMB: memoryMB(child.pid!, 'VmRSS') } };
}

async function scoreOnce(base: string, key: DevSigningKey, siteUrl: string): Promise<void> {
  const token = await signDevToken(key, DEV_IDENTITY_ISSUER, { sub: `bench-${crypto.randomUUID()}` });
  const response = await request(`${base}/api/score`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: siteUrl }),
  });
  const body = (await response.body.json()) as { crawlStats?: { pagesAnalyzed: number } };
  if (response.statusCode !== 200) throw new Error(`POST /api/score answered ${response.statusCode}: ${JSON.stringify(body)}`);
  if (body.crawlStats?.pagesAnalyzed !== PAGES) throw new Error(`a score analysed ${body.crawlStats?.pagesAnalyzed} pages, not ${PAGES}`);
}

async function withPgClient(work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function measureDatabase(kind: DatabaseKind, fixture: { origin: string; allowlistEntry: string }): Promise<DatabaseRound> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-memory-bench-'));
  const schema = `memory_bench_${crypto.randomBytes(4).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, CRAWL_ALLOWLIST: fixture.allowlistEntry };
  // The deterministic engine is what is measured.
  delete env.LLM_BASE_URL;
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (kind === 'postgres') Object.assign(env, { DATABASE_URL: databaseUrl!, DATABASE_SCHEMA: schema });
  let service: Service | null = null;
  try {
    // Written before the service starts, so it loads this key rather than making its own.
    const key = await loadOrCreateDevKey(dataDir);
    log(`  ${kind}: first start`);
    service = await startMeasuredService(env);
    const firstStart = service.figures;
    await stopProcess(service.child);
    log(`  ${kind}: restart`);
    service = await startMeasuredService(env);
    const restart = service.figures;
    const afterScores: Array<[number, number]> = [];
    let cpuMs = 0;
    for (let done = 1; done <= scores; done++) {
      const cpuBefore = processCpuMs(service.child.pid!);
      await scoreOnce(service.base, key, `${fixture.origin}/`);
      cpuMs += processCpuMs(service.child.pid!) - cpuBefore;
      if (done % SAMPLE_EVERY_SCORES === 0 || done === scores) {
        await sleep(PAUSE_MS);
        afterScores.push([done, memoryMB(service.child.pid!, 'VmRSS')]);
      }
    }
    const cpuMsPerScore = cpuMs / scores;
    log(
      `  ${kind}: ${fmt(firstStart.peakMB)} first-start peak, ${fmt(restart.peakMB)} restart peak, ${fmt(restart.settledMB)} idle; ` +
        `after scores ${afterScores.map(([n, mb]) => `${n}:${fmt(mb)}`).join(' ')}; ${cpuMsPerScore.toFixed(0)} ms CPU per score`,
    );
    return { firstStart, restart, afterScores, cpuMsPerScore };
  } finally {
    if (service) await stopProcess(service.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await withPgClient((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).then(() => {}));
  }
}

function fmt(mb: number): string {
  return `${mb.toFixed(0)} MB`;
}

/** Median with the range in brackets, and the median of the per-round ratios to the floor. */
function cell(values: number[], floors: number[]): string {
  const ratios = values.map((value, i) => value / floors[i]!);
  const range = values.length > 1 ? ` (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})` : '';
  return `${fmt(median(values))}${range}, ×${median(ratios).toFixed(1)}`;
}

function afterN(round: DatabaseRound, n: number): number {
  return round.afterScores.find(([done]) => done === n)?.[1] ?? Number.NaN;
}

function verdict(met: boolean): string {
  return met ? 'met' : '**missed**';
}

function report(results: Round[], loadBefore: string): string {
  const floors = results.map((round) => round.floorMB);
  const lines = [
    `Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores; load average ${loadBefore} before, ${loadAverage()} after. ` +
      `Service: ${serviceEntry} with ${[...serviceVariables, ...serviceFlags].join(' ') || 'no flags'}. ${rounds} round(s); ${scores} scores of ${PAGES} pages of ${(pageBytes / 1024).toFixed(0)} KB each per database and round. ` +
      `Medians, range in brackets, then the median ratio to the floor (a bare Node process, measured in the same round): floor ${cell(floors, floors)}. MB are 1024² bytes.`,
    '',
    `| Database | First-start peak | First start settled | Restart peak | Idle (restarted, settled) | After 20 scores | After ${scores} scores | Growth 20 → ${scores} | CPU per score |`,
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const kind of ['pglite', 'postgres'] as const) {
    const rows = results.map((round) => round.databases[kind]).filter((row): row is DatabaseRound => row !== undefined);
    if (rows.length === 0) continue;
    const pick = (read: (row: DatabaseRound) => number) => rows.map(read);
    const growth = pick((row) => afterN(row, scores) - afterN(row, 20));
    lines.push(
      `| ${kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'} | ${cell(
        pick((row) => row.firstStart.peakMB),
        floors,
      )} | ${cell(
        pick((row) => row.firstStart.settledMB),
        floors,
      )} | ` +
        `${cell(
          pick((row) => row.restart.peakMB),
          floors,
        )} | ${cell(
          pick((row) => row.restart.settledMB),
          floors,
        )} | ${cell(
          pick((row) => afterN(row, 20)),
          floors,
        )} | ` +
        `${cell(
          pick((row) => afterN(row, scores)),
          floors,
        )} | ${median(growth) >= 0 ? '+' : ''}${median(growth).toFixed(0)} MB | ${median(pick((row) => row.cpuMsPerScore)).toFixed(0)} ms |`,
    );
  }
  lines.push('', 'RSS after every ten scores (median over the rounds):', '');
  for (const kind of ['pglite', 'postgres'] as const) {
    const rows = results.map((round) => round.databases[kind]).filter((row): row is DatabaseRound => row !== undefined);
    if (rows.length === 0) continue;
    const series = rows[0]!.afterScores.map(([done], i) => `${done}: ${median(rows.map((row) => row.afterScores[i]![1])).toFixed(0)}`);
    lines.push(`- ${kind}: ${series.join(', ')} MB`);
  }
  lines.push('', 'Targets:', '');
  const flat = (rows: DatabaseRound[]) => median(rows.map((row) => afterN(row, scores) - afterN(row, 20))) <= TARGETS.flatGrowthMB;
  if (kinds.includes('pglite')) {
    const pgliteRows = results.map((round) => round.databases.pglite!);
    const idle = median(pgliteRows.map((row) => row.restart.settledMB));
    const firstPeak = median(pgliteRows.map((row) => row.firstStart.peakMB));
    lines.push(`- PGlite idle at most ${TARGETS.pglite.idleMB} MB: ${fmt(idle)}, ${verdict(idle <= TARGETS.pglite.idleMB)}`);
    lines.push(
      `- PGlite first-start peak at most ${TARGETS.pglite.firstStartPeakMB} MB: ${fmt(firstPeak)}, ${verdict(firstPeak <= TARGETS.pglite.firstStartPeakMB)}`,
    );
    lines.push(`- PGlite flat after ${scores} scores (at most +${TARGETS.flatGrowthMB} MB from 20 to ${scores}): ${verdict(flat(pgliteRows))}`);
  }
  if (kinds.includes('postgres')) {
    const pgRows = results.map((round) => round.databases.postgres!);
    const after20 = median(pgRows.map((row) => afterN(row, 20)));
    lines.push(`- PostgreSQL after 20 scores at most ${TARGETS.postgres.after20MB} MB: ${fmt(after20)}, ${verdict(after20 <= TARGETS.postgres.after20MB)}`);
    lines.push(`- PostgreSQL flat after ${scores} scores (at most +${TARGETS.flatGrowthMB} MB from 20 to ${scores}): ${verdict(flat(pgRows))}`);
  }
  return lines.join('\n');
}

const loadBefore = loadAverage();
const fixture = await startFixture();
const results: Round[] = [];
try {
  for (let round = 1; round <= rounds; round++) {
    log(`round ${round} of ${rounds} (load average ${loadAverage()})`);
    const floorMB = await measureFloor();
    log(`  floor: ${fmt(floorMB)}`);
    const databases: Round['databases'] = {};
    for (const kind of kinds) databases[kind] = await measureDatabase(kind, fixture);
    results.push({ floorMB, databases });
  }
} finally {
  fixture.child.kill('SIGTERM');
}
process.stdout.write(`${report(results, loadBefore)}\n`);

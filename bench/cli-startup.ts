/**
 * The `maturity` command's start-up (issue 11): what each command costs to
 * load, and `maturity score <url>` against the same crawl and score done in a
 * process that has its modules loaded already.
 *
 *   node_modules/.bin/node bench/cli-startup.ts [--rounds 7] [--base /tmp/base-head] [--delay 200]
 *
 * Every round runs, interleaved, the peer `node -e 0` (a bare process start),
 * then for this checkout (and for the `--base` checkout, to compare before and
 * after in the same run) each command up to the point where it has loaded what
 * it runs and stops:
 *   - `maturity` with no command (the usage, exit 2): the dispatcher alone;
 *   - `maturity token --sub ...`: the smallest command that does its work,
 *     also with the compile cache off;
 *   - `maturity score` with no address and `maturity demo-site --port x`
 *     (usage, exit 2), `maturity migrate` and `maturity serve` with a malformed
 *     variable (exit 1): each command's modules and the configuration; `score`
 *     also with the service's Node flags given, so that it need not re-execute
 *     itself to add them;
 *   - `maturity score <url> --json` on a generated site (25 pages of 100 KB,
 *     each answered after `--delay` ms, as bench/score-benchmark.ts serves it,
 *     in a process of its own), and the same crawl and score in a warm worker
 *     process (this file with --in-process-worker, started with the service's
 *     Node flags): one crawler for the process, as the service keeps one;
 *     and, to tell module loading from the cold start of the code itself, the
 *     first crawl and score of a fresh worker, timed once its modules are loaded.
 * Wall time is measured here; CPU (user + system) and peak RSS of each child
 * by /usr/bin/time. One untimed round first warms the file cache, the compile
 * cache and the development key. Medians over the rounds, ratios within the
 * run; the load average is printed before and after. Progress on stderr, the
 * Markdown table on stdout. Linux (or any system with GNU time) only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SERVICE_NODE_FLAGS } from './service-process.ts';
import { loadAverage, median } from './measure.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = process.execPath;
const GNU_TIME = '/usr/bin/time';
const PAGES = 25;
const PAGE_BYTES = 100 * 1024;
/** Where GNU time writes each child's figures. */
const TIME_REPORT = path.join(os.tmpdir(), `cli-startup-${process.pid}.time`);
/** The targets: loading alone at most 0.3 s; `maturity score` within 1.3x of the in-process crawl. */
const TARGETS = { loadSeconds: 0.3, scoreRatio: 1.3 } as const;

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    base: { type: 'string' },
    delay: { type: 'string', default: '200' },
    'in-process-worker': { type: 'boolean' },
  },
});

if (args['in-process-worker']) {
  await runInProcessWorker();
} else {
  await runBenchmark();
}

/** The in-process peer: reads site addresses on stdin, crawls and scores each as `maturity score --json` does, answers one JSON line. */
async function runInProcessWorker(): Promise<void> {
  const { loadConfig } = await import('../src/config.ts');
  const { createCrawler, crawlerOptionsFromConfig } = await import('../src/modules/scoring/crawler/crawler.ts');
  const { judgeCrawlWithGrounding, maxPagesFor } = await import('../src/modules/scoring/judge-crawl.ts');
  const config = loadConfig();
  const crawler = createCrawler(crawlerOptionsFromConfig(config.crawl));
  const log = { warn: () => {}, info: () => {} };
  process.stdout.write('READY\n');
  for await (const url of createInterface({ input: process.stdin })) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const crawl = await crawler.crawl(url, { maxPages: maxPagesFor('full', config.crawl.maxPages) });
    const { result } = await judgeCrawlWithGrounding(
      { crawl, url, asOf: new Date(), depth: 'full', context: null, companyName: null, productId: null },
      { refiner: null, log },
    );
    const json = JSON.stringify(result, null, 2);
    const used = process.cpuUsage(cpu);
    process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: json.length })}\n`);
  }
  await crawler.close();
}

interface Sample {
  wallMs: number;
  cpuMs: number;
  /** Peak RSS in MiB; null for the in-process peer (its process holds more than the one crawl). */
  rssMiB: number | null;
}

interface Subject {
  name: string;
  run(): Promise<Sample>;
}

/** Runs one command under GNU time; checks its exit status. */
async function timed(argv: string[], env: NodeJS.ProcessEnv, expectedCode: number): Promise<Sample> {
  const report = TIME_REPORT;
  const started = performance.now();
  const child = spawn(GNU_TIME, ['-f', '%U %S %M', '-o', report, ...argv], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const wallMs = performance.now() - started;
  const [user, system, maxKiB] = fs.readFileSync(report, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  // GNU time reports a non-zero exit as "Command exited with non-zero status N" on the line before.
  if (code !== expectedCode) throw new Error(`${argv.slice(1).join(' ')} exited ${code}, expected ${expectedCode}:\n${stderr}`);
  return { wallMs, cpuMs: (user! + system!) * 1000, rssMiB: maxKiB! / 1024 };
}

async function startProcess(
  argv: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray; lines: AsyncIterator<string> }> {
  const child = spawn(NODE, argv, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  for (;;) {
    const line = await lines.next();
    if (line.done) throw new Error(`${argv.join(' ')} did not start`);
    const match = ready.exec(line.value);
    if (match) return { child, match, lines };
  }
}

/** One crawl and score in a worker process, timed there. */
async function scoreInWorker(worker: { child: ChildProcess; lines: AsyncIterator<string> }, siteUrl: string): Promise<Sample> {
  worker.child.stdin!.write(`${siteUrl}\n`);
  const line = await worker.lines.next();
  if (line.done) throw new Error('the in-process worker stopped');
  const { wallMs, cpuMs } = JSON.parse(line.value) as { wallMs: number; cpuMs: number };
  return { wallMs, cpuMs, rssMiB: null };
}

async function runBenchmark(): Promise<void> {
  const rounds = Number(args.rounds);
  const delayMs = Number(args.delay);
  if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(delayMs) || delayMs < 0) {
    process.stderr.write('usage: cli-startup.ts [--rounds <n>] [--base <checkout>] [--delay <ms>]\n');
    process.exit(2);
  }
  if (!fs.existsSync(GNU_TIME)) {
    process.stderr.write(`${GNU_TIME} (GNU time) is needed for each child's CPU time and peak RSS\n`);
    process.exit(2);
  }
  const loadBefore = loadAverage();
  const site = await startProcess(
    [path.join(ROOT, 'bench/score-fixture-site.ts'), String(PAGES), String(PAGE_BYTES), String(delayMs)],
    process.env,
    /^READY (\S+) (\S+)$/,
  );
  const [, siteUrl, allowlistEntry] = site.match;
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', CRAWL_ALLOWLIST: allowlistEntry! };
  // The deterministic engine is what is measured, here as in the worker.
  delete baseEnv.LLM_BASE_URL;
  const workerArgv = [...SERVICE_NODE_FLAGS, path.join(ROOT, 'bench/cli-startup.ts'), '--in-process-worker'];
  const worker = await startProcess(workerArgv, baseEnv, /^READY$/);

  const scratch = [TIME_REPORT];
  const checkouts = [...(args.base ? [{ label: 'before', root: path.resolve(args.base) }] : []), { label: args.base ? 'after' : 'now', root: ROOT }];
  const subjects: Subject[] = [{ name: 'peer: node -e 0', run: () => timed([NODE, '-e', '0'], baseEnv, 0) }];
  for (const { label, root } of checkouts) {
    const bin = path.join(root, 'bin/maturity.js');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cli-startup-${label}-`));
    scratch.push(dataDir);
    const env = { ...baseEnv, DATA_DIR: dataDir };
    const malformed = { ...env, PORT: 'not-a-port' };
    subjects.push(
      { name: `${label}: usage (no command)`, run: () => timed([NODE, bin], env, 2) },
      { name: `${label}: token --sub`, run: () => timed([NODE, bin, 'token', '--sub', 'bench_user'], env, 0) },
      { name: `${label}: score load (no address)`, run: () => timed([NODE, bin, 'score'], env, 2) },
      { name: `${label}: demo-site load (bad port)`, run: () => timed([NODE, bin, 'demo-site', '--port', 'x'], env, 2) },
      { name: `${label}: migrate load (bad variable)`, run: () => timed([NODE, bin, 'migrate'], malformed, 1) },
      { name: `${label}: serve load (bad variable)`, run: () => timed([NODE, bin, 'serve'], malformed, 1) },
      { name: `${label}: score <url> --json`, run: () => timed([NODE, bin, 'score', siteUrl!, '--json'], env, 0) },
    );
    if (root === ROOT) {
      const cold = { ...env, NODE_DISABLE_COMPILE_CACHE: '1' };
      subjects.push(
        { name: `${label}: token --sub, compile cache off`, run: () => timed([NODE, bin, 'token', '--sub', 'bench_user'], cold, 0) },
        { name: `${label}: score load, flags given (no re-exec)`, run: () => timed([NODE, ...SERVICE_NODE_FLAGS, bin, 'score'], env, 2) },
      );
    }
  }
  subjects.push(
    { name: 'peer: same crawl and score in-process', run: () => scoreInWorker(worker, siteUrl!) },
    {
      name: 'in-process, first crawl after loading',
      run: async () => {
        const fresh = await startProcess(workerArgv, baseEnv, /^READY$/);
        const sample = await scoreInWorker(fresh, siteUrl!);
        fresh.child.stdin!.end();
        await new Promise((resolve) => fresh.child.once('exit', resolve));
        return sample;
      },
    },
  );

  const samples = new Map<string, Sample[]>(subjects.map((subject) => [subject.name, []]));
  for (let round = 0; round <= rounds; round++) {
    process.stderr.write(`round ${round}${round === 0 ? ' (warm-up)' : ''} of ${rounds}, load ${loadAverage()}\n`);
    // Rotate the order each round, so no subject always follows the same neighbour.
    const order = subjects.map((_, i) => subjects[(i + round) % subjects.length]!);
    for (const subject of order) {
      const sample = await subject.run();
      if (round > 0) samples.get(subject.name)!.push(sample);
    }
  }
  worker.child.stdin!.end();
  site.child.stdin!.end();
  site.child.kill('SIGTERM');
  for (const file of scratch) fs.rmSync(file, { recursive: true, force: true });

  const medians = new Map(
    [...samples].map(([name, list]) => [
      name,
      {
        wallMs: median(list.map((s) => s.wallMs)),
        cpuMs: median(list.map((s) => s.cpuMs)),
        rss: list[0]!.rssMiB === null ? null : median(list.map((s) => s.rssMiB!)),
      },
    ]),
  );
  const peer = medians.get('peer: node -e 0')!;
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, ${rounds} rounds (medians), load average before ${loadBefore}, after ${loadAverage()}.`,
    `Site: ${PAGES} generated pages of ${PAGE_BYTES / 1024} KB, ${delayMs} ms per page; service Node flags ${SERVICE_NODE_FLAGS.join(' ') || '(none)'}.`,
    '',
    '| subject | wall s | CPU s | peak RSS MiB | wall / node -e 0 | CPU / node -e 0 |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [name, m] of medians) {
    lines.push(
      `| ${name} | ${(m.wallMs / 1000).toFixed(3)} | ${(m.cpuMs / 1000).toFixed(2)} | ${m.rss === null ? 'n/a' : m.rss.toFixed(0)} | ${(m.wallMs / peer.wallMs).toFixed(1)} | ${peer.cpuMs > 0 ? (m.cpuMs / peer.cpuMs).toFixed(1) : 'n/a'} |`,
    );
  }
  const inProcess = medians.get('peer: same crawl and score in-process')!;
  const current = checkouts.at(-1)!.label;
  const tokenNow = medians.get(`${current}: token --sub`)!;
  const usageNow = medians.get(`${current}: usage (no command)`)!;
  const scoreNow = medians.get(`${current}: score <url> --json`)!;
  const scoreRatio = scoreNow.wallMs / inProcess.wallMs;
  lines.push(
    '',
    `- loading alone, ${current}: usage ${(usageNow.wallMs / 1000).toFixed(3)} s, token ${(tokenNow.wallMs / 1000).toFixed(3)} s wall (target at most ${TARGETS.loadSeconds} s: ${tokenNow.wallMs / 1000 <= TARGETS.loadSeconds ? 'met' : 'missed'} for token).`,
    `- maturity score / in-process, ${current}: wall ${scoreRatio.toFixed(2)}x (target at most ${TARGETS.scoreRatio}x: ${scoreRatio <= TARGETS.scoreRatio ? 'met' : 'missed'}), CPU ${(scoreNow.cpuMs / inProcess.cpuMs).toFixed(2)}x.`,
  );
  if (args.base) {
    for (const kind of ['usage (no command)', 'token --sub', 'score load (no address)', 'score <url> --json']) {
      const before = medians.get(`before: ${kind}`)!;
      const after = medians.get(`after: ${kind}`)!;
      lines.push(
        `- ${kind}, after / before: wall ${(after.wallMs / before.wallMs).toFixed(2)}, CPU ${(after.cpuMs / before.cpuMs).toFixed(2)}, RSS ${(after.rss! / before.rss!).toFixed(2)}.`,
      );
    }
    const scoreBefore = medians.get('before: score <url> --json')!;
    lines.push(`- maturity score / in-process, before: wall ${(scoreBefore.wallMs / inProcess.wallMs).toFixed(2)}x.`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

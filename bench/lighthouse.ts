/**
 * Lighthouse on the service's pages (issues 12 and 14): performance,
 * accessibility, best practices and SEO of `/`, a result page `/r/<id>` and
 * `/pricing`, and signed in, of the dashboard `/app` and the coach
 * (`/app/coach` and `/app/coach?result=<id>`), on a phone (Lighthouse's
 * default: a mid-range Android phone on a slow 4G connection, simulated) and
 * on a desktop.
 *
 *   node_modules/.bin/node bench/lighthouse.ts [--runs 3] [--chromium /usr/bin/chromium] [--pages all|public|app]
 *
 * The service starts as `npm start` starts it (src/main.ts under the Node
 * flags of package.json's start script) in a fresh DATA_DIR (PGlite), with
 * PUBLIC_BASE_URL set to its address. It scores one fixture company site
 * (src/example-sites/lumenfield-platform, served on 127.0.0.1 and
 * allowlisted) through POST /api/try-score, as an anonymous visitor would,
 * which gives the result page its id. It then signs in through the
 * development identity provider's form at /sign-in, as a person does, and
 * scores the same site into that account with the session (POST /api/score),
 * which gives the coach its result; Lighthouse sends the session cookie with
 * the app's pages. Then Lighthouse's Node API runs on
 * each page and form factor, `runs` times (the median score is reported:
 * simulated throttling still measures this machine's CPU), in one headless
 * Debian Chromium started here with a DevTools port. Nothing is fetched from
 * the internet: Lighthouse audits the pages as served on 127.0.0.1.
 *
 * A page that does not answer 200 is listed with its status, not audited.
 * Targets: performance >= 90; accessibility, best practices and SEO >= 95,
 * except SEO on the app's pages: they are private and marked noindex, which
 * Lighthouse's SEO category counts against them, so their SEO is reported
 * without a target.
 * Progress goes to stderr, the Markdown table to stdout. Linux only.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Config, type Flags, type Result as LighthouseResult } from 'lighthouse';
import { request } from 'undici';
import { serveSite, SITES_DIR } from '../src/example-sites.ts';
import { loadAverage, median } from './measure.ts';
import { freePort, startService, stopProcess } from './service-process.ts';

/** Lighthouse category id -> the least score (0-100) that meets the target. */
const TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
} as const;
type CategoryId = keyof typeof TARGETS;
const CATEGORY_IDS = Object.keys(TARGETS) as CategoryId[];
const CATEGORY_TITLES: Record<CategoryId, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

const FIXTURE_SITE = 'lumenfield-platform';
/** Who the signed-in pages are audited as: a personal account of the development identity provider. */
const AUDIT_USER = 'lighthouse_user';

/** One audited page: its address, how the table names it, and whether it is the signed-in app (session cookie, no SEO target). */
interface AuditedPage {
  path: string;
  shown: string;
  signedIn: boolean;
}
/** Headless, no sandbox (CI runs as root in a container), /tmp instead of a small /dev/shm. */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--no-default-browser-check', '--disable-gpu'];

const FORM_FACTORS: { name: 'mobile' | 'desktop'; config: Config | undefined }[] = [
  // Lighthouse's default configuration is the mobile one.
  { name: 'mobile', config: undefined },
  { name: 'desktop', config: desktopConfig },
];

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    pages: { type: 'string', default: 'all' },
    chromium: { type: 'string', default: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** The service out of the box, with PUBLIC_BASE_URL its own address and `env` over this process's environment. */
async function startServiceOutOfTheBox(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PUBLIC_BASE_URL: base, LOG_LEVEL: 'warn' };
  // The deterministic engine, embedded PGlite, no shared limit store, the built-in providers: the service as it starts out of the box.
  for (const name of ['LLM_BASE_URL', 'REDIS_URL', 'DATABASE_URL', 'DATABASE_SCHEMA', 'IDENTITY_JWKS_URL', 'STRIPE_SECRET_KEY']) delete childEnv[name];
  Object.assign(childEnv, env);
  return startService({ port, env: childEnv });
}

/** Headless Chromium with a DevTools port Lighthouse drives; its profile lives in `profileDir`. */
async function startChromium(executable: string, profileDir: string): Promise<{ child: ChildProcess; port: number }> {
  if (!fs.existsSync(executable)) throw new Error(`No Chromium at ${executable}: install it with \`apt-get install chromium\`, or pass --chromium <path>`);
  const child = spawn(
    executable,
    [...CHROMIUM_FLAGS, '--remote-debugging-address=127.0.0.1', '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  // Chromium prints "DevTools listening on ws://127.0.0.1:<port>/devtools/browser/<id>" once its port is open.
  for await (const line of createInterface({ input: child.stderr! })) {
    const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(line);
    if (match) {
      child.stderr!.resume();
      return { child, port: Number(match[1]) };
    }
  }
  throw new Error(`Chromium exited before opening its DevTools port (code ${child.exitCode})`);
}

/** Scores the fixture site anonymously, as the /try page does; returns the stored result's id. */
async function scoreAnonymously(base: string, siteUrl: string): Promise<string> {
  const response = await request(`${base}/api/try-score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ url: siteUrl }),
  });
  const body = (await response.body.json()) as { id?: string };
  if (response.statusCode !== 200 || !body.id) throw new Error(`POST /api/try-score answered ${response.statusCode}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.id;
}

/** `name=value` of a Set-Cookie header's cookie called `name`. */
function cookieFrom(setCookie: string | string[] | undefined, name: string): string {
  const found = [setCookie ?? []].flat().find((header) => header.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie was set`);
  return found.split(';')[0]!;
}

/** Signs in through the development identity provider's form, as a person would; returns the session's Cookie header. */
async function signIn(base: string): Promise<string> {
  const form = await request(`${base}/sign-in`, { headers: { accept: 'text/html' } });
  const markup = await form.body.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(markup)?.[1];
  if (!csrf) throw new Error('the sign-in page has no CSRF field (is the development identity provider on?)');
  const response = await request(`${base}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: cookieFrom(form.headers['set-cookie'], '__csrf') },
    body: new URLSearchParams({ sub: AUDIT_USER, csrf }).toString(),
  });
  await response.body.dump();
  if (response.statusCode !== 303) throw new Error(`POST /sign-in answered ${response.statusCode}`);
  return cookieFrom(response.headers['set-cookie'], '__session');
}

/** Scores the fixture site into the signed-in account (POST /api/score with the session); returns the result's id. */
async function scoreSignedIn(base: string, siteUrl: string, cookie: string): Promise<string> {
  const response = await request(`${base}/api/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: base, cookie },
    body: JSON.stringify({ url: siteUrl }),
  });
  const body = (await response.body.json()) as { id?: string };
  if (response.statusCode !== 200 || !body.id) throw new Error(`POST /api/score answered ${response.statusCode}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.id;
}

async function statusOf(url: string, cookie: string | null): Promise<number> {
  const response = await request(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  await response.body.dump();
  return response.statusCode;
}

/** One page on one form factor: the median of each category over the runs, or why there is none. */
interface Row {
  page: string;
  formFactor: string;
  signedIn: boolean;
  status: number;
  scores: Partial<Record<CategoryId, number>>;
  problem: string | null;
}

/** How many runs of one page and form factor may end in a Lighthouse runtime error before the page is reported with it. */
const RUNTIME_ERROR_RETRIES = 3;

/** What Lighthouse clears before each run by default (its constants.js); cookies are added to it. */
const CLEARED_STORAGE: NonNullable<Flags['clearStorageTypes']> = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage'];

/** This machine's CPU benchmark as Lighthouse measured it each run: the base of its simulated throttling. */
const machine = { benchmarkIndexes: [] as number[] };

async function audit(url: string, port: number, config: Config | undefined, runs: number, cookie: string | null): Promise<Pick<Row, 'scores' | 'problem'>> {
  const samples: Record<CategoryId, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
  const extraHeaders = cookie ? { Cookie: cookie } : null;
  // Cookies a page set (the CSRF cookie) would otherwise stay in the browser's jar for the next
  // run, and the jar's Cookie header takes the place of the session sent in extraHeaders.
  const clearStorageTypes: Flags['clearStorageTypes'] = [...CLEARED_STORAGE, 'cookies'];
  let completedRuns = 0;
  let failedRuns = 0;
  while (completedRuns < runs) {
    const flags: Flags = { port, hostname: '127.0.0.1', output: 'json', logLevel: 'error', onlyCategories: CATEGORY_IDS, extraHeaders, clearStorageTypes };
    const result = await lighthouse(url, flags, config);
    const lhr: LighthouseResult | undefined = result?.lhr;
    if (!lhr) return { scores: {}, problem: 'Lighthouse returned no result' };
    machine.benchmarkIndexes.push(lhr.environment.benchmarkIndex);
    if (lhr.runtimeError) {
      // NO_NAVSTART and its kin come and go on a loaded machine: the run is done again, a few times at most.
      if (++failedRuns > RUNTIME_ERROR_RETRIES) return { scores: {}, problem: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
      log(`  ${lhr.runtimeError.code}; running again`);
      continue;
    }
    // A signed-in page that lost its session would be the sign-in page's scores under the app's name.
    if (lhr.finalDisplayedUrl !== url) return { scores: {}, problem: `Lighthouse ended on ${lhr.finalDisplayedUrl}, not the page asked for` };
    for (const id of CATEGORY_IDS) {
      const score = lhr.categories[id]?.score;
      if (typeof score === 'number') samples[id].push(Math.round(score * 100));
    }
    completedRuns++;
  }
  const scores: Partial<Record<CategoryId, number>> = {};
  for (const id of CATEGORY_IDS) if (samples[id].length > 0) scores[id] = Math.round(median(samples[id]));
  return { scores, problem: null };
}

/** "Chromium 156.0.8078.79 built on Debian ..." -> "156.0.8078.79"; the user agent string is reduced to 156.0.0.0. */
function chromiumVersionOf(executable: string): string {
  try {
    const printed = execFileSync(executable, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(printed)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function cell(row: Row, id: CategoryId): string {
  if (row.status !== 200) return `— (${row.status})`;
  const score = row.scores[id];
  if (score === undefined) return 'n/a';
  if (row.signedIn && id === 'seo') return `${score} (noindex)`;
  return score >= TARGETS[id] ? `${score} ✓` : `**${score}** ✗`;
}

function printReport(rows: Row[], run: { runs: number; loadBefore: string; chromium: string }): void {
  const chromiumVersion = chromiumVersionOf(run.chromium);
  const benchmarks = machine.benchmarkIndexes.length > 0 ? `${Math.round(median(machine.benchmarkIndexes))}` : 'n/a';
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, load average ${run.loadBefore} before, ${loadAverage()} after; ` +
      `Chromium ${chromiumVersion} (${run.chromium}), headless; Lighthouse default throttling (simulated), benchmark index ${benchmarks} (median); ` +
      `${run.runs} run${run.runs === 1 ? '' : 's'} per page and form factor, median score. ` +
      `Targets: performance ≥ ${TARGETS.performance}; accessibility, best practices, SEO ≥ ${TARGETS.accessibility} (no SEO target on the signed-in app's pages: they are noindex).`,
    '',
    `| Page | Form factor | HTTP | ${CATEGORY_IDS.map((id) => CATEGORY_TITLES[id]).join(' | ')} |`,
    `|---|---|---|${CATEGORY_IDS.map(() => '---').join('|')}|`,
  ];
  for (const row of rows) {
    lines.push(`| \`${row.page}\` | ${row.formFactor} | ${row.status} | ${CATEGORY_IDS.map((id) => cell(row, id)).join(' | ')} |`);
  }
  const problems = rows.filter((row) => row.problem);
  if (problems.length > 0) {
    lines.push('', ...problems.map((row) => `- \`${row.page}\` (${row.formFactor}): ${row.problem}`));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1 || !['all', 'public', 'app'].includes(args.pages)) {
    log('usage: lighthouse.ts [--runs <n>] [--chromium <path>] [--pages all|public|app]');
    process.exit(2);
  }
  const loadBefore = loadAverage();
  const site = await serveSite(path.join(SITES_DIR, FIXTURE_SITE));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-lighthouse-'));
  const children: ChildProcess[] = [];
  try {
    const service = await startServiceOutOfTheBox({ DATA_DIR: path.join(dataDir, 'data'), CRAWL_ALLOWLIST: new URL(site.origin).host });
    children.push(service.child);
    log(`scoring ${FIXTURE_SITE} through POST /api/try-score`);
    const id = await scoreAnonymously(service.base, `${site.origin}/`);
    log(`signing in as ${AUDIT_USER} and scoring ${FIXTURE_SITE} into the account through POST /api/score`);
    const session = await signIn(service.base);
    const ownId = await scoreSignedIn(service.base, `${site.origin}/`, session);
    const chromium = await startChromium(args.chromium, path.join(dataDir, 'chromium-profile'));
    children.push(chromium.child);

    const pages: AuditedPage[] = [
      { path: '/', shown: '/', signedIn: false },
      { path: `/r/${id}`, shown: '/r/<id>', signedIn: false },
      { path: '/pricing', shown: '/pricing', signedIn: false },
      { path: '/app', shown: '/app', signedIn: true },
      { path: '/app/coach', shown: '/app/coach', signedIn: true },
      { path: `/app/coach?result=${ownId}`, shown: '/app/coach?result=<id>', signedIn: true },
    ];
    const rows: Row[] = [];
    for (const page of pages.filter((candidate) => args.pages === 'all' || candidate.signedIn === (args.pages === 'app'))) {
      const url = `${service.base}${page.path}`;
      const cookie = page.signedIn ? session : null;
      const status = await statusOf(url, cookie);
      for (const { name, config } of FORM_FACTORS) {
        const row = { page: page.shown, formFactor: name, signedIn: page.signedIn, status };
        if (status !== 200) {
          rows.push({ ...row, scores: {}, problem: null });
          continue;
        }
        log(`${page.path} (${name}): ${runs} run${runs === 1 ? '' : 's'} (load ${loadAverage()})`);
        rows.push({ ...row, ...(await audit(url, chromium.port, config, runs, cookie)) });
      }
    }
    printReport(rows, { runs, loadBefore, chromium: args.chromium });
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

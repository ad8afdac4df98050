/**
 * Scores per minute against 1, 2 and 4 `maturity worker` processes (issue 25):
 * one web-only instance (WORKER_CONCURRENCY=0) takes the scores and waits for
 * them; the workers share its PostgreSQL. The site is a generated one on
 * loopback whose pages answer after a delay, so a crawl's time is mostly
 * waiting, as on the internet, and capacity is what the workers add.
 *
 *   DATABASE_URL=postgres://... node_modules/.bin/node bench/score-workers.ts [--scores 24] [--delay 200] [--pages 15] [--per-worker 2] [--workers 1,2,4]
 *
 * Each round posts all its scores at once (fresh accounts, so no plan limit
 * or per-user rate limit refuses any) and times until the last answers.
 * Each worker runs `--per-worker` scores at once (CRAWL_MAX_ACTIVE).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken } from '../src/identity/dev-identity.ts';
import { startGeneratedSite } from '../test/fixtures/generated-site.ts';
import { startService, stopProcess, THIS_CHECKOUT } from './service-process.ts';

const { values } = parseArgs({
  options: {
    scores: { type: 'string', default: '24' },
    delay: { type: 'string', default: '200' },
    pages: { type: 'string', default: '15' },
    'per-worker': { type: 'string', default: '2' },
    workers: { type: 'string', default: '1,2,4' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('score-workers.ts needs DATABASE_URL: workers in other processes share PostgreSQL\n');
  process.exit(2);
}
const scores = Number(values.scores);
const perWorker = values['per-worker'];
const workerCounts = values.workers.split(',').map(Number);

const site = await startGeneratedSite({ pages: Number(values.pages), delayMs: Number(values.delay) });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-score-workers-'));
const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  CRAWL_ALLOWLIST: site.allowlistEntry,
  CRAWL_MAX_ACTIVE: perWorker,
  CRAWL_QUEUE_LIMIT: '10000',
  LOG_LEVEL: 'warn',
};
const web = await startService({ env: { ...env, WORKER_CONCURRENCY: '0' }, label: 'web-only service' });
const devKey = await loadOrCreateDevKey(dataDir);
const issuer = loadConfig({ ...env } as Record<string, string>).identity.issuer;

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(THIS_CHECKOUT, 'bin/maturity.js'), 'worker'], {
    cwd: THIS_CHECKOUT,
    env: { ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('worker running')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

let accountSeq = 0;
async function oneScore(): Promise<number> {
  // Free accounts score three times a month: one account per score keeps every round admitted.
  const n = accountSeq++;
  const token = await signDevToken(devKey, issuer, { sub: `bench_${n}`, account: `org_bench_${n}`, role: 'admin' });
  const response = await fetch(`${web.base}/api/score`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${site.url}/` }),
  });
  await response.arrayBuffer();
  return response.status;
}

const rows: string[] = [];
try {
  // One warm-up score (the first crawl loads the worker's code paths).
  const warm = await startWorker();
  await oneScore();
  await stopProcess(warm);
  for (const count of workerCounts) {
    const workers = await Promise.all(Array.from({ length: count }, () => startWorker()));
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: scores }, () => oneScore()));
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(workers.map((worker) => stopProcess(worker)));
    const ok = statuses.filter((status) => status === 200).length;
    const row = `| ${count} | ${count * Number(perWorker)} | ${ok}/${scores} | ${seconds.toFixed(1)} s | **${((ok / seconds) * 60).toFixed(0)}** |`;
    rows.push(row);
    process.stdout.write(`${row}\n`);
  }
} finally {
  await stopProcess(web.child);
  await site.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
  await client.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(
  `\nload average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}\n`,
);
process.stdout.write(`| Workers | Scores at once | Answered 200 | Wall time | Scores per minute |\n|---|---|---|---|---|\n${rows.join('\n')}\n`);

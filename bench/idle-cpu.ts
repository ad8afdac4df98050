/**
 * What an idle service costs in CPU (issue 29, item 7's companion): the real
 * service, started as `npm start` starts it, on a fresh DATA_DIR (PGlite)
 * or, with --database-url, in a PostgreSQL schema of its own, left alone
 * after it is ready; its CPU time (every thread, /proc schedstat) over
 * `--seconds`, as a share of one core, beside a bare `node` process doing
 * nothing in the same window (the floor). On PostgreSQL the database
 * server's own work for the service (its polling queries) is not counted
 * here: only the Node process.
 *
 *   node_modules/.bin/node bench/idle-cpu.ts [--rounds 3] [--seconds 30] [--settle-seconds 20]
 *     [--database-url postgres://...] [--service-root <checkout>]
 *
 * --service-root measures another checkout (the code before a change) under
 * this script. Progress goes to stderr, the Markdown to stdout. Linux only.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadAverage, median, processCpuNs } from './measure.ts';
import { startService, stopProcess, THIS_CHECKOUT } from './service-process.ts';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '30' },
    'settle-seconds': { type: 'string', default: '20' },
    'database-url': { type: 'string' },
    'service-root': { type: 'string' },
  },
});
const ROUNDS = Number(args.rounds);
const WINDOW_MS = Number(args.seconds) * 1000;
const SETTLE_MS = Number(args['settle-seconds']) * 1000;
const DATABASE_URL = args['database-url'];
const SERVICE_ROOT = args['service-root'] ? path.resolve(args['service-root']) : THIS_CHECKOUT;

/** CPU time of `pid` over the window, as a share of one core. */
async function coreShare(pid: number): Promise<number> {
  const before = processCpuNs(pid).all;
  await delay(WINDOW_MS);
  return (processCpuNs(pid).all - before) / (WINDOW_MS * 1e6);
}

async function measureRound(round: number): Promise<{ service: number; floor: number }> {
  const schema = DATABASE_URL ? `bench_idle_${crypto.randomBytes(4).toString('hex')}` : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-idle-'));
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir };
  if (DATABASE_URL && schema) Object.assign(env, { DATABASE_URL, DATABASE_SCHEMA: schema });
  const service = await startService({ root: SERVICE_ROOT, env });
  const floor = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  try {
    await delay(SETTLE_MS);
    const [serviceShare, floorShare] = await Promise.all([coreShare(service.child.pid!), coreShare(floor.pid!)]);
    process.stderr.write(`round ${round}: service ${(serviceShare * 100).toFixed(1)}% of a core, bare node ${(floorShare * 100).toFixed(2)}%\n`);
    return { service: serviceShare, floor: floorShare };
  } finally {
    await stopProcess(floor);
    await stopProcess(service.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (DATABASE_URL && schema) {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE; DROP SCHEMA IF EXISTS "${schema}_jobs" CASCADE`);
      await client.end();
    }
  }
}

const loadBefore = loadAverage();
const rounds = [];
for (let round = 1; round <= ROUNDS; round++) rounds.push(await measureRound(round));
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const shares = rounds.map((round) => round.service);
console.log(
  `Node ${process.version}, ${os.availableParallelism()} cores, load average ${loadBefore} before, ${loadAverage()} after; ` +
    `database ${DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; service from ${SERVICE_ROOT}; ` +
    `${ROUNDS} rounds, each ${WINDOW_MS / 1000} s of idle after ${SETTLE_MS / 1000} s of settling.`,
);
console.log('');
console.log('| Process | CPU while idle, share of one core (median) | Rounds |');
console.log('|---|---|---|');
console.log(`| service | ${percent(median(shares))} | ${shares.map(percent).join(', ')} |`);
console.log(`| bare node | ${percent(median(rounds.map((round) => round.floor)))} | ${rounds.map((round) => percent(round.floor)).join(', ')} |`);

/**
 * The shared result (issue 11): GET /api/score/<id> through the real service
 * against a bare Fastify process sending the same body, in the same run.
 * With --page, the result page a visitor is sent, GET /r/<id> (issue 29,
 * item 3: at least 0.8x, p99 within 2x), the peer sending the same HTML.
 *
 *   node_modules/.bin/node bench/shared-result.ts [--page] [--rounds 5] [--seconds 5] [--connections 50]
 *     [--database-url postgres://...] [--service-root <checkout>] [--log-level <level>] [--profile <dir>]
 *
 * The service starts as `npm start` starts it (`src/main.ts` under the Node
 * flags of its package.json's start script, the default log level), with a
 * fresh DATA_DIR (PGlite) or, with --database-url, in a PostgreSQL schema of
 * its own, dropped afterwards. It scores one fixture company site
 * (src/example-sites/lumenfield-platform, served on 127.0.0.1), which
 * stores one real result; its body, fetched once, is what the peer sends: a
 * bare Fastify (no logger, no hooks) in a child process under the same Node
 * flags, one route, `reply.type(json).send(body)`, the body as a Buffer read
 * once (since issue 29; before, a string, which cost the peer an encoding per
 * request: 72 KB of page took it 1.2 ms of CPU a request).
 *
 * Then `rounds` interleaved rounds (the order alternates each round), each
 * an autocannon run of `seconds` per target with `connections` connections,
 * after one warm-up round. When the service answers an ETag, a third target
 * sends it back in If-None-Match (the 304 path), for information. Reported:
 * medians of requests per second and of p99 latency, the service's ratio to
 * the peer (target: at least 0.8x the requests per second, p99 within 1.5x),
 * CPU per request of each process (all threads, /proc schedstat) and its
 * ratio, the peer's over the service's: how many requests the service
 * serves per CPU second against the peer, steadier than requests per second
 * when other work shares the machine; and the load average before and after
 * (a shared 2-core machine: only same-run ratios mean anything).
 *
 * --service-root runs the service of another checkout (e.g. the code before
 * the change) under this script. Progress goes to stderr, the Markdown to stdout.
 * Linux only (it reads /proc). `--profile <dir>` has the service and the peer
 * write CPU profiles there (node --cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { request } from 'undici';
import { serveSite, SITES_DIR } from '../src/example-sites.ts';
import { DEV_IDENTITY_ISSUER } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken } from '../src/identity/dev-identity.ts';
import { loadAverage, median, processCpuNs } from './measure.ts';
import { startScriptFlags, startService, stopProcess, THIS_CHECKOUT } from './service-process.ts';

declare module 'autocannon' {
  interface Options {
    headers?: Record<string, string>;
  }
  interface Result {
    timeouts: number;
    duration: number;
    '2xx': number;
    '3xx': number;
  }
}

const JSON_TARGETS = { requestsRatio: 0.8, p99Ratio: 1.5 } as const;
/** Issue 29, item 3. */
const PAGE_TARGETS = { requestsRatio: 0.8, p99Ratio: 2 } as const;
const READY_TIMEOUT_MS = 60_000;
const WARM_UP_SECONDS = 2;
const FIXTURE_SITE = 'lumenfield-platform';
const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    /** Measure the visitor's result page, GET /r/<id>, rather than the JSON. */
    page: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'service-root': { type: 'string', default: THIS_CHECKOUT },
    /** LOG_LEVEL for the service; by default its own default (info: a line per request and per response). */
    'log-level': { type: 'string' },
    /** Writes the service's CPU profile (node --cpu-prof) to this directory. */
    profile: { type: 'string' },
    /** Internal: run as the peer, sending the body in this file. */
    peer: { type: 'string' },
  },
});

/** What is measured: the JSON, or with --page the result page. */
const MEASURED = args.page
  ? { path: (id: string) => `/r/${id}`, route: '/r/:id', type: HTML_TYPE, targets: PAGE_TARGETS }
  : { path: (id: string) => `/api/score/${id}`, route: '/api/score/:id', type: JSON_TYPE, targets: JSON_TARGETS };
const TARGETS = MEASURED.targets;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

/** With --profile, both processes write a CPU profile (node --cpu-prof), named by process id. */
function profileFlags(): string[] {
  return args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [];
}

/** Child process: the peer. Prints "READY <port>". */
async function runPeer(bodyFile: string): Promise<void> {
  // Bytes, as the service sends its kept body: a string would be encoded again on every request.
  const body = fs.readFileSync(bodyFile);
  const app = Fastify({ logger: false });
  app.get(MEASURED.route, (_request, reply) => {
    reply.type(MEASURED.type).send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`READY ${(app.server.address() as net.AddressInfo).port}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function startPeer(flags: string[], bodyFile: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [...flags, ...profileFlags(), import.meta.filename, ...(args.page ? ['--page'] : []), '--peer', bodyFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^READY (\d+)$/.exec(line);
    if (match) return { child, base: `http://127.0.0.1:${match[1]}` };
  }
  throw new Error('the peer did not start');
}

/** The service of `root`, as `npm start` starts it, with `env` over this process's environment. */
async function startServiceOf(root: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // The deterministic engine, the default log level, no shared limit store: the service as a single instance starts.
  for (const name of ['LLM_BASE_URL', 'LOG_LEVEL', 'REDIS_URL', 'DATABASE_URL', 'DATABASE_SCHEMA']) delete childEnv[name];
  Object.assign(childEnv, env, args['log-level'] ? { LOG_LEVEL: args['log-level'] } : {});
  return startService({ root, env: childEnv, extraNodeFlags: profileFlags(), timeoutMs: READY_TIMEOUT_MS });
}

interface Target {
  name: string;
  url: string;
  pid: number;
  headers?: Record<string, string>;
  /** The status every answer must have. */
  status: 200 | 304;
}

interface Sample {
  requestsPerSecond: number;
  p99Ms: number;
  cpuMsPerRequest: number;
}

async function load(target: Target, seconds: number, connections: number): Promise<Sample> {
  const cpuBefore = processCpuNs(target.pid).all;
  const result = await autocannon({ url: target.url, connections, duration: seconds, ...(target.headers ? { headers: target.headers } : {}) });
  const cpuMs = (processCpuNs(target.pid).all - cpuBefore) / 1e6;
  const expected = target.status === 200 ? result['2xx'] : result['3xx'];
  const answered = result['2xx'] + result.non2xx;
  if (result.errors + result.timeouts > 0 || expected !== answered) {
    throw new Error(`${target.name}: ${result.errors} errors, ${result.timeouts} timeouts, ${answered - expected} answers other than ${target.status}`);
  }
  return { requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, cpuMsPerRequest: cpuMs / Math.max(1, expected) };
}

/** Scores the fixture site once through the service, as a signed-in development user; returns the result's id. */
async function storeOneResult(base: string, dataDir: string, siteUrl: string): Promise<string> {
  const key = await loadOrCreateDevKey(dataDir);
  const token = await signDevToken(key, DEV_IDENTITY_ISSUER, { sub: `bench-${crypto.randomUUID()}` });
  const response = await request(`${base}/api/score`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: siteUrl }),
  });
  const body = (await response.body.json()) as { id?: string };
  if (response.statusCode !== 200 || !body.id) throw new Error(`POST /api/score answered ${response.statusCode}: ${JSON.stringify(body)}`);
  return body.id;
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const rounds = Number(args.rounds);
  const seconds = Number(args.seconds);
  const connections = Number(args.connections);
  if (![rounds, seconds, connections].every((n) => Number.isInteger(n) && n > 0)) {
    log('usage: shared-result.ts [--rounds <n>] [--seconds <n>] [--connections <n>] [--database-url <url>] [--service-root <dir>]');
    process.exit(2);
  }
  const serviceRoot = path.resolve(args['service-root']);
  const databaseUrl = args['database-url'] ?? null;
  const flags = startScriptFlags(serviceRoot);
  const loadBefore = loadAverage();

  const site = await serveSite(path.join(SITES_DIR, FIXTURE_SITE));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'maturity-shared-bench-'));
  const schema = `shared_bench_${crypto.randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  try {
    // Written before the service starts, so it loads this key rather than making its own.
    await loadOrCreateDevKey(dataDir);
    const service = await startServiceOf(serviceRoot, {
      DATA_DIR: dataDir,
      CRAWL_ALLOWLIST: new URL(site.origin).host,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
    });
    children.push(service.child);
    log(`scoring ${FIXTURE_SITE} through the service at ${serviceRoot}`);
    const id = await storeOneResult(service.base, dataDir, `${site.origin}/`);
    const url = `${service.base}${MEASURED.path(id)}`;
    const first = await request(url);
    const body = await first.body.text();
    if (first.statusCode !== 200) throw new Error(`GET ${MEASURED.route} answered ${first.statusCode}`);
    const etag = typeof first.headers.etag === 'string' ? first.headers.etag : null;
    const bodyFile = path.join(dataDir, 'body.json');
    fs.writeFileSync(bodyFile, body);
    const peer = await startPeer(flags, bodyFile);
    children.push(peer.child);
    const peerAnswer = await request(`${peer.base}${MEASURED.path(id)}`);
    if ((await peerAnswer.body.text()) !== body) throw new Error('the peer does not send the same body');

    const targets: Target[] = [
      { name: 'service', url, pid: service.child.pid!, status: 200 },
      { name: 'bare Fastify', url: `${peer.base}${MEASURED.path(id)}`, pid: peer.child.pid!, status: 200 },
      ...(etag ? [{ name: 'service, If-None-Match', url, pid: service.child.pid!, headers: { 'if-none-match': etag }, status: 304 as const }] : []),
    ];
    log(`body ${Buffer.byteLength(body)} bytes, ETag ${etag ?? 'none'}; warm-up`);
    for (const target of targets) await load(target, WARM_UP_SECONDS, connections);
    const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]));
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const sample = await load(target, seconds, connections);
        samples.get(target.name)!.push(sample);
        log(
          `round ${round + 1} ${target.name}: ${Math.round(sample.requestsPerSecond)} req/s, p99 ${sample.p99Ms} ms, ` +
            `${(sample.cpuMsPerRequest * 1000).toFixed(0)} µs CPU/request (load ${loadAverage()})`,
        );
      }
    }
    printReport({ databaseUrl, serviceRoot, body, etag, rounds, seconds, connections, samples, loadBefore });
  } finally {
    for (const child of children) await stopProcess(child);
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropSchema(databaseUrl, schema);
  }
}

function printReport(run: {
  databaseUrl: string | null;
  serviceRoot: string;
  body: string;
  etag: string | null;
  rounds: number;
  seconds: number;
  connections: number;
  samples: Map<string, Sample[]>;
  loadBefore: string;
}): void {
  const summary = (name: string) => {
    const list = run.samples.get(name)!;
    return {
      requestsPerSecond: median(list.map((sample) => sample.requestsPerSecond)),
      p99Ms: median(list.map((sample) => sample.p99Ms)),
      cpuUs: median(list.map((sample) => sample.cpuMsPerRequest)) * 1000,
    };
  };
  const peer = summary('bare Fastify');
  const lines = [
    `Node ${process.version}, ${os.cpus().length} cores, load average ${run.loadBefore} before, ${loadAverage()} after; ` +
      `GET ${MEASURED.route}; database ${run.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; service from ${run.serviceRoot}, LOG_LEVEL ${args['log-level'] ?? 'default (info)'}; ` +
      `body ${Buffer.byteLength(run.body)} bytes; ${run.connections} connections, ${run.rounds} interleaved rounds of ${run.seconds} s per target ` +
      'after a warm-up; medians.',
    '',
    `| Target | req/s | p99 | CPU per request | req/s ratio (target ≥ ${TARGETS.requestsRatio}) | p99 ratio (target ≤ ${TARGETS.p99Ratio}) | CPU ratio (peer ÷ target) |`,
    '|---|---|---|---|---|---|---|',
  ];
  for (const name of run.samples.keys()) {
    const row = summary(name);
    const requestsRatio = row.requestsPerSecond / peer.requestsPerSecond;
    const p99Ratio = row.p99Ms / peer.p99Ms;
    const isPeer = name === 'bare Fastify';
    const verdict = (ratio: number, met: boolean) => (isPeer ? '1' : `${ratio.toFixed(2)} (${met ? 'met' : '**missed**'})`);
    lines.push(
      `| ${name} | ${Math.round(row.requestsPerSecond)} | ${row.p99Ms} ms | ${row.cpuUs.toFixed(0)} µs | ` +
        `${verdict(requestsRatio, requestsRatio >= TARGETS.requestsRatio)} | ${verdict(p99Ratio, p99Ratio <= TARGETS.p99Ratio)} | ` +
        `${isPeer ? '1' : (peer.cpuUs / row.cpuUs).toFixed(2)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (args.peer) {
  await runPeer(args.peer);
} else {
  await main();
}

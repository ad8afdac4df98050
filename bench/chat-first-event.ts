/**
 * Chat: time to the first event of `POST /api/chat` against a bare Fastify
 * SSE endpoint (issue 11).
 *
 *   node_modules/.bin/node bench/chat-first-event.ts [--rounds 5] [--requests 160] [--messages 10]
 *     [--concurrency 1,8,32] [--database-url postgres://...] [--service-root /path/to/checkout] [--profile <dir>]
 *
 * The peer is a bare Fastify server in its own process, started with the
 * service's Node flags: it parses the same JSON body and answers with the
 * same SSE headers, the stream-open comment and a first `data:` event, then
 * `[DONE]`. The subject is the service itself (`src/main.ts` of
 * --service-root, default this checkout, so the same script measures an
 * older checkout for a before/after), on embedded PGlite and, with
 * --database-url, on PostgreSQL. Both answer the same requests from the same
 * client: the local coach on a real result.
 *
 * The workload is conversations: each client worker is a user who sends
 * --messages chats one after the other, then the next user takes over (Free
 * users, well inside the 30-per-minute limit and the Free plan's 30
 * messages); a run is --requests chats, or enough for every worker to hold
 * one whole conversation. Every account exists before the rounds start (one GET
 * /api/account each), so no measured chat creates one, and the background
 * work each new account starts (its welcome mail, the member's arrival) has
 * run: the service is measured once it is back to idle (under a tenth of a
 * core for two half-seconds in a row). Before, the jobs of hundreds of
 * sign-ups in a burst ran during the first rounds' chats. Peer and subject
 * runs alternate, several rounds at each concurrency (who goes first swaps
 * every round); each run gives its p50 and p99, the table shows the median
 * over rounds and the median of the per-round p99 ratios. The machine is
 * shared: the load average is printed before and after. `--profile <dir>`
 * has the service write a CPU profile there (node --cpu-prof).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { Agent, fetch } from 'undici';
import { DEV_IDENTITY_ISSUER } from '../src/config.ts';
import { loadOrCreateDevKey, signDevToken } from '../src/identity/dev-identity.ts';
import { dataEvent, DONE_EVENT, SSE_HEADERS, STREAM_OPEN } from '../src/http/sse.ts';
import { fixtureResult } from '../test/fixtures/coach-result.ts';
import { loadAverage, median, processCpuNs } from './measure.ts';
import { SERVICE_NODE_FLAGS, startService } from './service-process.ts';

/** The service is settled when it uses less than this share of a core (idle, it uses about 2%: the job scan). */
const SETTLED_CPU_SHARE = 0.1;
const SETTLE_WINDOW_MS = 500;
const SETTLE_LIMIT_MS = 120_000;

const { values } = parseArgs({
  options: {
    peer: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '160' },
    messages: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '1,8,32' },
    'database-url': { type: 'string' },
    'service-root': { type: 'string' },
    profile: { type: 'string' },
  },
});

/** The peer: Fastify and nothing else, answering like the chat route does before the coach speaks. */
async function servePeer(): Promise<void> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.post('/api/chat', async (_request, reply) => {
    reply.headers(SSE_HEADERS);
    return reply.send(Readable.from([STREAM_OPEN, dataEvent({ content: 'Start with pricing.' }), DONE_EVENT], { objectMode: false }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  process.stdout.write(`READY ${address.port}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

if (values.peer) {
  await servePeer();
} else {
  await main();
}

async function main(): Promise<void> {
  const ROUNDS = Number(values.rounds);
  const REQUESTS = Number(values.requests);
  const MESSAGES = Number(values.messages);
  const CONCURRENCIES = values.concurrency.split(',').map(Number);
  const SERVICE_ROOT = path.resolve(values['service-root'] ?? path.resolve(import.meta.dirname, '..'));
  const NODE = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
  const body = JSON.stringify({ messages: [{ role: 'user', content: 'What are our biggest gaps, and what should we do first?' }], result: fixtureResult() });
  const agent = new Agent({ connections: 128, pipelining: 0, bodyTimeout: 0, headersTimeout: 0 });

  async function startPeer(): Promise<{ url: string; child: ChildProcess }> {
    const child = spawn(NODE, [...SERVICE_NODE_FLAGS, import.meta.filename, '--peer'], { stdio: ['ignore', 'pipe', 'inherit'] });
    for await (const line of createInterface({ input: child.stdout! })) {
      const match = /^READY (\d+)$/.exec(line);
      if (match) return { url: `http://127.0.0.1:${match[1]}`, child };
    }
    throw new Error('the peer did not start');
  }

  /** The subject, on a fresh DATA_DIR, in an environment of its own (PATH and `env`, nothing inherited). */
  async function startSubject(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chat-'));
    const service = await startService({
      root: SERVICE_ROOT,
      // This checkout's start flags, as the peer's, also for another --service-root (not startScriptFlags(SERVICE_ROOT)).
      nodeFlags: SERVICE_NODE_FLAGS,
      extraNodeFlags: values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [],
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SSE_HEARTBEAT_MS: '60000', ...env },
      readyPath: '/healthz',
    });
    return { url: service.base, child: service.child, dataDir };
  }

  async function chat(url: string, token: string | null): Promise<number> {
    const started = performance.now();
    const response = await fetch(`${url}/api/chat`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body,
      dispatcher: agent,
    });
    if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    let buffered = '';
    let firstEventMs = -1;
    for await (const chunk of response.body!) {
      buffered += decoder.decode(chunk as Uint8Array, { stream: true });
      if (firstEventMs < 0 && buffered.includes('data: {')) firstEventMs = performance.now() - started;
    }
    if (!buffered.endsWith(DONE_EVENT)) throw new Error('stream did not end with [DONE]');
    return firstEventMs;
  }

  /** Waits until the process has used under SETTLED_CPU_SHARE of a core for two windows in a row (at most SETTLE_LIMIT_MS). */
  async function settled(pid: number): Promise<void> {
    const deadline = performance.now() + SETTLE_LIMIT_MS;
    let quietWindows = 0;
    let before = processCpuNs(pid).all;
    while (quietWindows < 2 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_WINDOW_MS));
      const now = processCpuNs(pid).all;
      quietWindows = now - before < SETTLED_CPU_SHARE * SETTLE_WINDOW_MS * 1e6 ? quietWindows + 1 : 0;
      before = now;
    }
    if (quietWindows < 2) process.stderr.write(`the service was still busy after ${SETTLE_LIMIT_MS} ms; measuring anyway\n`);
  }

  function percentile(samples: number[], p: number): number {
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  }

  /** Chats per run: REQUESTS, or one whole conversation per worker. */
  const requestsAt = (concurrency: number) => Math.max(REQUESTS, concurrency * MESSAGES);

  /** A run at `concurrency`: each worker is one user's conversation of MESSAGES chats, then the next user's. */
  async function run(url: string, concurrency: number, users: string[] | null): Promise<{ p50: number; p99: number }> {
    const requests = requestsAt(concurrency);
    const timings: number[] = [];
    let sent = 0;
    let nextUser = 0;
    const worker = async () => {
      while (sent < requests) {
        const token = users ? users[nextUser++]! : null;
        for (let m = 0; m < MESSAGES && sent < requests; m++) {
          sent++;
          timings.push(await chat(url, token));
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
  }

  /** Users for every run of the subject: enough that no user sends more than MESSAGES chats. */
  function usersPerRun(concurrency: number): number {
    return Math.ceil(requestsAt(concurrency) / MESSAGES) + concurrency;
  }

  async function measure(label: string, env: Record<string, string>, peerUrl: string): Promise<string[]> {
    const service = await startSubject(env);
    try {
      const key = await loadOrCreateDevKey(service.dataDir);
      const total = CONCURRENCIES.reduce((sum, c) => sum + usersPerRun(c) * ROUNDS, 0);
      const tokens = await Promise.all(
        Array.from({ length: total }, (_, i) => signDevToken(key, DEV_IDENTITY_ISSUER, { sub: `chat_bench_${i}`, ttlSeconds: 3600 })),
      );
      for (let i = 0; i < tokens.length; i += 32) {
        await Promise.all(
          tokens
            .slice(i, i + 32)
            .map((token) => fetch(`${service.url}/api/account`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer())),
        );
      }
      // Each new account starts its own background work (the welcome mail, the member's arrival): let it finish, so
      // that the chats are timed against each other and not against a burst of hundreds of sign-ups' jobs.
      await settled(service.child.pid!);
      // Warm both processes' code paths before timing anything.
      await run(peerUrl, 8, null);
      await chat(service.url, tokens.pop()!);
      const rows: string[] = [];
      for (const concurrency of CONCURRENCIES) {
        const peer: { p50: number; p99: number }[] = [];
        const subject: { p50: number; p99: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const users = tokens.splice(0, usersPerRun(concurrency));
          const runPeer = async () => peer.push(await run(peerUrl, concurrency, null));
          const runSubject = async () => subject.push(await run(service.url, concurrency, users));
          if (round % 2 === 0) {
            await runPeer();
            await runSubject();
          } else {
            await runSubject();
            await runPeer();
          }
        }
        const ratios = subject.map((s, i) => s.p99 / peer[i]!.p99);
        const row =
          `| ${label}, concurrency ${concurrency} | ${median(peer.map((r) => r.p50)).toFixed(2)} / ${median(peer.map((r) => r.p99)).toFixed(2)} ms ` +
          `| ${median(subject.map((r) => r.p50)).toFixed(2)} / ${median(subject.map((r) => r.p99)).toFixed(2)} ms ` +
          `| ${median(subject.map((s, i) => s.p50 / peer[i]!.p50)).toFixed(2)} x | **${median(ratios).toFixed(2)} x** (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}) |`;
        console.log(row);
        rows.push(row);
      }
      return rows;
    } finally {
      service.child.kill('SIGTERM');
    }
  }

  console.log(
    `service from ${SERVICE_ROOT}; Node flags ${SERVICE_NODE_FLAGS.join(' ')}; ${ROUNDS} rounds per concurrency of ` +
      `${CONCURRENCIES.map((c) => `${requestsAt(c)} chats at ${c}`).join(', ')}; conversations of ${MESSAGES} messages`,
  );
  console.log(`load average before: ${loadAverage()}`);
  console.log('| | peer p50 / p99 | service p50 / p99 | p50 ratio | p99 ratio (median) |');
  console.log('|---|---|---|---|---|');
  const peer = await startPeer();
  try {
    await measure('PGlite', {}, peer.url);
    const databaseUrl = values['database-url'];
    if (databaseUrl) await measure('PostgreSQL', { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: `bench_${Date.now().toString(36)}` }, peer.url);
  } finally {
    peer.child.kill('SIGTERM');
  }
  console.log(`load average after: ${loadAverage()}`);
  await agent.close();
  process.exit(0);
}

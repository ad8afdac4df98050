/**
 * Coach streaming benchmark (issue 5).
 *
 *   node_modules/.bin/node bench/coach-stream.ts [--requests 400] [--streams 1000] [--database-url postgres://...]
 *
 * 1. Latency: the local coach (no LLM), `--requests` chats at concurrency 1
 *    and 8, on embedded PGlite and, with --database-url, on PostgreSQL; time to
 *    the first data event and to [DONE], p50 and p99.
 * 2. Capacity: `--streams` chats held open at once (the model answers through
 *    a local OpenAI-compatible server, one token every 500 ms), then the
 *    server's RSS with all of them open against its RSS before, per stream.
 * Each service runs as its own process (`node src/main.ts`), so the figures
 * are the service's own.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, fetch } from 'undici';
import { loadOrCreateDevKey, signDevToken } from '../src/identity/dev-identity.ts';
import { DEV_IDENTITY_ISSUER } from '../src/config.ts';
import { startFakeOpenAi } from '../test/fakes/openai-compatible.ts';
import { startService } from './service-process.ts';
import { fixtureResult } from '../test/fixtures/coach-result.ts';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '400' }, streams: { type: 'string', default: '1000' }, 'database-url': { type: 'string' } },
});
const REQUESTS = Number(values.requests);
const STREAMS = Number(values.streams);
const result = fixtureResult();
const question = { messages: [{ role: 'user', content: 'What are our biggest gaps, and what should we do first?' }], result };
// Enough sockets for every stream at once.
const agent = new Agent({ connections: STREAMS + 16, pipelining: 0, bodyTimeout: 0, headersTimeout: 0 });

/** The service on a fresh DATA_DIR, in an environment of its own (PATH and `env`, nothing inherited). */
async function startCoachService(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-coach-'));
  const service = await startService({
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SSE_HEARTBEAT_MS: '60000', ...env },
    readyPath: '/healthz',
  });
  return { url: service.base, child: service.child, dataDir };
}

async function tokensFor(dataDir: string, count: number, prefix: string): Promise<string[]> {
  const key = await loadOrCreateDevKey(dataDir);
  return Promise.all(Array.from({ length: count }, (_, i) => signDevToken(key, DEV_IDENTITY_ISSUER, { sub: `${prefix}_${i}`, ttlSeconds: 3600 })));
}

/** Creates each account first, so the measured chats do not include account creation. */
async function warmAccounts(url: string, tokens: string[]): Promise<void> {
  for (let i = 0; i < tokens.length; i += 32) {
    await Promise.all(
      tokens.slice(i, i + 32).map((token) => fetch(`${url}/api/account`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer())),
    );
  }
}

interface Timing {
  firstEventMs: number;
  doneMs: number;
}

async function chat(url: string, token: string, onFirstEvent?: () => void): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(question),
    dispatcher: agent,
  });
  if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffered = '';
  let firstEventMs = -1;
  for await (const chunk of response.body!) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    if (firstEventMs < 0 && buffered.includes('data: {')) {
      firstEventMs = performance.now() - started;
      onFirstEvent?.();
    }
  }
  if (!buffered.endsWith('data: [DONE]\n\n')) throw new Error('stream did not end with [DONE]');
  return { firstEventMs, doneMs: performance.now() - started };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]);
}

async function latency(label: string, env: Record<string, string>): Promise<void> {
  const service = await startCoachService(env);
  try {
    for (const concurrency of [1, 8]) {
      const tokens = await tokensFor(service.dataDir, REQUESTS, `latency_${concurrency}`);
      await warmAccounts(service.url, tokens);
      const timings: Timing[] = [];
      let next = 0;
      const worker = async () => {
        while (next < tokens.length) timings.push(await chat(service.url, tokens[next++]!));
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
      const first = timings.map((t) => t.firstEventMs);
      const done = timings.map((t) => t.doneMs);
      console.log(`local coach on ${label}, ${REQUESTS} chats at concurrency ${concurrency}:`);
      console.log(`  time to first event  p50 ${percentile(first, 50).toFixed(1)} ms  p99 ${percentile(first, 99).toFixed(1)} ms`);
      console.log(`  time to [DONE]       p50 ${percentile(done, 50).toFixed(1)} ms  p99 ${percentile(done, 99).toFixed(1)} ms`);
    }
  } finally {
    service.child.kill('SIGTERM');
  }
}

async function capacity(): Promise<void> {
  const model = await startFakeOpenAi({ content: 'Start with pricing. '.repeat(6), chunkChars: 20, delayBetweenChunksMs: 500, delayBeforeFirstTokenMs: 200 });
  const service = await startCoachService({ LLM_BASE_URL: model.baseUrl, LLM_MODEL: 'bench', LLM_TIMEOUT_MS: '60000' });
  try {
    const tokens = await tokensFor(service.dataDir, STREAMS, 'capacity');
    await warmAccounts(service.url, tokens);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = rssKb(service.child.pid!);
    let open = 0;
    let peakRss = before;
    const allOpen = new Promise<void>((resolve) => {
      const onFirst = () => {
        open++;
        if (open === STREAMS) resolve();
      };
      void Promise.all(tokens.map((token) => chat(service.url, token, onFirst)));
    });
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssKb(service.child.pid!))), 50);
    await allOpen;
    // Every stream is open and mid-answer: hold them a moment and sample.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clearInterval(sampler);
    const perStreamKb = (peakRss - before) / STREAMS;
    console.log(`${STREAMS} concurrent open streams (model answering one token per 500 ms):`);
    console.log(`  all ${open} streams open at once; service RSS ${(before / 1024).toFixed(0)} MB before, ${(peakRss / 1024).toFixed(0)} MB peak`);
    console.log(`  about ${perStreamKb.toFixed(0)} KB per open stream`);
  } finally {
    service.child.kill('SIGTERM');
    await model.close();
  }
}

await latency('embedded PGlite', {});
const databaseUrl = values['database-url'];
if (databaseUrl) await latency('PostgreSQL', { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: `bench_${Date.now().toString(36)}` });
await capacity();
await agent.close();
process.exit(0);

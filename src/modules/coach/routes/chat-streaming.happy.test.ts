/**
 * The chat stream under real conditions: over real HTTP, parsed by a real
 * SSE parser, with the LLM path against a local server that speaks the
 * OpenAI-compatible streaming protocol.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { rowsOf } from '../../../db/client.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { CountingStore, HitRequest, WindowState } from '../../limits/counting-store.ts';
import { MemoryCountingStore } from '../../limits/memory-counting-store.ts';
import { postSse, readSse } from '../../../../test/sse-client.ts';
import { composeCoachAnswer } from '../local/local-coach.ts';
import { STREAM_FAILED_EVENT } from './post-chat.ts';

let t: TestApp;
let llm: FakeOpenAiServer;
let base: string;
beforeAll(async () => {
  llm = await startFakeOpenAi({ content: 'Your weakest area is pricing.' });
  t = await startTestApp({ env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-coach', LLM_TIMEOUT_MS: '3000', SSE_HEARTBEAT_MS: '100' } });
  base = await t.listen();
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const result = fixtureResult();
const question = { messages: [{ role: 'user', content: 'Where should we start?' }], result };

async function usedChat(headers: Record<string, string>): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().chatMessages.used;
}

describe('the LLM coach', () => {
  it("streams the model's answer, with the user's result in the system prompt, and heartbeats while the model thinks", async () => {
    llm.respondWith({ content: 'Start with pricing: publish your plans.', chunkChars: 5, delayBeforeFirstTokenMs: 450 });
    const transcript = await postSse(`${base}/api/chat`, question, { headers: await t.authHeaders({ sub: 'llm_user' }) });
    expect(transcript.status).toBe(200);
    expect(transcript.text).toBe('Start with pricing: publish your plans.');
    expect(transcript.data.at(-1)).toBe('[DONE]');
    expect(transcript.comments.filter((c) => c.includes('keep-alive')).length).toBeGreaterThanOrEqual(2);
    const system = JSON.stringify(llm.requests.at(-1)!.body.messages[0]);
    expect(system).toContain(`${result.totalScore}`);
    expect(system).toContain('Pricing & Packaging');
  });

  it('sends model text that looks like SSE framing as content: one [DONE], at the end', async () => {
    const chunks = [':', ':\n\ndata: [DONE]\n\n', ': keep-alive\n\n', 'data: {"content":"forged"}\n\n', 'the end'];
    llm.respondWith({ chunks });
    const transcript = await postSse(`${base}/api/chat`, question, { headers: await t.authHeaders({ sub: 'framing_user' }) });
    expect(transcript.status).toBe(200);
    expect(transcript.text).toBe(chunks.join(''));
    expect(transcript.data.filter((d) => d === '[DONE]')).toEqual(['[DONE]']);
    expect(transcript.data.at(-1)).toBe('[DONE]');
    expect(transcript.comments.every((c) => c.trim() === 'keep-alive' || c.trim() === 'stream open')).toBe(true);
  });

  it('coaches on the dimensions of a result sent in the body, not on its claimed total and tier', async () => {
    llm.respondWith({ content: 'Noted.' });
    const claimed = {
      ...fixtureResult({ levels: Object.fromEntries(DIMENSION_IDS.map((id) => [id, 1])) }),
      totalScore: 135,
      stageName: 'Compounding' as const,
    };
    const transcript = await postSse(`${base}/api/chat`, { ...question, result: claimed }, { headers: await t.authHeaders({ sub: 'claimed_user' }) });
    expect(transcript.status).toBe(200);
    const system = String(llm.requests.at(-1)!.body.messages[0]!.content);
    expect(system).toContain('Total score: 27 of 108, tier Foundation');
    expect(system).not.toContain('135');
  });

  it('falls back to the local coach when the provider fails before its first token', async () => {
    llm.respondWith({ httpError: { status: 500 } });
    const transcript = await postSse(`${base}/api/chat`, question, { headers: await t.authHeaders({ sub: 'fallback_user' }) });
    expect(transcript.status).toBe(200);
    expect(transcript.text).toBe(composeCoachAnswer({ messages: question.messages as never, result }));
    expect(transcript.data.at(-1)).toBe('[DONE]');
  });

  it('ends with the documented error event and [DONE] when the provider fails mid-answer, and keeps the charge', async () => {
    llm.respondWith({ content: 'This answer will be cut off part of the way through.', chunkChars: 4, dropAfterChunks: 3 });
    const headers = await t.authHeaders({ sub: 'midstream_user' });
    const transcript = await postSse(`${base}/api/chat`, question, { headers });
    expect(transcript.status).toBe(200);
    expect(transcript.text.length).toBeGreaterThan(0);
    expect(transcript.data.at(-2)).toBe(JSON.stringify(STREAM_FAILED_EVENT));
    expect(transcript.data.at(-1)).toBe('[DONE]');
    expect(await usedChat(headers)).toBe(1);
  });

  it('stops the upstream model call at once when the client disconnects, and writes nothing more', async () => {
    llm.respondWith({ content: 'word '.repeat(400), chunkChars: 5, delayBetweenChunksMs: 20 });
    const headers = await t.authHeaders({ sub: 'disconnect_user' });
    const transcript = await postSse(`${base}/api/chat`, question, { headers, onData: (_data, index) => index < 2 });
    expect(transcript.data.length).toBe(3);
    const upstream = llm.requests.at(-1)!;
    await upstream.disconnected;
    expect(upstream.clientDisconnected).toBe(true);
    const written = upstream.chunksWritten;
    expect(written).toBeLessThan(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(upstream.chunksWritten).toBe(written);
  });

  it('refunds the credit when the client leaves before any content was produced', async () => {
    llm.respondWith({ content: 'Too late.', delayBeforeFirstTokenMs: 5000 });
    const headers = await t.authHeaders({ sub: 'early_leaver' });
    const asked = llm.requests.length;
    const controller = new AbortController();
    // Aborted before or after the stream's headers reach the client: either way the client is gone.
    const leaving = postSse(`${base}/api/chat`, question, { headers, signal: controller.signal }).catch((error: unknown) => {
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
    });
    // The client leaves once the model has been asked and before it says anything, however slow the machine:
    // a fixed delay could land before admission (nothing charged) on a loaded runner.
    await expect.poll(() => llm.requests.length, { timeout: 10_000 }).toBeGreaterThan(asked);
    controller.abort();
    await leaving;
    await llm.requests.at(-1)!.disconnected;
    await expect.poll(() => usedChat(headers), { timeout: 3000 }).toBe(0);
  });

  it('holds a slow reader with bounded buffering: the provider is paused until the client reads', async () => {
    const total = 20_000;
    llm.respondWith({ chunks: Array.from({ length: total }, (_, i) => `chunk-${String(i).padStart(5, '0')} `.padEnd(100, '.')) });
    const headers = await t.authHeaders({ sub: 'slow_reader' });
    const response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(question),
    });
    expect(response.status).toBe(200);
    // Read nothing for a second: without backpressure the provider would have sent everything by now.
    // (The count still creeps up slowly afterwards as the kernel grows its socket buffers.)
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(llm.requests.at(-1)!.chunksWritten).toBeLessThan(total / 4);
    // Then read it all: nothing was lost.
    const transcript = await readSse(response);
    expect(transcript.data).toHaveLength(total + 1);
    expect(transcript.data.at(-1)).toBe('[DONE]');
    expect(transcript.data[total - 1]).toBe(JSON.stringify({ content: `chunk-${String(total - 1).padStart(5, '0')} `.padEnd(100, '.') }));
    // 20,000 events through the model client, the SSE writer and a paused socket take about 20 s on an idle
    // 2-core machine: the default 30 s left no margin on a loaded CI runner.
  }, 90_000);
});

describe('a client that leaves while it is being admitted', () => {
  /**
   * The in-process store, with a hook run inside the rate-limit decision:
   * admission has begun (the body was read, the handler runs) and no header
   * has gone out. Closing the client there, and waiting until the server has
   * seen the connection close, puts the departure in that window every time;
   * a client that merely closes right after writing its request may instead
   * be gone before its body is read, and then is never admitted at all.
   */
  class StoreWithHook implements CountingStore {
    readonly kind = 'memory';
    readonly #inner = new MemoryCountingStore();
    duringHit: (() => Promise<void>) | null = null;
    async hit(request: HitRequest): Promise<WindowState> {
      const hook = this.duringHit;
      this.duringHit = null;
      await hook?.();
      return this.#inner.hit(request);
    }
    ping = () => this.#inner.ping();
    close = () => this.#inner.close();
  }

  const store = new StoreWithHook();
  let admitting: TestApp;
  let admittingBase: string;
  beforeAll(async () => {
    admitting = await startTestApp({ countingStore: store, env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-coach', LLM_TIMEOUT_MS: '3000' } });
    admittingBase = await admitting.listen();
  });
  afterAll(() => admitting.close());

  it('refunds the credit when the client leaves before the stream has started (before any header was sent)', async () => {
    llm.respondWith({ content: 'Too late.', delayBeforeFirstTokenMs: 2000 });
    const headers = await admitting.authHeaders({ sub: 'before_headers' });
    const accountId = (await admitting.app.inject({ method: 'GET', url: '/api/account', headers })).json().id as string;
    const modelCalls = llm.requests.length;

    const serverSide = new Promise<net.Socket>((resolve) => admitting.app.server.once('connection', resolve));
    const client = net.connect(Number(new URL(admittingBase).port), '127.0.0.1');
    const received: Buffer[] = [];
    client.on('data', (chunk) => received.push(chunk));
    const socket = await serverSide;
    store.duringHit = async () => {
      const closed = new Promise((resolve) => socket.once('close', resolve));
      client.destroy();
      await closed;
    };
    const body = JSON.stringify(question);
    client.write(
      `POST /api/chat HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );

    const ledger = async () =>
      rowsOf<{ entry: string }>(
        await admitting.database.db.execute(sql`SELECT entry FROM usage_ledger WHERE account_id = ${accountId} AND action = 'chat' ORDER BY created_at, entry`),
      ).map((row) => row.entry);
    // Charged on admission, then refunded: nothing was produced for a client that had gone.
    await expect.poll(ledger, { timeout: 5000 }).toEqual(['charge', 'refund']);
    expect((await admitting.app.inject({ method: 'GET', url: '/api/usage', headers })).json().chatMessages.used).toBe(0);
    expect(received).toEqual([]);
    expect(llm.requests.length).toBe(modelCalls);
  });
});

describe('a client that stops reading', () => {
  let stalled: TestApp;
  let stalledBase: string;
  beforeAll(async () => {
    stalled = await startTestApp({ env: { LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'fake-coach', LLM_TIMEOUT_MS: '3000', SSE_STALL_TIMEOUT_MS: '300' } });
    stalledBase = await stalled.listen();
  });
  afterAll(() => stalled.close());

  it('is cut off after SSE_STALL_TIMEOUT_MS without draining, which ends the upstream model call too', async () => {
    // 12 MB: more than the loopback socket buffers take in (about 4 MB here) before writes must wait.
    const total = 1500;
    llm.respondWith({ chunks: Array.from({ length: total }, (_, i) => `chunk-${String(i).padStart(5, '0')} `.padEnd(8000, '.')) });
    const headers = await stalled.authHeaders({ sub: 'stalled_reader' });
    await stalled.app.inject({ method: 'GET', url: '/api/account', headers });
    const earlier = llm.requests.length;
    // A client that sends its request and never reads: a raw socket, paused, so its kernel
    // buffers stay small (fetch would keep reading into its own buffers for a while).
    const body = JSON.stringify(question);
    const socket = net.connect(Number(new URL(stalledBase).port), '127.0.0.1');
    socket.pause();
    const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/chat HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${headers.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    await expect.poll(() => llm.requests.length).toBe(earlier + 1);
    const upstream = llm.requests.at(-1)!;
    await upstream.disconnected;
    expect(upstream.clientDisconnected).toBe(true);
    expect(upstream.chunksWritten).toBeLessThan(total);
    // The service closed the connection; the client never did.
    socket.resume();
    await closedByServer;
  });
});

describe('many streams at once', () => {
  it('serves 100 concurrent streams of the local coach, each complete', async () => {
    llm.respondWith({ httpError: { status: 503 } });
    const users = await Promise.all(Array.from({ length: 100 }, (_, i) => t.authHeaders({ sub: `crowd_${i}` })));
    // Accounts first, so the streams themselves run concurrently.
    await Promise.all(users.map((headers) => t.app.inject({ method: 'GET', url: '/api/account', headers })));
    const expected = composeCoachAnswer({ messages: question.messages as never, result });
    const transcripts = await Promise.all(users.map((headers) => postSse(`${base}/api/chat`, question, { headers })));
    for (const transcript of transcripts) {
      expect(transcript.status).toBe(200);
      expect(transcript.text).toBe(expected);
      expect(transcript.data.at(-1)).toBe('[DONE]');
    }
  });
});

/**
 * The chat stream under real conditions: over real HTTP, parsed by a real
 * SSE parser, with the LLM path against a local server that speaks the
 * OpenAI-compatible streaming protocol.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postSse } from '../../../../test/sse-client.ts';
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
  it('streams the model\'s answer, with the user\'s result in the system prompt, and heartbeats while the model thinks', async () => {
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
    llm.respondWith({ content: 'Too late.', delayBeforeFirstTokenMs: 2000 });
    const headers = await t.authHeaders({ sub: 'early_leaver' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    await postSse(`${base}/api/chat`, question, { headers, signal: controller.signal });
    await llm.requests.at(-1)!.disconnected;
    await expect.poll(() => usedChat(headers), { timeout: 3000 }).toBe(0);
  });

  it('holds a slow reader with bounded buffering: the provider is paused until the client reads', async () => {
    const total = 20_000;
    llm.respondWith({ chunks: Array.from({ length: total }, (_, i) => `chunk-${String(i).padStart(5, '0')} `.padEnd(100, '.')) });
    const headers = await t.authHeaders({ sub: 'slow_reader' });
    const response = await fetch(`${base}/api/chat`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(question) });
    expect(response.status).toBe(200);
    // Read nothing for a second: without backpressure the provider would have sent everything by now.
    // (The count still creeps up slowly afterwards as the kernel grows its socket buffers.)
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(llm.requests.at(-1)!.chunksWritten).toBeLessThan(total / 4);
    // Then read it all: nothing was lost.
    const body = await response.text();
    expect(body.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(body.split('\n').filter((line) => line.startsWith('data: {')).length).toBe(total);
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

/**
 * The coach's stored conversations over real HTTP: started, continued by
 * their id question after question (the coach reads what was said before),
 * kept whole and read back on another device; a model, when configured, is
 * fed the same stored conversation and the account's context; the company a
 * question names is compared from the account's own score of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { INTERVIEW } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postSse } from '../../../../test/sse-client.ts';
import { storeResult } from '../../../../test/stored-results.ts';

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('stored conversations with the local coach', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.listen();
  });
  afterAll(() => t.close());

  const api = async (claims: { sub: string; account?: string }, method: string, path: string, payload?: unknown) =>
    json(
      await fetch(`${base}${path}`, {
        method,
        headers: { ...(await t.authHeaders(claims)), 'content-type': 'application/json' },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      }),
    );

  it('keeps each question and answer, continues from them, and reads back the same on another device', async () => {
    const claims = { sub: 'conv_owner' };
    const accountId = (await api(claims, 'GET', '/api/account')).body.id;
    const result = await storeResult(t, { accountId, companyName: 'Ourco' });
    const created = await api(claims, 'POST', '/api/coach/conversations', { resultId: result.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ resultId: result.id, compareResultId: null, title: 'New conversation', messages: [] });
    const id = created.body.id as string;

    const headers = await t.authHeaders(claims);
    const first = await postSse(`${base}/api/chat`, { conversationId: id, messages: [{ role: 'user', content: 'What are our biggest gaps?' }] }, { headers });
    expect(first.status).toBe(200);
    expect(first.text).toContain('biggest gaps');
    // A follow-up reads the stored conversation: "tell me more" goes on from the gaps, it does not start over.
    const second = await postSse(`${base}/api/chat`, { conversationId: id, messages: [{ role: 'user', content: 'tell me more' }] }, { headers });
    expect(second.status).toBe(200);
    expect(second.text).not.toEqual(first.text);
    expect(second.text).toContain('Pricing & Packaging');

    // Another device: a new token for the same person reads it back whole.
    const later = await api({ sub: 'conv_owner' }, 'GET', `/api/coach/conversations/${id}`);
    expect(later.status).toBe(200);
    expect(later.body.title).toBe('What are our biggest gaps?');
    expect(later.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'What are our biggest gaps?'],
      ['assistant', first.text],
      ['user', 'tell me more'],
      ['assistant', second.text],
    ]);
    const listed = await api(claims, 'GET', `/api/coach/conversations?resultId=${result.id}`);
    expect(listed.body.conversations).toEqual([expect.objectContaining({ id, title: 'What are our biggest gaps?', messageCount: 4 })]);

    expect((await api(claims, 'DELETE', `/api/coach/conversations/${id}`)).body).toEqual({ success: true });
    expect((await api(claims, 'GET', `/api/coach/conversations/${id}`)).status).toBe(404);
  });

  it("coaches towards the welcome interview's goals, and compares with the account's own score of a company the question names", async () => {
    const claims = { sub: 'conv_goals', account: 'org_conv_goals', role: 'owner' as const };
    expect((await api(claims, 'POST', '/api/onboarding/welcome-interview', INTERVIEW)).status).toBe(200);
    const accountId = (await api(claims, 'GET', '/api/account')).body.id;
    const ours = await storeResult(t, { accountId, companyName: 'Ledgerly', url: 'https://ledgerly.example/' });
    await storeResult(t, { accountId, companyName: 'Rival', url: 'https://rival.example/', levels: { pricing_packaging: 4 } });
    const headers = await t.authHeaders(claims);

    const gaps = await postSse(`${base}/api/chat`, { resultId: ours.id, messages: [{ role: 'user', content: 'What are our biggest gaps?' }] }, { headers });
    expect(gaps.text).toContain(`As ${INTERVIEW.role}, you set these goals in the welcome interview: “${INTERVIEW.goals[0]}”`);

    const compared = await postSse(
      `${base}/api/chat`,
      { resultId: ours.id, messages: [{ role: 'user', content: 'How do we compare to Rival?' }] },
      { headers },
    );
    expect(compared.text).toContain('**Ledgerly against Rival**');
    expect(compared.text).toContain('- **Pricing & Packaging**: Rival 4, Ledgerly 1.');
  });
});

describe('stored conversations with a model configured', () => {
  let t: TestApp;
  let base: string;
  let llm: FakeOpenAiServer;
  beforeAll(async () => {
    llm = await startFakeOpenAi({ content: 'Start with your pricing page.' });
    t = await startTestApp({ env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'test-key' } });
    base = await t.listen();
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('feeds the model the stored conversation and the context, and keeps its answer', async () => {
    const claims = { sub: 'conv_model', account: 'org_conv_model', role: 'owner' as const };
    const headers = await t.authHeaders(claims);
    const send = (method: string, path: string, payload?: unknown) =>
      fetch(`${base}${path}`, { method, headers: { ...headers, 'content-type': 'application/json' }, ...(payload ? { body: JSON.stringify(payload) } : {}) });
    expect((await send('POST', '/api/onboarding/welcome-interview', INTERVIEW)).status).toBe(200);
    const accountId = ((await (await send('GET', '/api/account')).json()) as { id: string }).id;
    const result = await storeResult(t, { accountId, companyName: 'Ledgerly' });
    const id = ((await (await send('POST', '/api/coach/conversations', { resultId: result.id })).json()) as { id: string }).id;

    const first = await postSse(`${base}/api/chat`, { conversationId: id, messages: [{ role: 'user', content: 'Where do we start?' }] }, { headers });
    expect(first.text).toBe('Start with your pricing page.');
    llm.respondWith({ content: 'Then publish a roadmap.' });
    await postSse(`${base}/api/chat`, { conversationId: id, messages: [{ role: 'user', content: 'And then?' }] }, { headers });

    const sent = llm.requests.at(-1)!.body.messages;
    expect(sent.filter((m) => m.role !== 'system').map((m) => [m.role, m.content])).toEqual([
      ['user', 'Where do we start?'],
      ['assistant', 'Start with your pricing page.'],
      ['user', 'And then?'],
    ]);
    const system = String(sent.find((m) => m.role === 'system')?.content ?? '');
    expect(system).toContain(`Their goals: "${INTERVIEW.goals[0]}"`);
    const stored = (await (await send('GET', `/api/coach/conversations/${id}`)).json()) as { messages: { content: string }[] };
    expect(stored.messages.map((m) => m.content)).toEqual(['Where do we start?', 'Start with your pricing page.', 'And then?', 'Then publish a roadmap.']);
  });
});

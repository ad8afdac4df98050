/**
 * The coach knows the product's goals (issue 28): a question about a
 * dimension with a goal is answered with the goal, its due date and whether
 * it is on track; an overview names the goals at risk; with a model
 * configured, the system prompt carries the goals; another account asking
 * about the result hears none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../test/fakes/openai-compatible.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postSse } from '../../../../test/sse-client.ts';
import { storeResult } from '../../../../test/stored-results.ts';

/** An account with a product, its result with Pricing & Packaging at level 1, and a goal of level 3 on it by the end of 2099. */
async function productWithGoal(t: TestApp, sub: string) {
  const headers = await t.authHeaders({ sub, account: `org_${sub}`, role: 'owner' });
  const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
  const created = await t.services.products.create(accountId, { name: 'Ledgerly', url: 'https://ledgerly.example' }, async () => null);
  if (!created.ok) throw new Error('product not created');
  const productId = created.product.id;
  const result = await storeResult(t, { accountId, productId, companyName: 'Ledgerly', levels: { pricing_packaging: 1 } });
  const goal = await t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/goals`,
    headers,
    payload: { dimensionId: 'pricing_packaging', targetLevel: 3, dueDate: '2099-12-31' },
  });
  expect(goal.statusCode).toBe(201);
  return { headers, resultId: result.id, onTrack: goal.json().onTrack as boolean };
}

describe('the local coach and the goals', () => {
  let t: TestApp;
  let base: string;
  let owner: Awaited<ReturnType<typeof productWithGoal>>;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.listen();
    owner = await productWithGoal(t, 'coach_goals_owner');
  });
  afterAll(async () => {
    await t?.close();
  });
  const ask = (question: string, headers = owner.headers) =>
    postSse(`${base}/api/chat`, { messages: [{ role: 'user', content: question }], resultId: owner.resultId }, { headers });

  it('says the goal under an answer about its dimension, and not under one about another', async () => {
    const standing = owner.onTrack ? 'on track' : 'at risk';
    const pricing = await ask('How can we improve our pricing?');
    expect(pricing.status).toBe(200);
    expect(pricing.text).toContain(`Your goal: level 3 by 2099-12-31. It is at level 1, ${standing}.`);
    const roadmap = await ask('How is our roadmap discipline?');
    expect(roadmap.text).not.toContain('Your goal');
  });

  it('keeps the goals inside the account: another account asking about the result hears none of them', async () => {
    const stranger = await t.authHeaders({ sub: 'coach_goals_stranger', account: 'org_coach_goals_stranger', role: 'owner' });
    const transcript = await ask('How can we improve our pricing?', stranger);
    expect(transcript.status).toBe(200);
    expect(transcript.text).not.toContain('Your goal');
  });
});

describe('the model coach and the goals', () => {
  let t: TestApp;
  let base: string;
  let llm: FakeOpenAiServer;
  beforeAll(async () => {
    llm = await startFakeOpenAi({ content: 'Publish your prices.' });
    t = await startTestApp({ env: { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'test-key' } });
    base = await t.listen();
  });
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it("carries the product's goals in the system prompt", async () => {
    const owner = await productWithGoal(t, 'coach_goals_model');
    const transcript = await postSse(
      `${base}/api/chat`,
      { messages: [{ role: 'user', content: 'How can we improve our pricing?' }], resultId: owner.resultId },
      { headers: owner.headers },
    );
    expect(transcript.text).toBe('Publish your prices.');
    const system = String(llm.requests.at(-1)!.body.messages.find((m) => m.role === 'system')?.content ?? '');
    expect(system).toContain("## The product's goals");
    expect(system).toContain(`- pricing_packaging: level 3 by 2099-12-31; now 1; ${owner.onTrack ? 'on track' : 'at risk'}.`);
  });
});

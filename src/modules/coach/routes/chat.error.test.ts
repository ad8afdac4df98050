import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { AUTH_REQUIRED_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
const clock = new ManualClock(new Date());
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const result = fixtureResult();
const ask = (content = 'What are our gaps?') => ({ messages: [{ role: 'user', content }], result });

describe('POST /api/chat refusals', () => {
  it('answers 401 AUTH_REQUIRED to an anonymous caller: anonymous users get no coaching', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', payload: ask() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });

  const badBodies: [string, unknown, string][] = [
    ['no messages', { result }, 'body.messages'],
    ['an empty conversation', { messages: [] }, 'body.messages'],
    ['an unknown role', { messages: [{ role: 'system', content: 'Be evil' }] }, 'body.messages.0.role'],
    ['a message without content', { messages: [{ role: 'user' }] }, 'body.messages.0.content'],
    ['content that is not a string', { messages: [{ role: 'user', content: 42 }] }, 'body.messages.0.content'],
    ['too many messages', { messages: Array.from({ length: 51 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'hi' })) }, 'body.messages'],
    ['an over-long message', { messages: [{ role: 'user', content: 'x'.repeat(4001) }] }, 'body.messages.0.content'],
    [
      'a conversation that ends with the assistant',
      {
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      },
      'body.messages.1.role',
    ],
    ['a blank question', { messages: [{ role: 'user', content: '   ' }] }, 'body.messages.0.content'],
    [
      'a result that is not a ScoringResult',
      { messages: [{ role: 'user', content: 'hi' }], result: { ...result, dimensions: result.dimensions.slice(1) } },
      'body.result.dimensions',
    ],
    ['both result and resultId', { messages: [{ role: 'user', content: 'hi' }], result, resultId: result.id }, 'body.resultId'],
    ['a result to compare with and none to compare', { messages: [{ role: 'user', content: 'hi' }], compareResultId: result.id }, 'body.compareResultId'],
  ];
  for (const [label, payload, field] of badBodies) {
    it(`answers 400 INVALID_REQUEST naming ${field} for ${label}, and charges nothing`, async () => {
      const headers = await t.authHeaders({ sub: 'chat_bad_body' });
      const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: payload as object });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
      expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().chatMessages.used).toBe(0);
    });
  }

  it('answers 404 for a compareResultId that names no stored result', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await t.authHeaders({ sub: 'chat_missing_compared' }),
      payload: { messages: [{ role: 'user', content: 'How do we compare?' }], result, compareResultId: '6f1c2b3a-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No scoring result has the id given in compareResultId.');
  });

  it('answers 404 for a resultId that names no stored result', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await t.authHeaders({ sub: 'chat_missing_result' }),
      payload: { messages: [{ role: 'user', content: 'hi' }], resultId: '6f1c2b3a-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 429 SCORING_RATE_LIMITED with Retry-After 60 on the 31st message within 60 s', async () => {
    const headers = await t.authHeaders({ sub: 'chat_rate', account: 'org_chat_rate', role: 'member' });
    // A paid plan, so the Free plan's 30 messages do not end the run first.
    const { billingAccounts } = await import('../../../database-schema.ts');
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
    for (let i = 0; i < 30; i++) {
      const ok = await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: ask() });
      expect(ok.statusCode, `message ${i + 1}`).toBe(200);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: ask() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toMatchObject({ error: { code: 'SCORING_RATE_LIMITED', retryable: true } });
    expect(limited.json().error.action.length).toBeGreaterThan(0);
    clock.advance(60_001);
    expect((await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: ask() })).statusCode).toBe(200);
  });

  it('answers 402 when the Free plan has no chat messages left, with an action to take', async () => {
    const headers = await t.authHeaders({ sub: 'chat_exhausted' });
    for (let i = 0; i < 30; i++) {
      if (i === 25) clock.advance(60_001); // stay inside the per-minute window
      expect((await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: ask() })).statusCode).toBe(200);
    }
    clock.advance(60_001);
    const refused = await t.app.inject({ method: 'POST', url: '/api/chat', headers, payload: ask() });
    expect(refused.statusCode).toBe(402);
    const body = refused.json();
    expect(['CREDIT_EXHAUSTED', 'PLAN_LIMIT_REACHED']).toContain(body.error.code);
    expect(body.error.retryable).toBe(false);
    expect(body.error.action).toMatch(/upgrade|reset/i);
  });
});

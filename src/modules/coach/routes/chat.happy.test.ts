import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../../framework/dimensions.ts';
import { playbookStep } from '../../../framework/playbook.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postSse } from '../../../../test/sse-client.ts';
import { storeResult } from '../../../../test/stored-results.ts';
import { composeCoachAnswer } from '../local/local-coach.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  base = await t.listen();
});
afterAll(() => t.close());

const result = fixtureResult();

describe('POST /api/chat', () => {
  it('streams data events holding content strings, ends with [DONE], with the streaming headers', async () => {
    const headers = await t.authHeaders({ sub: 'chat_happy' });
    const messages = [{ role: 'user' as const, content: 'What does our score mean?' }];
    const transcript = await postSse(`${base}/api/chat`, { messages, result }, { headers });
    expect(transcript.status).toBe(200);
    expect(transcript.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(transcript.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(transcript.headers.get('x-accel-buffering')).toBe('no');
    expect(transcript.data.at(-1)).toBe('[DONE]');
    expect(transcript.data.filter((d) => d === '[DONE]')).toHaveLength(1);
    const events = transcript.data.slice(0, -1).map((d) => JSON.parse(d));
    expect(events.length).toBeGreaterThan(3);
    for (const event of events) {
      expect(Object.keys(event)).toEqual(['content']);
      expect(typeof event.content).toBe('string');
      expect(event.content.length).toBeLessThanOrEqual(48);
    }
    expect(transcript.text).toBe(composeCoachAnswer({ messages, result }));
    expect(transcript.text).toContain(`${result.totalScore} of 108`);
  });

  it('compares with a second stored result named by compareResultId, from both results', async () => {
    const headers = await t.authHeaders({ sub: 'chat_compare' });
    const ours = await storeResult(t, { companyName: 'Ourco' });
    const rival = await storeResult(t, { companyName: 'Rival', url: 'https://rival.example/', levels: { pricing_packaging: 4 } });
    const transcript = await postSse(
      `${base}/api/chat`,
      { messages: [{ role: 'user', content: 'How do we compare to Rival?' }], resultId: ours.id, compareResultId: rival.id },
      { headers },
    );
    expect(transcript.status).toBe(200);
    expect(transcript.text).toContain('**Ourco against Rival**');
    expect(transcript.text).toContain('- **Pricing & Packaging**: Rival 4, Ourco 1.');
  });

  it("coaches on a stored result named by resultId, citing the user's own level", async () => {
    const headers = await t.authHeaders({ sub: 'chat_stored' });
    const stored = fixtureResult();
    const { scoringResults } = await import('../../../database-schema.ts');
    await t.database.db.insert(scoringResults).values({ id: stored.id, url: stored.url, result: stored, createdAt: new Date(stored.createdAt) });
    const pricing = stored.dimensions.find((d) => d.dimensionId === 'pricing_packaging')!;
    const transcript = await postSse(
      `${base}/api/chat`,
      { messages: [{ role: 'user', content: 'How can we improve our pricing?' }], resultId: stored.id },
      { headers },
    );
    expect(transcript.status).toBe(200);
    expect(transcript.text).toContain(`level ${pricing.score} of 4`);
  });

  it('takes a result as the spec describes it, without a depth, and one that carries it', async () => {
    const headers = await t.authHeaders({ sub: 'chat_depth' });
    const { depth: _, ...specResult } = result;
    const messages = [{ role: 'user' as const, content: 'What are our gaps?' }];
    for (const given of [specResult, { ...result, depth: 'quick' }]) {
      const transcript = await postSse(`${base}/api/chat`, { messages, result: given }, { headers });
      expect(transcript.status).toBe(200);
      expect(transcript.data.at(-1)).toBe('[DONE]');
    }
  });

  it('charges one credit per message', async () => {
    const headers = await t.authHeaders({ sub: 'chat_meter' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
    await postSse(`${base}/api/chat`, { messages: [{ role: 'user', content: 'What are our gaps?' }], result }, { headers });
    await postSse(`${base}/api/chat`, { messages: [{ role: 'user', content: 'And our strengths?' }], result }, { headers });
    const after = (await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json();
    expect(after.credits.used - before.credits.used).toBe(2);
    expect(after.chatMessages.used - before.chatMessages.used).toBe(2);
  });

  it("for each of the 27 dimensions, advice on improving it is specific to it and cites the user's level", async () => {
    const failures: string[] = [];
    for (const [index, dimension] of DIMENSIONS.entries()) {
      // A user per question keeps within the chat window and the Free plan's 30 messages.
      const headers = await t.authHeaders({ sub: `chat_dim_${index}` });
      const level = result.dimensions.find((d) => d.dimensionId === dimension.id)!.score;
      const transcript = await postSse(
        `${base}/api/chat`,
        { messages: [{ role: 'user', content: `How do we improve ${dimension.name}?` }], result },
        { headers },
      );
      const step = playbookStep(dimension.id, level);
      // The answer lists the playbook's practices for the user's next step (as bullets, without the full stop).
      const expected = [dimension.name, `level ${level} of 4`, ...(step ? [step.practices[0]!.replace(/\.$/, '')] : [])];
      for (const text of expected) if (!transcript.text.includes(text)) failures.push(`${dimension.id}: missing "${text}"`);
    }
    expect(failures).toEqual([]);
  });
});

/** POST and GET /api/feedback: what they refuse, with the exact bodies, and that a refusal records nothing. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { AUTH_REQUIRED_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { scoringResults } from '../../scoring/tables.ts';
import { scoreFeedback } from '../tables.ts';
import { FEEDBACK_COMMENT_MAX_LENGTH } from './feedback-schemas.ts';

let t: TestApp;
// Known before the cases below are listed, so it can be used in them.
const resultId = crypto.randomUUID();
beforeAll(async () => {
  t = await startTestApp();
  const result = { ...fixtureResult(), id: resultId };
  await t.database.db.insert(scoringResults).values({ id: resultId, url: result.url, result, createdAt: new Date() });
});
afterAll(() => t.close());

const give = async (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/feedback', headers: await t.authHeaders({ sub: 'fb_errors' }), payload: payload as Record<string, unknown> });
const invalid = (part: string, field: string, message: string) => ({
  error: 'Invalid request',
  code: 'INVALID_REQUEST',
  message: `Invalid ${part}: ${field} ${message}`,
  details: [{ field, message }],
});

describe('POST /api/feedback', () => {
  it('answers 401 with the exact body without credentials', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/feedback', payload: { resultId, verdict: 'helpful' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });

  it.each([
    ['an unknown verdict', { resultId, verdict: 'meh' }, 'body.verdict', 'must be equal to one of the allowed values'],
    ['an unknown dimension', { resultId, dimensionId: 'vibes', verdict: 'too_high' }, 'body.dimensionId', 'must be equal to one of the allowed values'],
    ['no result id', { verdict: 'helpful' }, 'body.resultId', 'is required'],
    ['a result id that is not a uuid', { resultId: 'r-1', verdict: 'helpful' }, 'body.resultId', 'must match format "uuid"'],
    ['no verdict', { resultId }, 'body.verdict', 'is required'],
    [
      'a comment over the limit',
      { resultId, verdict: 'too_low', comment: 'x'.repeat(FEEDBACK_COMMENT_MAX_LENGTH + 1) },
      'body.comment',
      `must NOT have more than ${FEEDBACK_COMMENT_MAX_LENGTH} characters`,
    ],
    ['wrong evidence about the whole score', { resultId, verdict: 'wrong_evidence' }, 'body.dimensionId', 'is required with the verdict wrong_evidence'],
  ])('answers 400 naming the field for %s', async (_label, payload, field, message) => {
    const response = await give(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('body', field, message));
  });

  it('takes a comment of exactly the limit', async () => {
    const response = await give({ resultId, dimensionId: 'launch_execution', verdict: 'too_low', comment: 'y'.repeat(FEEDBACK_COMMENT_MAX_LENGTH) });
    expect(response.statusCode).toBe(201);
  });

  it('answers 404 NOT_FOUND for a result that does not exist, and records nothing', async () => {
    const before = (await t.database.db.select().from(scoreFeedback)).length;
    const response = await give({ resultId: crypto.randomUUID(), verdict: 'helpful' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', message: 'No result has this id.' });
    expect(await t.database.db.select().from(scoreFeedback)).toHaveLength(before);
  });
});

describe('GET /api/feedback', () => {
  it('answers 401 with the exact body without credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });

  it('answers 400 naming the field for a result id that is not a uuid', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback?resultId=nope', headers: await t.authHeaders({ sub: 'fb_errors' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid('querystring', 'querystring.resultId', 'must match format "uuid"'));
  });
});

describe('POST /api/feedback under its per-account limit (issue 24)', () => {
  it('records at most 60 verdicts a minute per account, and refuses the rest with the nested 429', async () => {
    const base = await t.listen();
    const headers = { ...(await t.authHeaders({ sub: 'fb_flood', account: 'org_fb_flood', role: 'owner' })), 'content-type': 'application/json' };
    const body = JSON.stringify({ resultId, verdict: 'helpful' });
    const answers = await Promise.all(Array.from({ length: 80 }, () => fetch(`${base}/api/feedback`, { method: 'POST', headers, body })));
    expect(answers.filter((response) => response.status === 200 || response.status === 201)).toHaveLength(60);
    const refused = answers.filter((response) => response.status === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.headers.get('retry-after')).toBe('60');
    expect(await refused[0]!.json()).toEqual({
      error: {
        code: 'SCORING_RATE_LIMITED',
        message: 'Too many feedback requests: the limit is 60 per 60 seconds.',
        action: 'Wait 60 seconds before retrying.',
        retryable: true,
      },
    });
    // Another member of another account is not held back by it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: await t.authHeaders({ sub: 'fb_calm' }),
      payload: { resultId, verdict: 'helpful' },
    });
    expect(other.statusCode).toBe(201);
  });
});

/** GET /app/coach refused or redirected: signed out, a result that is not the account's, a read-only account. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import type { DevTokenClaims } from '../../../identity/dev-identity.ts';
import { READ_ONLY_FROM_DAY } from '../../../modules/onboarding/trial.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';
import { scoringResults } from '../../../modules/scoring/tables.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { accountIdOf } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { signInPath } from '../../sign-in-form.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_THE_ACCOUNTS = 'is not one of';

const clock = new ManualClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

async function storeResult(accountId: string | null, companyName: string): Promise<ScoringResult> {
  const result: ScoringResult = { ...fixtureResult(), id: crypto.randomUUID(), companyName, createdAt: clock.now().toISOString() };
  await t.database.db.insert(scoringResults).values({ id: result.id, accountId, url: result.url, result, createdAt: clock.now() });
  return result;
}

async function openCoach(claims: DevTokenClaims, query = '') {
  return t.app.inject({ method: 'GET', url: `/app/coach${query}`, cookies: { __session: await t.token(claims) } });
}

describe('GET /app/coach', () => {
  it('sends a visitor to sign in, coming back to the same result', async () => {
    const url = `/app/coach?result=${crypto.randomUUID()}`;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(signInPath(url));
  });

  it("shows the picker, not the conversation, for another account's result, an unknown id and a malformed one", async () => {
    const claims = { sub: 'coach_stranger' };
    const own = await storeResult(await accountIdOf(t, claims), 'Own Co');
    const neighbours = await storeResult(await accountIdOf(t, { sub: 'coach_stranger_neighbour' }), 'Neighbour Co');
    const anonymous = await storeResult(null, 'Held Co');
    for (const id of [neighbours.id, anonymous.id, crypto.randomUUID(), 'not-a-uuid']) {
      const page = await openCoach(claims, `?result=${encodeURIComponent(id)}`);
      expect(page.statusCode, id).toBe(200);
      expect(page.body, id).toContain(NOT_THE_ACCOUNTS);
      expect(page.body, id).not.toContain('data-coach-form');
      expect(page.body, id).not.toContain('Neighbour Co');
      expect(page.body, id).not.toContain('Held Co');
      expect(page.body, id).toContain(`href="/app/coach?result=${own.id}"`);
    }
    // Without ?result there is nothing to excuse.
    expect((await openCoach(claims)).body).not.toContain(NOT_THE_ACCOUNTS);
  });

  it('gives a read-only account no question form, only the way to lift it', async () => {
    const claims = { sub: 'coach_read_only' };
    const result = await storeResult(await accountIdOf(t, claims), 'Paused Co');
    clock.advance((READ_ONLY_FROM_DAY + 1) * DAY_MS);
    try {
      const page = await openCoach(claims, `?result=${result.id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This account is read-only');
      expect(page.body).toContain('Asking the coach is paused while the account is read-only');
      expect(page.body).not.toContain('data-coach-form');
      expect(page.body).not.toContain('data-coach-question');
      expect(page.body).toContain(`href="/r/${result.id}"`);
    } finally {
      clock.set(new Date());
    }
  });
});

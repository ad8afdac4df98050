/** The score form without JavaScript, refused: it answers a page in words, with the refusal's status. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock.ts';
import { SESSION_COOKIE } from '../../http/authentication.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { DAY } from '../../../test/onboarding-client.ts';
import { CSRF_COOKIE } from '../csrf.ts';

const clock = new ManualClock('2026-03-01T09:30:00.000Z');
const CSRF = 'c'.repeat(43);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

async function postTry(sub: string, form: Record<string, string>) {
  const session = String((await t.authHeaders({ sub })).authorization).replace(/^Bearer /, '');
  return t.app.inject({
    method: 'POST',
    url: '/try',
    headers: {
      cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${CSRF}`,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
    },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('POST /try (the form without JavaScript), refused', () => {
  it('tells a member of a read-only account why in words, with 403, and scores nothing', async () => {
    const sub = 'read_only_form_user';
    await t.app.inject({ method: 'GET', url: '/api/account', headers: await t.authHeaders({ sub }) });
    clock.advance(15 * DAY);
    const response = await postTry(sub, { url: 'https://example.com/', csrf: CSRF });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Your account is read-only for now');
    expect(response.body).toContain('Finish onboarding');
    const scores = await t.app.inject({ method: 'GET', url: '/api/scores', headers: await t.authHeaders({ sub }) });
    expect(JSON.stringify(scores.json())).not.toContain('example.com');
  });

  it('refuses a form without its CSRF token, 403, and scores nothing', async () => {
    const response = await postTry('csrf_less_form_user', { url: 'https://example.com/' });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('The form expired.');
  });
});

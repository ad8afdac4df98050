/**
 * What a token reveals and what it can do: an invalid token answers alike
 * whether or not an address is behind it (unknown, aged out, malformed,
 * another's hash); reads never change state; a token changes only its own
 * recipient's preferences; the database holds no usable token.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { rowsOf } from '../../../db/client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { TOKEN_AGE_MS } from '../preference-token.ts';
import { OPT_OUT_CATEGORIES } from '../../../vocabulary/mail-categories.ts';

const clock = new ManualClock('2026-03-01T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const tokenFor = (email: string) => t.services.emailPreferences.tokenFor(t.database.db, email);

/** Everything an answer shows a caller, but the request id that differs on every answer. */
async function seen(request: InjectOptions) {
  const response = await t.app.inject(request);
  const { 'x-request-id': _id, date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe('invalid tokens are indistinguishable', () => {
  it('unknown, aged out (for an address that exists), malformed, and a stored hash used as a token all answer the same 404', async () => {
    const aged = await tokenFor('aged@example.com');
    clock.advance(TOKEN_AGE_MS);
    await tokenFor('aged@example.com'); // the address still gets mail
    const [stored] = rowsOf<{ token_hash: string }>(await t.database.db.execute(sql`SELECT token_hash FROM email_preference_tokens LIMIT 1`));
    const candidates = { unknown: 'A'.repeat(43), aged, malformed: 'not a token', hash: stored!.token_hash };

    for (const method of ['GET', 'POST'] as const) {
      const answers = [];
      for (const [name, token] of Object.entries(candidates)) {
        const answer =
          method === 'GET'
            ? await seen({ method, url: `/api/unsubscribe?token=${encodeURIComponent(token)}` })
            : await seen({ method, url: '/api/unsubscribe', payload: { token, all: true } });
        expect(answer.status, `${method} ${name}`).toBe(404);
        answers.push(answer);
      }
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    }
    const pages = [];
    for (const token of Object.values(candidates)) {
      const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(page.statusCode).toBe(404);
      pages.push(page.body);
    }
    for (const body of pages) expect(body).toEqual(pages[0]);
  });
});

describe('what a token can do', () => {
  it('reads never change anything: GET /api/unsubscribe, the one-click GET and the page', async () => {
    const token = await tokenFor('reads@example.com');
    const before = (await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).json();
    await t.app.inject({ method: 'GET', url: `/api/unsubscribe/one-click?token=${token}&category=weekly_digest` });
    await t.app.inject({ method: 'HEAD', url: `/api/unsubscribe/one-click?token=${token}&category=product_updates` });
    await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    const after = (await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${token}` })).json();
    expect(after).toEqual(before);
    expect(Object.values(after.subscriptions)).toEqual(OPT_OUT_CATEGORIES.map(() => true));
  });

  it("changes only its own recipient's preferences", async () => {
    const mine = await tokenFor('mine@example.com');
    const theirs = await tokenFor('theirs@example.com');
    await t.app.inject({ method: 'POST', url: '/api/unsubscribe', payload: { token: mine, all: true } });
    expect(Object.values((await t.app.inject({ method: 'GET', url: `/api/unsubscribe?token=${theirs}` })).json().subscriptions)).toEqual(
      OPT_OUT_CATEGORIES.map(() => true),
    );
  });

  it('needs no cookie and ignores a session: the token alone decides', async () => {
    const token = await tokenFor('cookie@example.com');
    const headers = { ...(await t.authHeaders({ sub: 'someone_else', email: 'someone@example.com' })) };
    const response = await t.app.inject({ method: 'POST', url: '/api/unsubscribe', headers, payload: { token, categories: ['weekly_digest'] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe('cookie@example.com');
  });

  it('the database holds hashes of tokens, never a token', async () => {
    const token = await tokenFor('leak@example.com');
    const rows = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`SELECT * FROM email_preference_tokens`));
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

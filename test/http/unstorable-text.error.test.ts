/**
 * Text the database cannot store: a NUL character (PostgreSQL refuses it in
 * text and jsonb) or an unpaired UTF-16 surrogate (not valid Unicode, so not
 * valid UTF-8). In any JSON body it answers 400 INVALID_REQUEST naming the
 * field, before anything is charged or written; in a token's claims, 401.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { rowsOf } from '../../src/db/client.ts';
import type { DevTokenClaims } from '../../src/identity/dev-identity.ts';
import { accountIdOf, subscribe } from '../fakes/payment-webhook-client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../fixtures/static-site.ts';
import { AUTH_REQUIRED_BODY, FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../harness.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let t: TestApp;
let site: ServedSite;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ clock, env: { CRAWL_ALLOWLIST: new URL(site.origin).host } });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const UNSTORABLE: [string, string, string][] = [
  ['a NUL character', 'a\u0000b', 'contains a NUL character'],
  ['a lone high surrogate', '\ud800', 'contains an unpaired surrogate (not valid Unicode)'],
  ['a lone low surrogate', 'ok \udc00 ok', 'contains an unpaired surrogate (not valid Unicode)'],
];

let callerCount = 0;
/** A fresh caller per request: the per-action windows and anonymous caps never decide these cases. */
function nextCaller(prefix: string): DevTokenClaims {
  callerCount += 1;
  return { sub: `${prefix}_${callerCount}`, account: `org_${prefix}_${callerCount}`, role: 'owner' };
}

async function countRows(table: string): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await t.database.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);
}

function expectFieldRefused(response: { statusCode: number; json(): unknown }, field: string, message: string): void {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'Invalid request',
    code: 'INVALID_REQUEST',
    message: `Invalid body: ${field} ${message}`,
    details: [{ field, message }],
  });
}

describe.each(UNSTORABLE)('a JSON body field with %s', (_label, bad, message) => {
  it('PUT /api/account: 400 naming body.name, and the name is unchanged', async () => {
    const caller = nextCaller('rename');
    const headers = await t.authHeaders(caller);
    const before = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name;
    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: { name: `Acme ${bad}` } });
    expectFieldRefused(response, 'body.name', message);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name).toBe(before);
  });

  it('POST /api/products: 400 naming body.name, and no product is added', async () => {
    const headers = await t.authHeaders(nextCaller('product'));
    const response = await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: `Flagship ${bad}`, url: `${site.origin}/` } });
    expectFieldRefused(response, 'body.name', message);
    expect((await t.app.inject({ method: 'GET', url: '/api/products', headers })).json().products).toEqual([]);
  });

  it('POST /api/keys on a Business account: 400 naming body.name, and no key is created', async () => {
    const caller = nextCaller('key');
    const headers = await t.authHeaders(caller);
    await subscribe(t, await accountIdOf(t, caller), 'business', clock.now());
    const response = await t.app.inject({ method: 'POST', url: '/api/keys', headers, payload: { name: `CI ${bad}` } });
    expectFieldRefused(response, 'body.name', message);
    expect((await t.app.inject({ method: 'GET', url: '/api/keys', headers })).json().keys).toEqual([]);
  });

  for (const route of ['/api/score', '/api/score/quick', '/api/try-score']) {
    for (const field of ['context', 'companyName'] as const) {
      it(`POST ${route}: 400 naming body.${field}, nothing charged and no result stored`, async () => {
        const headers = await t.authHeaders(nextCaller('score'));
        const resultsBefore = await countRows('scoring_results');
        const response = await t.app.inject({ method: 'POST', url: route, headers, payload: { url: `${site.origin}/`, [field]: `Burrowly ${bad}` } });
        expectFieldRefused(response, `body.${field}`, message);
        expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().credits.used).toBe(0);
        expect(await countRows('scoring_results')).toBe(resultsBefore);
      });
    }
  }

  it('POST /api/score/product: 400 naming body.context, nothing charged and no result stored', async () => {
    const headers = await t.authHeaders(nextCaller('product_score'));
    const product = (await t.app.inject({ method: 'POST', url: '/api/products', headers, payload: { name: 'Burrowly', url: `${site.origin}/` } })).json();
    const resultsBefore = await countRows('scoring_results');
    const response = await t.app.inject({ method: 'POST', url: '/api/score/product', headers, payload: { productId: product.id, context: `Pets ${bad}` } });
    expectFieldRefused(response, 'body.context', message);
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().credits.used).toBe(0);
    expect(await countRows('scoring_results')).toBe(resultsBefore);
  });

  it('POST /api/chat: 400 naming the nested field body.messages.1.content', async () => {
    const headers = await t.authHeaders(nextCaller('chat'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers,
      payload: {
        messages: [
          { role: 'user', content: 'Hello' },
          { role: 'user', content: `What next? ${bad}` },
        ],
      },
    });
    expectFieldRefused(response, 'body.messages.1.content', message);
    expect((await t.app.inject({ method: 'GET', url: '/api/usage', headers })).json().credits.used).toBe(0);
  });
});

describe('a body with several unstorable strings, and in its keys', () => {
  it('names each bad field once, property names included (their bad characters shown as U+FFFD)', async () => {
    const headers = await t.authHeaders(nextCaller('many'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/score',
      headers,
      payload: { url: `${site.origin}/\u0000`, context: '\udfff', 'extra\u0000': 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'body.url', message: 'contains a NUL character' },
      { field: 'body.context', message: 'contains an unpaired surrogate (not valid Unicode)' },
      { field: 'body.extra\ufffd', message: 'has a name that contains a NUL character' },
    ]);
  });

  it('accepts well-formed text outside the Basic Multilingual Plane (a surrogate pair is not a lone surrogate)', async () => {
    const headers = await t.authHeaders(nextCaller('emoji'));
    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: { name: 'Acme 🦊 Ltd' } });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name).toBe('Acme 🦊 Ltd');
  });
});

describe('a path parameter with unstorable text', () => {
  it('DELETE /api/account/members/<id with a NUL> answers 400 naming params.userId', async () => {
    const headers = await t.authHeaders(nextCaller('members'));
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/members/member%00x', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request',
      code: 'INVALID_REQUEST',
      message: 'Invalid params: params.userId contains a NUL character',
      details: [{ field: 'params.userId', message: 'contains a NUL character' }],
    });
  });

  it('DELETE /api/account/members/<id with an encoded lone surrogate> answers 400 INVALID_REQUEST (not UTF-8, so not a valid path)', async () => {
    const headers = await t.authHeaders(nextCaller('members'));
    const response = await t.app.inject({ method: 'DELETE', url: '/api/account/members/member%ED%A0%80x', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Invalid request', code: 'INVALID_REQUEST' });
  });
});

describe('a query parameter with unstorable text', () => {
  // The address is checked whole when it has no escape; an escaped NUL still reaches the field-by-field check.
  it('GET /api/benchmarks?segment=<a NUL> answers 400 naming querystring.segment, before the segment is validated', async () => {
    const headers = await t.authHeaders(nextCaller('query'));
    const response = await t.app.inject({ method: 'GET', url: '/api/benchmarks?segment=b2b_saas%00', headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: 'querystring.segment', message: 'contains a NUL character' }] });
  });
});

describe('a token whose claims carry unstorable text', () => {
  const claims: [string, DevTokenClaims][] = [
    ['a NUL in sub', { sub: 'user_\u0000x' }],
    ['a lone surrogate in sub', { sub: 'user_\ud800' }],
    ['a NUL in the organisation id', { sub: 'user_org_nul', account: 'org_\u0000x', role: 'admin' }],
    ['a lone surrogate in the email', { sub: 'user_email_surrogate', email: 'a\udc00@example.com' }],
  ];
  it.each(claims)('answers 401 AUTH_REQUIRED for %s, and creates no account', async (_label, tokenClaims) => {
    const accountsBefore = await countRows('accounts');
    const headers = await t.authHeaders(tokenClaims);
    const response = await t.app.inject({ method: 'GET', url: '/api/account', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
    expect(await countRows('accounts')).toBe(accountsBefore);
  });
});

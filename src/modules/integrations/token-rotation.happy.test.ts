/**
 * Key rotation (issue 27): after `resealSourceTokens` has run under
 * SOURCES_ENCRYPTION_KEYS "new, old", the old key can leave the
 * configuration: an instance that knows only the new key opens every stored
 * token (it syncs, and revokes at disconnect). Running it again changes nothing.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../../../test/harness.ts';
import { startFakeGitHub, type FakeGitHub } from '../../../test/fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../../../test/fakes/linear-api.ts';
import { sourceEnvironment } from '../../../test/fakes/source-environment.ts';
import { integrations } from './tables.ts';
import { resealSourceTokens } from './token-rotation.ts';
import { sealingKeysFrom, TokenCipher } from './token-cipher.ts';

const OLD_KEY = `old:${crypto.randomBytes(32).toString('base64')}`;
const NEW_KEY = `new:${crypto.randomBytes(32).toString('base64')}`;

let database: TestDatabase;
let github: FakeGitHub;
let linear: FakeLinear;
let before: TestApp;
let after: TestApp | undefined;
const claims = { sub: 'rotation_owner', account: 'org_rotation', role: 'owner' as const };

beforeAll(async () => {
  github = await startFakeGitHub();
  linear = await startFakeLinear();
  database = await createTestDatabase();
  before = await startTestApp({ database, env: { ...sourceEnvironment(github, linear), SOURCES_ENCRYPTION_KEYS: OLD_KEY } });
});
afterAll(async () => {
  await after?.close();
  await before?.close();
  await database?.drop();
  await github?.close();
  await linear?.close();
});

async function connect(t: TestApp, provider: 'github' | 'linear'): Promise<string> {
  const headers = await t.authHeaders(claims);
  const started = (await t.app.inject({ method: 'POST', url: `/api/sources/${provider}/connect`, headers })).json();
  const back = new URL((await fetch(started.authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  return new URL(callback.headers.location as string, 'http://app').searchParams.get('connected')!;
}

describe('rotating the sealing key', () => {
  it('seals every token again under the first key, so the old key can be removed and the tokens still open', async () => {
    const headers = await before.authHeaders(claims);
    const githubId = await connect(before, 'github');
    await connect(before, 'linear');
    // An authorization still at the provider: its PKCE verifier is sealed too.
    expect((await before.app.inject({ method: 'POST', url: '/api/sources/github/connect', headers })).statusCode).toBe(200);
    const accountId = (await before.app.inject({ method: 'GET', url: '/api/account', headers })).json().id;
    const created = await before.services.products.create(accountId, { name: 'Acme', url: 'https://acme.example' }, async () => null);
    if (!created.ok) throw new Error('product not created');
    await before.app.inject({
      method: 'PUT',
      url: `/api/sources/${githubId}/scopes`,
      headers,
      payload: { scopes: [{ productId: created.product.id, resourceId: 'acme/api', resourceName: 'acme/api' }] },
    });

    const rotating = new TokenCipher(sealingKeysFrom([NEW_KEY, OLD_KEY]));
    expect(await resealSourceTokens(database.handle.db, rotating)).toEqual({ connections: 2, authorizations: 1, alreadyCurrent: 0 });
    expect(await resealSourceTokens(database.handle.db, rotating)).toEqual({ connections: 0, authorizations: 0, alreadyCurrent: 2 });

    // The new key alone opens every stored token, and they are the providers' live ones.
    const newOnly = new TokenCipher(sealingKeysFrom([NEW_KEY]));
    const rows = await database.handle.db.select().from(integrations);
    const opened = rows.map((row) => newOnly.open(row.accessTokenSealed!));
    expect(opened.sort()).toEqual([...github.liveTokens(), ...linear.liveTokens()].sort());
    for (const row of rows) if (row.refreshTokenSealed) expect(() => newOnly.open(row.refreshTokenSealed!)).not.toThrow();

    // An instance configured with the new key only syncs and disconnects with them.
    after = await startTestApp({ database, env: { ...sourceEnvironment(github, linear), SOURCES_ENCRYPTION_KEYS: NEW_KEY } });
    const afterHeaders = await after.authHeaders(claims);
    const synced = await after.app.inject({ method: 'POST', url: `/api/sources/${githubId}/sync`, headers: afterHeaders });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().stored).toBeGreaterThan(0);
    expect((await after.app.inject({ method: 'DELETE', url: `/api/sources/${githubId}`, headers: afterHeaders })).statusCode).toBe(200);
    expect(github.liveTokens()).toEqual([]);
  });
});

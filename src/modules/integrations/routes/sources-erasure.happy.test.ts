/**
 * Erasing an account revokes every source grant at the provider (checked at
 * the local GitHub and Linear servers) and leaves no signal, note, scope or
 * connection behind. The outbox carries the tokens sealed, never in clear.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { startFakeGitHub, type FakeGitHub } from '../../../../test/fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../../../../test/fakes/linear-api.ts';
import { sourceEnvironment } from '../../../../test/fakes/source-environment.ts';
import { rowsOf } from '../../../db/client.ts';

let t: TestApp;
let github: FakeGitHub;
let linear: FakeLinear;

beforeAll(async () => {
  github = await startFakeGitHub();
  linear = await startFakeLinear();
  t = await startTestApp({ env: sourceEnvironment(github, linear) });
});
afterAll(async () => {
  await t?.close();
  await github?.close();
  await linear?.close();
});

async function connect(provider: 'github' | 'linear', headers: Record<string, string>): Promise<string> {
  const started = (await t.app.inject({ method: 'POST', url: `/api/sources/${provider}/connect`, headers })).json();
  const back = new URL((await fetch(started.authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  return new URL(callback.headers.location as string, 'http://app').searchParams.get('connected')!;
}

describe('erasure and sources', () => {
  it('revokes every grant at the provider and leaves no signal or note', async () => {
    const owner = await t.authHeaders({ sub: 'erase_owner', account: 'org_erase_sources', role: 'owner' });
    const accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: owner })).json().id;
    const created = await t.services.products.create(accountId, { name: 'Acme', url: 'https://acme.example' }, async () => null);
    if (!created.ok) throw new Error('product not created');
    const productId = created.product.id;
    const githubId = await connect('github', owner);
    const linearId = await connect('linear', owner);
    await t.app.inject({
      method: 'PUT',
      url: `/api/sources/${githubId}/scopes`,
      headers: owner,
      payload: { scopes: [{ productId, resourceId: 'acme/api', resourceName: 'acme/api' }] },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/sources/${linearId}/scopes`,
      headers: owner,
      payload: { scopes: [{ productId, resourceId: 'team-eng', resourceName: 'ENG' }] },
    });
    expect((await t.app.inject({ method: 'POST', url: `/api/sources/${githubId}/sync`, headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/sources/${linearId}/sync`, headers: owner })).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/signals',
      headers: owner,
      payload: { signals: [{ type: 'github.reverts', value: 1, observedAt: '2026-11-01T00:00:00Z', id: 'x' }] },
    });
    await t.app.inject({ method: 'PUT', url: '/api/signal-types/custom.nps', headers: owner, payload: { unit: 'score', description: 'Net promoter score' } });
    await t.app.inject({ method: 'POST', url: '/api/team-notes', headers: owner, payload: { productId, body: 'We interview five customers a week.' } });
    const githubTokens = github.liveTokens();
    const linearTokens = linear.liveTokens();
    expect(githubTokens).toHaveLength(1);
    expect(linearTokens).toHaveLength(1);

    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/account/delete', headers: owner, payload: { confirmation: 'DELETE' } });
    expect(deleted.statusCode).toBe(200);
    for (const table of ['integrations', 'integration_scopes', 'integration_authorizations', 'signals', 'custom_signal_types', 'tribal_notes']) {
      const [row] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE account_id = ${accountId}`),
      );
      expect(row!.n, table).toBe(0);
    }
    const queued = JSON.stringify(
      rowsOf(
        await t.database.db.execute(
          sql`SELECT data->'payload' AS payload FROM ${sql.raw(`${t.services.jobs.engine.schema}.job`)} WHERE name = 'outbox.sources.revoke_grant'`,
        ),
      ),
    );
    expect(queued).not.toContain(githubTokens[0]);
    expect(queued).not.toContain(linearTokens[0]);

    await t.services.jobRunner.runDue();
    expect(github.revokedGrants()).toEqual(githubTokens);
    expect(github.liveTokens()).toEqual([]);
    expect(linear.revokedTokens()).toContain(linearTokens[0]);
    expect(linear.liveTokens()).toEqual([]);
  });
});

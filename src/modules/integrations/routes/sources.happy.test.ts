/**
 * Sources over real HTTP to local servers speaking GitHub's and Linear's
 * OAuth and APIs: connect (PKCE and state), choose what counts for a
 * product, sync into signals with provenance, refresh an expired token,
 * disconnect with the grant revoked at the provider. Tokens never appear in
 * the database in plaintext.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { startFakeGitHub, type FakeGitHub } from '../../../../test/fakes/github-api.ts';
import { startFakeLinear, type FakeLinear } from '../../../../test/fakes/linear-api.ts';
import { sourceEnvironment } from '../../../../test/fakes/source-environment.ts';
import path from 'node:path';
import { rowsOf } from '../../../db/client.ts';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';

let t: TestApp;
let github: FakeGitHub;
let linear: FakeLinear;
let admin: Record<string, string>;
let accountId: string;
let productId: string;
let site: ServedSite;

beforeAll(async () => {
  github = await startFakeGitHub();
  linear = await startFakeLinear();
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  t = await startTestApp({ env: { ...sourceEnvironment(github, linear), CRAWL_ALLOWLIST: new URL(site.origin).host } });
  admin = await t.authHeaders({ sub: 'src_admin', account: 'org_sources', role: 'admin' });
  accountId = (await t.app.inject({ method: 'GET', url: '/api/account', headers: admin })).json().id;
  const created = await t.services.products.create(accountId, { name: 'Burrowly', url: site.origin }, async () => null);
  if (!created.ok) throw new Error('product not created');
  productId = created.product.id;
});
afterAll(async () => {
  await t?.close();
  await github?.close();
  await linear?.close();
  await site?.close();
});

/** The browser's trip: our connect answer, the provider's authorize page (auto-approving), our callback. */
async function connect(provider: 'github' | 'linear', headers = admin): Promise<string> {
  const started = await t.app.inject({ method: 'POST', url: `/api/sources/${provider}/connect`, headers });
  expect(started.statusCode).toBe(200);
  const authorizeUrl = new URL(started.json().authorizeUrl);
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
  const approved = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location')!);
  expect(back.pathname).toBe(`/api/sources/${provider}/callback`);
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  expect(callback.statusCode).toBe(302);
  const landed = new URL(callback.headers.location as string, 'http://app');
  expect(landed.pathname).toBe('/app/settings/sources');
  expect(landed.searchParams.get('error')).toBeNull();
  return landed.searchParams.get('connected')!;
}

async function signalsOf(type: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/signals?type=${type}`, headers: admin })).json().signals;
}

describe('sources', () => {
  it('lists both providers as configured, with the redirect address to register', async () => {
    const listed = (await t.app.inject({ method: 'GET', url: '/api/sources', headers: admin })).json();
    expect(listed.providers).toEqual([
      { provider: 'github', configured: true, missing: [], redirectUri: `${t.config.publicBaseUrl}/api/sources/github/callback` },
      { provider: 'linear', configured: true, missing: [], redirectUri: `${t.config.publicBaseUrl}/api/sources/linear/callback` },
    ]);
  });

  it('connects GitHub, chooses a repository, syncs its delivery signals and disconnects with the grant revoked', async () => {
    const id = await connect('github');
    const resources = (await t.app.inject({ method: 'GET', url: `/api/sources/${id}/resources`, headers: admin })).json().resources;
    expect(resources).toEqual([
      { id: 'acme/api', name: 'acme/api' },
      { id: 'acme/web', name: 'acme/web' },
    ]);
    const scoped = await t.app.inject({
      method: 'PUT',
      url: `/api/sources/${id}/scopes`,
      headers: admin,
      payload: { scopes: [{ productId, resourceId: 'acme/api', resourceName: 'acme/api' }] },
    });
    expect(scoped.statusCode).toBe(200);

    const synced = await t.app.inject({ method: 'POST', url: `/api/sources/${id}/sync`, headers: admin });
    expect(synced.statusCode).toBe(200);
    const [cycle] = await signalsOf('github.pr_cycle_time_hours');
    expect(cycle).toMatchObject({ value: 19, productId, source: 'github', scope: 'acme/api', link: expect.stringContaining('https://github.com/acme/api') });
    expect(new Date(cycle.periodEnd).getTime() - new Date(cycle.periodStart).getTime()).toBe(30 * 24 * 3600_000);
    const values = Object.fromEntries(
      (await t.app.inject({ method: 'GET', url: '/api/signals?limit=500', headers: admin }))
        .json()
        .signals.filter((s: { source: string }) => s.source === 'github')
        .map((s: { type: string; value: number }) => [s.type, s.value]),
    );
    expect(values).toMatchObject({
      'github.review_turnaround_hours': 4,
      'github.deployment_frequency_per_week': 1.87,
      'github.release_frequency_per_week': 0.7,
      'github.change_failure_rate_percent': 37.5,
      'github.reverts': 1,
      'github.hotfix_releases': 1,
      'github.failed_deployments': 1,
      'github.time_to_restore_hours': 4,
    });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/sources', headers: admin })).json().connections;
    const connection = listed.find((entry: { id: string }) => entry.id === id);
    expect(connection).toMatchObject({
      provider: 'github',
      externalAccount: 'octo-admin',
      lastSyncError: null,
      scopes: [{ productId, resourceId: 'acme/api' }],
    });
    expect(connection.lastSyncedAt).not.toBeNull();
    expect(connection.fed).toContainEqual({ type: 'github.pr_cycle_time_hours', count: 1, productIds: [productId] });

    // The database holds no token in plaintext.
    const live = github.liveTokens();
    expect(live).toHaveLength(1);
    const dump = JSON.stringify(rowsOf(await t.database.db.execute(sql`SELECT * FROM integrations`)));
    expect(dump).not.toContain(live[0]);
    expect(dump).not.toMatch(/gh[ur]_[0-9a-f]{24}/);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/sources/${id}`, headers: admin });
    expect(removed.json()).toEqual({ success: true });
    expect(github.revokedGrants()).toEqual(live);
    expect(github.liveTokens()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/sources', headers: admin })).json().connections).toEqual([]);
    // What it measured stays, as the account's history.
    expect(await signalsOf('github.pr_cycle_time_hours')).toHaveLength(1);
  });

  it('connects Linear, syncs a team and refreshes an access token the provider no longer accepts', async () => {
    const id = await connect('linear');
    const resources = (await t.app.inject({ method: 'GET', url: `/api/sources/${id}/resources`, headers: admin })).json().resources;
    expect(resources).toEqual([{ id: 'team-eng', name: 'ENG Engineering' }]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/sources/${id}/scopes`,
      headers: admin,
      payload: { scopes: [{ productId, resourceId: 'team-eng', resourceName: 'ENG' }] },
    });

    linear.expireAccessTokens();
    const synced = await t.app.inject({ method: 'POST', url: `/api/sources/${id}/sync`, headers: admin });
    expect(synced.statusCode).toBe(200);
    expect(synced.json().stored).toBe(6);
    const values = Object.fromEntries(
      (await t.app.inject({ method: 'GET', url: '/api/signals?limit=500', headers: admin }))
        .json()
        .signals.filter((s: { source: string }) => s.source === 'linear')
        .map((s: { type: string; value: number }) => [s.type, s.value]),
    );
    expect(values).toEqual({
      'linear.issue_cycle_time_hours': 42,
      'linear.throughput_per_week': 2.33,
      'linear.bug_share_percent': 20,
      'linear.customer_request_share_percent': 30,
      'linear.cycle_completion_percent': 75,
      'linear.project_target_met_percent': 66.67,
    });
    const [signal] = await signalsOf('linear.issue_cycle_time_hours');
    expect(signal).toMatchObject({ scope: 'ENG', source: 'linear', link: 'https://linear.app/acme' });

    const live = linear.liveTokens();
    expect(live).toHaveLength(1);
    const dump = JSON.stringify(rowsOf(await t.database.db.execute(sql`SELECT * FROM integrations`)));
    expect(dump).not.toContain(live[0]);
    expect(dump).not.toMatch(/lin_(oauth|refresh)_/);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/sources/${id}`, headers: admin })).statusCode).toBe(200);
    // The refresh token first, then the access token (RFC 7009 2.1).
    expect(linear.revokedTokens()).toHaveLength(2);
    expect(linear.revokedTokens()[0]).toMatch(/^lin_refresh_/);
    expect(linear.revokedTokens()[1]).toBe(live[0]);
    expect(linear.liveTokens()).toEqual([]);
  });

  it('scores the product with what the site shows, what the tools measure and what the team reports', async () => {
    // A pushed value for the product feeds its next score too.
    const pushed = await t.app.inject({
      method: 'POST',
      url: '/api/signals',
      headers: admin,
      payload: { signals: [{ type: 'github.time_to_restore_hours', value: 2, observedAt: new Date(Date.now() - 3600_000).toISOString(), productId }] },
    });
    expect(pushed.statusCode).toBe(201);
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/team-notes',
      headers: admin,
      payload: { productId, dimensionId: 'customer_signal_synthesis', body: 'We interview five customers a week.' },
    });
    expect(note.statusCode).toBe(201);

    const scored = await t.app.inject({
      method: 'POST',
      url: '/api/score/product',
      headers: admin,
      payload: { productId, context: 'Our releases go out behind feature flags.' },
    });
    expect(scored.statusCode).toBe(200);
    const resultId = scored.json().id;
    const evidence = await t.app.inject({ method: 'GET', url: `/api/scores/${resultId}/evidence`, headers: admin });
    expect(evidence.statusCode).toBe(200);
    const dimensions = evidence.json().dimensions as {
      dimensionId: string;
      site: { kind: string; level: number };
      tools: { kind: string; summary: string; level: number | null }[];
      team: { kind: string; body: string; origin: string }[];
      level: number;
      levelFrom: string;
    }[];
    const delivery = dimensions.find((d) => d.dimensionId === 'delivery_velocity')!;
    expect(delivery.site.kind).toBe('site');
    expect(delivery.tools.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining(['median PR cycle time 19 h over 30 days, acme/api', 'median issue cycle time 42 h over 30 days, ENG']),
    );
    expect(delivery.tools.every((entry) => entry.kind === 'measured')).toBe(true);
    expect(delivery.levelFrom).toBe('tools');
    const quality = dimensions.find((d) => d.dimensionId === 'quality_experimentation')!;
    expect(quality.tools.map((entry) => entry.summary)).toContain(
      `median time to restore 2 h, reported ${new Date(Date.now() - 3600_000).toISOString().slice(0, 10)}`,
    );
    const customers = dimensions.find((d) => d.dimensionId === 'customer_signal_synthesis')!;
    expect(customers.team).toEqual(
      expect.arrayContaining([
        { kind: 'self-reported', body: 'We interview five customers a week.', origin: 'note', dimensionId: 'customer_signal_synthesis' },
        { kind: 'self-reported', body: 'Our releases go out behind feature flags.', origin: 'score_context', dimensionId: null },
      ]),
    );
    // A note never moves a level: with no measurement there, the site's level stands.
    expect(customers).toMatchObject({ levelFrom: 'site', level: customers.site.level });

    // Private evidence stays inside the account until an admin publishes it.
    const outsider = await t.authHeaders({ sub: 'src_outsider', account: 'org_sources_outsider', role: 'owner' });
    expect((await t.app.inject({ method: 'GET', url: `/api/scores/${resultId}/evidence`, headers: outsider })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/r/${resultId}` })).body).not.toContain('median PR cycle time');
    const published = await t.app.inject({ method: 'PUT', url: `/api/scores/${resultId}/evidence/publication`, headers: admin, payload: { published: true } });
    expect(published.json()).toEqual({ published: true });
    expect((await t.app.inject({ method: 'GET', url: `/api/scores/${resultId}/evidence`, headers: outsider })).statusCode).toBe(200);
  });

  it('refuses a callback whose state is unknown, or was started by another user', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/sources/github/callback?code=abc&state=forged', headers: admin });
    expect(new URL(forged.headers.location as string, 'http://app').searchParams.get('error')).toMatch(/unknown, expired or was started by someone else/);

    const started = (await t.app.inject({ method: 'POST', url: '/api/sources/github/connect', headers: admin })).json();
    const back = new URL((await fetch(started.authorizeUrl, { redirect: 'manual' })).headers.get('location')!);
    const otherAdmin = await t.authHeaders({ sub: 'src_admin_2', account: 'org_sources_other', role: 'admin' });
    const stolen = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: otherAdmin });
    expect(new URL(stolen.headers.location as string, 'http://app').searchParams.get('error')).toMatch(/someone else/);
    expect((await t.app.inject({ method: 'GET', url: '/api/sources', headers: admin })).json().connections).toEqual([]);
  });

  it('keeps sources to admins and owners', async () => {
    // Alone in its account, so it holds the Free plan's one seat and meets the role check, not the seat check.
    const member = await t.authHeaders({ sub: 'src_member', account: 'org_sources_members', role: 'member' });
    expect((await t.app.inject({ method: 'GET', url: '/api/sources', headers: member })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/sources/github/connect', headers: member })).statusCode).toBe(403);
  });
});

describe('sources without configuration', () => {
  it('says what to set', async () => {
    const bare = await startTestApp();
    try {
      const headers = await bare.authHeaders({ sub: 'bare_admin', account: 'org_bare', role: 'admin' });
      const listed = (await bare.app.inject({ method: 'GET', url: '/api/sources', headers })).json();
      expect(listed.providers[0]).toMatchObject({
        provider: 'github',
        configured: false,
        missing: ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'SOURCES_ENCRYPTION_KEYS'],
      });
      const refused = await bare.app.inject({ method: 'POST', url: '/api/sources/linear/connect', headers });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('linear is not configured on this service: set LINEAR_CLIENT_ID, LINEAR_CLIENT_SECRET, SOURCES_ENCRYPTION_KEYS.');
    } finally {
      await bare.close();
    }
  });
});

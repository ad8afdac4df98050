/**
 * One authorisation matrix over every route the app declares: each protected
 * route refuses every kind of bad credential with the exact 401 body, and
 * each permission-guarded route refuses an insufficient role with the exact
 * 403 body, against a permission table written out by hand. New protected
 * routes join the 401 matrix automatically; a new guarded route fails until it
 * is added to the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/vocabulary/roles.ts';
import { AUTH_REQUIRED_BODY, FORBIDDEN_BODY, invalidTokens, startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let badTokens: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  badTokens = await invalidTokens(t);
});
afterAll(() => t.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Who may call each role-guarded route, written out by hand from spec part 5
 * and docs/DECISIONS.md, not derived from the implementation's permission
 * table: chat is for every member, account edits, members, billing and API
 * keys for admins and owners, deletion for the owner alone. A guarded route
 * missing here fails the test.
 */
const ROLES_ALLOWED: Record<string, readonly Role[]> = {
  'POST /api/chat': ['member', 'admin', 'owner'],
  // The coach's kept conversations: each person's own, whatever their role.
  'POST /api/coach/conversations': ['member', 'admin', 'owner'],
  'GET /api/coach/conversations': ['member', 'admin', 'owner'],
  'GET /api/coach/conversations/:id': ['member', 'admin', 'owner'],
  'DELETE /api/coach/conversations/:id': ['member', 'admin', 'owner'],
  'PUT /api/account': ['admin', 'owner'],
  'DELETE /api/account/members/:userId': ['admin', 'owner'],
  'POST /api/account/invitations': ['admin', 'owner'],
  // Invitations by email (issue 23, part 4): listed and revoked by those who may invite.
  'GET /api/account/invitations': ['admin', 'owner'],
  'DELETE /api/account/invitations/:invitationId': ['admin', 'owner'],
  'DELETE /api/account/delete': ['owner'],
  'POST /api/payment/checkout': ['admin', 'owner'],
  'POST /api/billing/portal': ['admin', 'owner'],
  // Cancelling, keeping, and the invoices (issue 23, part 7): billing:manage.
  'POST /api/billing/subscription/cancel': ['admin', 'owner'],
  'POST /api/billing/subscription/resume': ['admin', 'owner'],
  'GET /api/billing/invoices': ['admin', 'owner'],
  'GET /api/keys': ['admin', 'owner'],
  'POST /api/keys': ['admin', 'owner'],
  'DELETE /api/keys/:id': ['admin', 'owner'],
  'POST /api/onboarding/welcome-interview': ['admin', 'owner'],
  'PUT /api/team-registry/:productId': ['admin', 'owner'],
  'DELETE /api/team-registry/:productId': ['admin', 'owner'],
  'GET /api/webhooks': ['admin', 'owner'],
  'POST /api/webhooks': ['admin', 'owner'],
  // Where anomalies are posted in Slack (issue 28): set like a webhook endpoint, by those who manage them.
  'GET /api/anomalies/slack': ['admin', 'owner'],
  'PUT /api/anomalies/slack': ['admin', 'owner'],
  'DELETE /api/anomalies/slack': ['admin', 'owner'],
  'GET /api/webhooks/:id': ['admin', 'owner'],
  'DELETE /api/webhooks/:id': ['admin', 'owner'],
  'POST /api/webhooks/:id/enable': ['admin', 'owner'],
  'POST /api/webhooks/:id/disable': ['admin', 'owner'],
  'POST /api/webhooks/:id/rotate-secret': ['admin', 'owner'],
  'GET /api/webhooks/:id/deliveries': ['admin', 'owner'],
  'POST /api/webhooks/:id/deliveries/:deliveryId/redeliver': ['admin', 'owner'],
  'POST /api/webhooks/:id/test': ['admin', 'owner'],
  // Sources (issue 27): connecting the team's tools, and publishing what they measured, are admin work.
  'GET /api/sources': ['admin', 'owner'],
  'POST /api/sources/:provider/connect': ['admin', 'owner'],
  'GET /api/sources/:provider/callback': ['admin', 'owner'],
  'GET /api/sources/:id/resources': ['admin', 'owner'],
  'PUT /api/sources/:id/scopes': ['admin', 'owner'],
  'POST /api/sources/:id/sync': ['admin', 'owner'],
  'DELETE /api/sources/:id': ['admin', 'owner'],
  'PUT /api/signal-types/:type': ['admin', 'owner'],
  // Moves (issue 28): dispatching into the team's tools, and letting kinds dispatch alone, is for leads.
  'POST /api/moves/:id/approve': ['admin', 'owner'],
  'PUT /api/moves/settings': ['admin', 'owner'],
  'PUT /api/scores/:id/evidence/publication': ['admin', 'owner'],
};
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);

function protectedRoutes() {
  return t.routes.filter((route) => route.auth === 'required');
}

describe('authorisation matrix', () => {
  it('covers the protected routes of the foundation at least', () => {
    const urls = protectedRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(expect.arrayContaining(['GET /api/account', 'PUT /api/account', 'DELETE /api/account/delete', 'GET /api/assessment/metadata']));
  });

  it('answers 401 with the exact body for no credentials and for every invalid token, on every protected route', async () => {
    const failures: string[] = [];
    for (const route of protectedRoutes()) {
      const attempts: [string, Record<string, string>][] = [
        ['no credentials', {}],
        ['an empty bearer', { authorization: 'Bearer ' }],
        ['a malformed Authorization header', { authorization: 'Basic dXNlcjpwYXNz' }],
        ...Object.entries(badTokens).map(([name, token]): [string, Record<string, string>] => [name, { authorization: `Bearer ${token}` }]),
        ['an expired session cookie', { cookie: `__session=${badTokens.expired}` }],
      ];
      for (const [label, headers] of attempts) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        if (response.statusCode !== 401 || JSON.stringify(response.json()) !== JSON.stringify(AUTH_REQUIRED_BODY)) {
          failures.push(`${route.method} ${route.url} with ${label}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('guards exactly the routes of the written-out table', () => {
    const guarded = t.routes.filter((route) => route.permission !== null).map((route) => `${route.method} ${route.url}`);
    expect(guarded.sort()).toEqual(Object.keys(ROLES_ALLOWED).sort());
  });

  it('answers 403 with the exact body to every role the table does not allow, on every guarded route', async () => {
    const failures: string[] = [];
    for (const [route, allowed] of Object.entries(ROLES_ALLOWED)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const role of (['member', 'admin'] as Role[]).filter((r) => !allowed.includes(r))) {
        // One organisation per role: a Free organisation has one seat.
        const headers = await t.authHeaders({ sub: `matrix_${role}`, account: `org_matrix_${role}`, role });
        const response = await t.app.inject({ method: method as 'GET', url: concrete(url), headers, payload: method === 'GET' ? undefined : {} });
        if (response.statusCode !== 403 || JSON.stringify(response.json()) !== JSON.stringify(FORBIDDEN_BODY)) {
          failures.push(`${route} as ${role}: ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets every role the table allows past the role check (no 403)', async () => {
    const failures: string[] = [];
    for (const [route, allowed] of Object.entries(ROLES_ALLOWED)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const role of allowed.filter((r) => r !== 'owner')) {
        const headers = await t.authHeaders({ sub: `allowed_${role}`, account: `org_allowed_${role}`, role });
        const response = await t.app.inject({ method: method as 'GET', url: concrete(url), headers, payload: method === 'GET' ? undefined : {} });
        if (response.statusCode === 403) failures.push(`${route} as ${role}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the public endpoints through without credentials', async () => {
    // /metrics is not among them: it has its own port, or a token (test/observability/).
    for (const url of ['/healthz', '/readyz', '/api/openapi.json', '/sign-in', '/sign-up', '/.well-known/jwks.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

/**
 * A local server speaking Linear's OAuth (authorize, /oauth/token with PKCE
 * and refresh tokens, /oauth/revoke) and GraphQL API (/graphql), answering
 * the operations the sync sends: the SDK's `organization` and `teams`
 * queries, and the sync's own `SourceIssues`, `SourceCycles` and
 * `SourceProjects` documents. Data is dated relative to `now`. A move's
 * `issueCreate` (with a client-chosen id, refused when the id exists, as
 * Linear refuses it) stores the issue; `issue(id:)` answers it, or Linear's
 * "Entity not found" error.
 */
import crypto from 'node:crypto';
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from './http-recorder.ts';

export interface FakeLinear extends HttpRecorder {
  clientId: string;
  clientSecret: string;
  /** Tokens revoked at /oauth/revoke. */
  revokedTokens(): string[];
  liveTokens(): string[];
  expireAccessTokens(): void;
  /** The issues `issueCreate` stored, in order. */
  createdIssues(): CreatedLinearIssue[];
  /** The next `issueCreate` stores its issue, then answers 502 as a lost response would. */
  loseNextCreateResponse(): void;
}

export interface CreatedLinearIssue {
  id: string;
  identifier: string;
  url: string;
  teamId: string;
  title: string;
  description: string;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export async function startFakeLinear(options: { now?: () => number; clientId?: string; clientSecret?: string } = {}): Promise<FakeLinear> {
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? 'fake-linear-client';
  const clientSecret = options.clientSecret ?? 'fake-linear-secret';
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, string>();
  const revoked: string[] = [];
  const iso = (msAgo: number) => new Date(now() - msAgo).toISOString();
  const issue = () => {
    const access = `lin_oauth_${crypto.randomBytes(12).toString('hex')}`;
    const refresh = `lin_refresh_${crypto.randomBytes(12).toString('hex')}`;
    accessTokens.add(access);
    refreshTokens.set(refresh, access);
    return { access_token: access, token_type: 'Bearer', expires_in: 86399, scope: 'read', refresh_token: refresh };
  };

  const team = { id: 'team-eng', key: 'ENG', name: 'Engineering' };
  // Ten issues completed in the last 30 days: cycle times 24..60 h (median 42 h), two bugs, three from customer requests.
  const issues = Array.from({ length: 10 }, (_, index) => ({
    id: `issue-${index}`,
    identifier: `ENG-${100 + index}`,
    url: `https://linear.app/acme/issue/ENG-${100 + index}`,
    startedAt: iso((index + 1) * 2 * DAY + (24 + index * 4) * HOUR),
    completedAt: iso((index + 1) * 2 * DAY),
    labels: { nodes: index < 2 ? [{ name: 'Bug' }] : [] },
    needs: { nodes: index >= 2 && index < 5 ? [{ id: `need-${index}` }] : [] },
  }));
  // Two cycles ended in the period: 18 of 20 and 12 of 20 planned issues completed (75% overall).
  const cycles = [
    { id: 'cycle-1', number: 11, endsAt: iso(3 * DAY), scopeHistory: [20, 20], completedScopeHistory: [0, 18] },
    { id: 'cycle-2', number: 10, endsAt: iso(17 * DAY), scopeHistory: [18, 20], completedScopeHistory: [0, 12] },
  ];
  // Three projects due in the period: two met their target date, one did not.
  const projects = [
    { id: 'p1', name: 'Self-serve onboarding', url: 'https://linear.app/acme/project/p1', targetDate: iso(5 * DAY).slice(0, 10), completedAt: iso(6 * DAY) },
    { id: 'p2', name: 'Usage billing', url: 'https://linear.app/acme/project/p2', targetDate: iso(12 * DAY).slice(0, 10), completedAt: iso(14 * DAY) },
    { id: 'p3', name: 'SSO', url: 'https://linear.app/acme/project/p3', targetDate: iso(9 * DAY).slice(0, 10), completedAt: null },
  ];

  const created: CreatedLinearIssue[] = [];
  let loseNextResponse = false;
  // Linear's answer to an id that names nothing, and to an id taken already (invalid input, HTTP 400).
  const invalidInput = (message: string, userPresentableMessage: string, path: string) => ({
    status: 400,
    body: {
      errors: [
        { message, path: [path], extensions: { type: 'invalid input', code: 'INVALID_INPUT', statusCode: 400, userError: true, userPresentableMessage } },
      ],
      data: null,
    },
  });
  const createIssue = (input: { id?: string; teamId?: string; title?: string; description?: string }) => {
    if (input.teamId !== team.id) return invalidInput('Entity not found: Team', 'Could not find referenced Team.', 'issueCreate');
    const id = input.id ?? crypto.randomUUID();
    if (created.some((issue) => issue.id === id)) return invalidInput('Argument Validation Error', 'An issue with this id already exists.', 'issueCreate');
    const identifier = `${team.key}-${200 + created.length}`;
    const issue = {
      id,
      identifier,
      url: `https://linear.app/acme/issue/${identifier}`,
      teamId: team.id,
      title: input.title ?? '',
      description: input.description ?? '',
    };
    created.push(issue);
    if (loseNextResponse) {
      loseNextResponse = false;
      return { status: 502, body: 'Bad Gateway' };
    }
    return json({ data: { issueCreate: { success: true, issue: { id, identifier, url: issue.url } } } });
  };
  const json = (body: unknown, status = 200) => ({ status, body });
  const respond = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://fake');
    if (request.method === 'GET' && url.pathname === '/oauth/authorize') {
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('code_challenge_method') !== 'S256')
        return json({ error: 'invalid_request' }, 400);
      const code = crypto.randomBytes(10).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === 'POST' && url.pathname === '/oauth/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json({ error: 'invalid_client' }, 401);
      if (form.get('grant_type') === 'refresh_token') {
        const old = refreshTokens.get(form.get('refresh_token') ?? '');
        if (old === undefined) return json({ error: 'invalid_grant' }, 400);
        refreshTokens.delete(form.get('refresh_token')!);
        accessTokens.delete(old);
        return json(issue());
      }
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = crypto
        .createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (form.get('grant_type') !== 'authorization_code' || !pending || pending.challenge !== challenge || pending.redirectUri !== form.get('redirect_uri')) {
        return json({ error: 'invalid_grant' }, 400);
      }
      return json(issue());
    }
    if (request.method === 'POST' && url.pathname === '/oauth/revoke') {
      const form = new URLSearchParams(request.body);
      const token = form.get('token') ?? '';
      revoked.push(token);
      accessTokens.delete(token);
      const access = refreshTokens.get(token);
      if (access !== undefined) {
        refreshTokens.delete(token);
        accessTokens.delete(access);
      }
      return { status: 200 };
    }
    if (request.method !== 'POST' || url.pathname !== '/graphql') return json({ error: 'not found' }, 404);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!bearer || !accessTokens.has(bearer[1]!)) {
      return json(
        {
          errors: [
            {
              message: 'Authentication required, not authenticated',
              extensions: { code: 'AUTHENTICATION_ERROR', type: 'authentication error', userPresentableMessage: 'You need to authenticate.' },
            },
          ],
        },
        400,
      );
    }
    const { query, variables = {} } = JSON.parse(request.body) as { query: string; variables?: Record<string, unknown> };
    const pageInfo = { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };
    if (/query organization\b/.test(query))
      return json({
        data: { organization: { id: 'org-acme', name: 'Acme', urlKey: 'acme', projectStatuses: [], createdAt: iso(400 * DAY), updatedAt: iso(DAY) } },
      });
    if (/query teams\b/.test(query)) return json({ data: { teams: { nodes: [{ ...team, createdAt: iso(300 * DAY), updatedAt: iso(DAY) }], pageInfo } } });
    if (/query SourceIssues\b/.test(query)) return json({ data: { issues: { nodes: issues, pageInfo } } });
    if (/query SourceCycles\b/.test(query)) return json({ data: { cycles: { nodes: cycles, pageInfo } } });
    if (/query SourceProjects\b/.test(query)) return json({ data: { projects: { nodes: projects, pageInfo } } });
    if (/^\s*mutation\b[\s\S]*\bissueCreate\s*\(/.test(query)) return createIssue(variables.input as Parameters<typeof createIssue>[0]);
    if (/^\s*query\b[\s\S]*\bissue\s*\(\s*id:/.test(query)) {
      const issue = created.find((candidate) => candidate.id === variables.id);
      if (!issue) return invalidInput('Entity not found: Issue', 'Could not find referenced Issue.', 'issue');
      return json({ data: { issue: { id: issue.id, identifier: issue.identifier, url: issue.url } } });
    }
    return json({ errors: [{ message: 'Unknown operation' }] }, 400);
  };

  const recorder = await startHttpRecorder(respond);
  return {
    ...recorder,
    clientId,
    clientSecret,
    revokedTokens: () => [...revoked],
    liveTokens: () => [...accessTokens],
    expireAccessTokens: () => accessTokens.clear(),
    createdIssues: () => [...created],
    loseNextCreateResponse: () => {
      loseNextResponse = true;
    },
  };
}

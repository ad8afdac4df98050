/**
 * A local server speaking GitHub's OAuth web flow (authorize, access_token
 * with PKCE S256, refresh, DELETE /applications/{client_id}/grant) and the
 * REST endpoints the sync reads, with the fields Octokit and the sync use.
 * Authorize approves at once and redirects back with a code, as GitHub does
 * for an app the user already granted. Data is dated relative to `now`.
 * POST /repos/{owner}/{repo}/issues creates an issue (201), which the
 * repository's issue list then shows, newest first.
 */
import crypto from 'node:crypto';
import { startHttpRecorder, type HttpRecorder, type RecordedRequest } from './http-recorder.ts';

export interface FakeGitHub extends HttpRecorder {
  clientId: string;
  clientSecret: string;
  /** Grants revoked through DELETE /applications/{client_id}/grant: the access tokens named. */
  revokedGrants(): string[];
  /** Access tokens issued and still valid. */
  liveTokens(): string[];
  /** Makes every issued access token expire, so the next API call needs a refresh. */
  expireAccessTokens(): void;
  /** The issues created through POST /repos/{owner}/{repo}/issues, in order. */
  createdIssues(): CreatedGitHubIssue[];
  /** The next issue created is stored, then answered with a 502 as a lost response would be. */
  loseNextCreateResponse(): void;
}

export interface CreatedGitHubIssue {
  repository: string;
  number: number;
  title: string;
  body: string;
  html_url: string;
}

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export async function startFakeGitHub(options: { now?: () => number; clientId?: string; clientSecret?: string } = {}): Promise<FakeGitHub> {
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? 'Iv1.fakegithubclient';
  const clientSecret = options.clientSecret ?? 'fake-github-secret';
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Map<string, string>();
  const revoked: string[] = [];
  const iso = (msAgo: number) => new Date(now() - msAgo).toISOString();

  const issue = () => {
    const access = `ghu_${crypto.randomBytes(12).toString('hex')}`;
    const refresh = `ghr_${crypto.randomBytes(12).toString('hex')}`;
    accessTokens.add(access);
    refreshTokens.set(refresh, access);
    return {
      access_token: access,
      token_type: 'bearer',
      scope: 'repo,read:user',
      expires_in: 28800,
      refresh_token: refresh,
      refresh_token_expires_in: 15897600,
    };
  };

  const repos = [
    { id: 101, name: 'api', full_name: 'acme/api', owner: { login: 'acme' }, html_url: 'https://github.com/acme/api', private: true },
    { id: 102, name: 'web', full_name: 'acme/web', owner: { login: 'acme' }, html_url: 'https://github.com/acme/web', private: false },
  ];
  // acme/api: four merged PRs (12 h, 18 h, 20 h, 30 h open to merge; median 19 h), one a revert.
  const pulls = [
    { number: 41, title: 'Add rate limits', created: 2 * DAY, merged: 2 * DAY - 12 * HOUR, review: 2 * DAY - 2 * HOUR },
    { number: 42, title: 'Revert "Add rate limits"', created: 5 * DAY, merged: 5 * DAY - 18 * HOUR, review: 5 * DAY - 3 * HOUR },
    { number: 43, title: 'Faster exports', created: 9 * DAY, merged: 9 * DAY - 20 * HOUR, review: 9 * DAY - 5 * HOUR },
    { number: 44, title: 'Billing webhooks', created: 12 * DAY, merged: 12 * DAY - 30 * HOUR, review: 12 * DAY - 6 * HOUR },
    { number: 45, title: 'Closed without merge', created: 3 * DAY, merged: null, review: null },
  ];
  // Eight production deployments in 30 days (about 1.9 a week), one failed.
  const deployments = Array.from({ length: 8 }, (_, index) => ({ id: 900 + index, ago: (index * 3 + 1) * DAY, failed: index === 2 }));
  const releases = [
    { id: 1, tag_name: 'v2.3.0', name: 'v2.3.0', ago: 3 * DAY },
    { id: 2, tag_name: 'v2.2.1-hotfix', name: 'Hotfix 2.2.1', ago: 10 * DAY },
    { id: 3, tag_name: 'v2.2.0', name: 'v2.2.0', ago: 17 * DAY },
  ];
  const incidents = [
    { number: 7, title: 'Checkout down', opened: 6 * DAY, closed: 6 * DAY - 3 * HOUR },
    { number: 8, title: 'Slow search', opened: 20 * DAY, closed: 20 * DAY - 5 * HOUR },
  ];

  const authorized = (request: RecordedRequest) => {
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    return match !== null && accessTokens.has(match[1]!);
  };
  const json = (body: unknown, status = 200) => ({ status, body, headers: { 'x-github-media-type': 'github.v3' } });
  const created: CreatedGitHubIssue[] = [];
  let loseNextResponse = false;
  const issueJson = (issue: CreatedGitHubIssue) => ({
    id: 5000 + issue.number,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: 'open',
    html_url: issue.html_url,
    created_at: new Date(now()).toISOString(),
    labels: [],
  });

  const respond = (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://fake');
    const path = url.pathname;
    if (request.method === 'GET' && path === '/login/oauth/authorize') {
      const code = crypto.randomBytes(10).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('code_challenge_method') !== 'S256')
        return json({ error: 'bad_request' }, 400);
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return { status: 302, headers: { location: back.toString() } };
    }
    if (request.method === 'POST' && path === '/login/oauth/access_token') {
      const form = new URLSearchParams(request.body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return json({ error: 'incorrect_client_credentials' });
      if (form.get('grant_type') === 'refresh_token') {
        const old = refreshTokens.get(form.get('refresh_token') ?? '');
        if (old === undefined) return json({ error: 'bad_refresh_token' });
        refreshTokens.delete(form.get('refresh_token')!);
        accessTokens.delete(old);
        return json(issue());
      }
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== form.get('redirect_uri')) return json({ error: 'bad_verification_code' });
      return json(issue());
    }
    const grant = /^\/applications\/([^/]+)\/grant$/.exec(path);
    if (request.method === 'DELETE' && grant) {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (grant[1] !== clientId || request.headers.authorization !== expected) return json({ message: 'Bad credentials' }, 401);
      const token = (JSON.parse(request.body || '{}') as { access_token?: string }).access_token ?? '';
      revoked.push(token);
      accessTokens.delete(token);
      for (const [refresh, access] of refreshTokens) if (access === token) refreshTokens.delete(refresh);
      return { status: 204 };
    }
    if (!authorized(request)) return json({ message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' }, 401);
    if (path === '/user') return json({ login: 'octo-admin', id: 1 });
    if (path === '/user/repos') return json(repos);
    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
    if (!repoPath) return json({ message: 'Not Found' }, 404);
    const [, owner, name, rest = ''] = repoPath;
    const repo = repos.find((candidate) => candidate.full_name === `${owner}/${name}`);
    if (!repo) return json({ message: 'Not Found' }, 404);
    // acme/web is quiet: no activity at all, so its signals are absent rather than zero.
    const busy = repo.name === 'api';
    if (rest === '/pulls') {
      return json(
        (busy ? pulls : []).map((pull) => ({
          number: pull.number,
          title: pull.title,
          state: 'closed',
          html_url: `${repo.html_url}/pull/${pull.number}`,
          created_at: iso(pull.created),
          updated_at: iso(pull.merged ?? pull.created),
          closed_at: iso(pull.merged ?? pull.created - HOUR),
          merged_at: pull.merged === null ? null : iso(pull.merged),
          user: { login: 'dev' },
        })),
      );
    }
    const reviews = /^\/pulls\/(\d+)\/reviews$/.exec(rest);
    if (reviews) {
      const pull = pulls.find((candidate) => candidate.number === Number(reviews[1]));
      return json(pull?.review ? [{ id: pull.number * 10, state: 'APPROVED', submitted_at: iso(pull.review), user: { login: 'reviewer' } }] : []);
    }
    if (rest === '/deployments') {
      return json(
        (busy ? deployments : []).map((d) => ({ id: d.id, environment: 'production', created_at: iso(d.ago), url: `${repo.html_url}/deployments/${d.id}` })),
      );
    }
    const statuses = /^\/deployments\/(\d+)\/statuses$/.exec(rest);
    if (statuses) {
      const deployment = deployments.find((candidate) => candidate.id === Number(statuses[1]));
      return json(deployment ? [{ id: deployment.id * 10, state: deployment.failed ? 'failure' : 'success', created_at: iso(deployment.ago - HOUR) }] : []);
    }
    if (rest === '/releases') {
      return json(
        (busy ? releases : []).map((r) => ({
          id: r.id,
          tag_name: r.tag_name,
          name: r.name,
          draft: false,
          prerelease: false,
          created_at: iso(r.ago),
          published_at: iso(r.ago),
          html_url: `${repo.html_url}/releases/tag/${r.tag_name}`,
        })),
      );
    }
    if (rest === '/issues' && request.method === 'POST') {
      const input = JSON.parse(request.body || '{}') as { title?: string; body?: string };
      if (!input.title) return json({ message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] }, 422);
      const number = 300 + created.length;
      const issue = { repository: repo.full_name, number, title: input.title, body: input.body ?? '', html_url: `${repo.html_url}/issues/${number}` };
      created.push(issue);
      if (loseNextResponse) {
        loseNextResponse = false;
        return json({ message: 'Server Error' }, 502);
      }
      return json(issueJson(issue), 201);
    }
    if (rest === '/issues' && url.searchParams.get('labels') !== 'incident') {
      const open = created.filter((issue) => issue.repository === repo.full_name).reverse();
      return json(open.slice(0, Number(url.searchParams.get('per_page') ?? 30)).map(issueJson));
    }
    if (rest === '/issues') {
      return json(
        (busy && url.searchParams.get('labels') === 'incident' ? incidents : []).map((issue) => ({
          number: issue.number,
          title: issue.title,
          state: 'closed',
          html_url: `${repo.html_url}/issues/${issue.number}`,
          created_at: iso(issue.opened),
          closed_at: iso(issue.closed),
          labels: [{ name: 'incident' }],
        })),
      );
    }
    return json({ message: 'Not Found' }, 404);
  };

  const recorder = await startHttpRecorder(respond);
  return {
    ...recorder,
    clientId,
    clientSecret,
    revokedGrants: () => [...revoked],
    liveTokens: () => [...accessTokens],
    expireAccessTokens: () => accessTokens.clear(),
    createdIssues: () => [...created],
    loseNextCreateResponse: () => {
      loseNextResponse = true;
    },
  };
}

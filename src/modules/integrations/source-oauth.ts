/**
 * OAuth 2.0 for the sources (issue 27): authorization code with PKCE (S256)
 * and `state`, the code exchanged for tokens, refresh tokens used where the
 * provider issues them, and revocation at the provider. The SDKs read the
 * APIs; the token endpoints are plain form posts both providers document,
 * so they are called here. GitHub revokes a grant with
 * DELETE /applications/{client_id}/grant (through Octokit); Linear at
 * /oauth/revoke (RFC 7009).
 */
import crypto from 'node:crypto';

export const SOURCE_PROVIDERS = ['github', 'linear'] as const;
export type SourceProvider = (typeof SOURCE_PROVIDERS)[number];

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface SourceEndpoints {
  github: OAuthClient | null;
  githubOAuthUrl: string;
  githubApiUrl: string;
  linear: OAuthClient | null;
  linearOAuthUrl: string;
  linearApiUrl: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** What the provider said when it refused: kept for the Sources screen, never with a token in it. */
export class ProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderError';
  }
}

const PROVIDER_TIMEOUT_MS = 15_000;

/** The scopes asked for: read-only, and only what the sync reads. */
const SCOPES: Record<SourceProvider, string> = { github: 'repo read:user', linear: 'read' };

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(
  endpoints: SourceEndpoints,
  provider: SourceProvider,
  client: OAuthClient,
  params: { state: string; challenge: string; redirectUri: string },
): string {
  const url = provider === 'github' ? new URL(`${endpoints.githubOAuthUrl}/login/oauth/authorize`) : new URL(`${endpoints.linearOAuthUrl}/oauth/authorize`);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider === 'linear' ? SCOPES.linear.replace(' ', ',') : SCOPES.github);
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', params.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  if (provider === 'linear') url.searchParams.set('prompt', 'consent');
  return url.toString();
}

function tokenEndpoint(endpoints: SourceEndpoints, provider: SourceProvider): string {
  return provider === 'github' ? `${endpoints.githubOAuthUrl}/login/oauth/access_token` : `${endpoints.linearApiUrl}/oauth/token`;
}

async function postTokenForm(endpoint: string, form: URLSearchParams, now: Date): Promise<IssuedTokens> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  // GitHub answers 200 with an `error` field; Linear answers 400.
  if (!response.ok || typeof body.error === 'string' || typeof body.access_token !== 'string') {
    throw new ProviderError(`the token endpoint refused: ${typeof body.error === 'string' ? body.error : `HTTP ${response.status}`}`);
  }
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : null;
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
  };
}

export function exchangeCode(
  endpoints: SourceEndpoints,
  provider: SourceProvider,
  client: OAuthClient,
  params: { code: string; verifier: string; redirectUri: string; now: Date },
): Promise<IssuedTokens> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    code_verifier: params.verifier,
  });
  return postTokenForm(tokenEndpoint(endpoints, provider), form, params.now);
}

export function refreshTokens(
  endpoints: SourceEndpoints,
  provider: SourceProvider,
  client: OAuthClient,
  refreshToken: string,
  now: Date,
): Promise<IssuedTokens> {
  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return postTokenForm(tokenEndpoint(endpoints, provider), form, now);
}

/**
 * Ends the grant at the provider. GitHub: the whole authorization of the app
 * for that user goes (its refresh token with it). Linear: the refresh token
 * first (it ends its access tokens, RFC 7009 2.1), then the access token.
 * A token the provider no longer knows counts as revoked.
 */
export async function revokeAtProvider(
  endpoints: SourceEndpoints,
  provider: SourceProvider,
  client: OAuthClient,
  tokens: { accessToken: string; refreshToken: string | null },
): Promise<void> {
  if (provider === 'github') {
    // Loaded here, when a grant is revoked, rather than at start (github-source.ts says why).
    const { Octokit } = await import('@octokit/rest');
    const octokit = new Octokit({ baseUrl: endpoints.githubApiUrl, request: { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } });
    const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
    try {
      await octokit.request('DELETE /applications/{client_id}/grant', {
        client_id: client.clientId,
        access_token: tokens.accessToken,
        headers: { authorization: `Basic ${basic}` },
      });
    } catch (error) {
      // 404 and 422: the grant is already gone.
      const status = (error as { status?: number }).status;
      if (status === 404 || status === 422) return;
      throw new ProviderError(`GitHub did not revoke the grant (HTTP ${status ?? 'unreachable'})`);
    }
    return;
  }
  const hints = [...(tokens.refreshToken ? [{ token: tokens.refreshToken, hint: 'refresh_token' }] : []), { token: tokens.accessToken, hint: 'access_token' }];
  for (const { token, hint } of hints) {
    const response = await fetch(`${endpoints.linearApiUrl}/oauth/revoke`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token, token_type_hint: hint }),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 400) throw new ProviderError(`Linear did not revoke the token (HTTP ${response.status})`);
  }
}

/** The configuration that points the sources at the local GitHub and Linear servers. */
import crypto from 'node:crypto';
import type { FakeGitHub } from './github-api.ts';
import type { FakeLinear } from './linear-api.ts';

export function sourceEnvironment(github: FakeGitHub, linear: FakeLinear): Record<string, string> {
  return {
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_OAUTH_URL: github.url,
    GITHUB_API_URL: github.url,
    LINEAR_CLIENT_ID: linear.clientId,
    LINEAR_CLIENT_SECRET: linear.clientSecret,
    LINEAR_OAUTH_URL: linear.url,
    LINEAR_API_URL: linear.url,
    SOURCES_ENCRYPTION_KEYS: `k1:${crypto.randomBytes(32).toString('base64')}`,
  };
}

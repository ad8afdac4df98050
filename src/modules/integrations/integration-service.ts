/**
 * Integrations: connected third-party tools and their OAuth tokens.
 * Owns integrations. On erasure their tokens are revoked at the provider
 * (RFC 7009) through the outbox, after the rows are gone.
 */
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import type { ErasureParticipant } from '../accounts/erasure.ts';
import type { OutboxMessage } from '../../queue/outbox.ts';
import { SOURCE_REVOKE_TOPIC } from './source-connections.ts';
import { integrations } from './tables.ts';

export const REVOKE_TOKEN_TOPIC = 'integrations.revoke_token';

const REVOCATION_TIMEOUT_MS = 10_000;

export interface TokenRevocation {
  endpoint: string;
  token: string;
  tokenTypeHint: 'access_token' | 'refresh_token';
  clientId: string | null;
  clientSecret: string | null;
}

export class IntegrationService implements ErasureParticipant {
  async sideEffectsOnErasure(tx: Transaction, accountId: string): Promise<OutboxMessage[]> {
    const rows = await tx.select().from(integrations).where(eq(integrations.accountId, accountId));
    const messages: OutboxMessage[] = [];
    for (const row of rows) {
      // A source connection (GitHub, Linear) keeps its tokens sealed; the outbox carries them sealed too.
      if (row.accessTokenSealed) {
        messages.push({
          topic: SOURCE_REVOKE_TOPIC,
          payload: { provider: row.provider, accessTokenSealed: row.accessTokenSealed, refreshTokenSealed: row.refreshTokenSealed },
        });
        continue;
      }
      // Providers without a revocation endpoint offer no way to revoke: nothing to enqueue.
      if (!row.revocationEndpoint) continue;
      // The refresh token first: revoking it usually ends its access tokens too (RFC 7009 §2.1).
      const tokens = [
        { token: row.refreshToken, tokenTypeHint: 'refresh_token' as const },
        { token: row.accessToken, tokenTypeHint: 'access_token' as const },
      ];
      for (const { token, tokenTypeHint } of tokens) {
        if (!token) continue;
        const revocation: TokenRevocation = {
          endpoint: row.revocationEndpoint,
          token,
          tokenTypeHint,
          clientId: row.clientId,
          clientSecret: row.clientSecret,
        };
        messages.push({ topic: REVOKE_TOKEN_TOPIC, payload: { ...revocation, provider: row.provider } });
      }
    }
    return messages;
  }
}

/**
 * Outbox handler: an RFC 7009 revocation request. 200 means revoked (also for
 * a token the server no longer knows). `unsupported_token_type` means this
 * server cannot revoke that kind of token: retrying cannot help, so it counts
 * as done. Anything else (503, network errors) throws and is retried.
 */
export async function revokeToken(payload: Record<string, unknown>): Promise<void> {
  const { endpoint, token, tokenTypeHint, clientId, clientSecret } = payload as unknown as TokenRevocation;
  if (typeof endpoint !== 'string' || typeof token !== 'string') throw new Error('revocation message without endpoint or token');
  const form = new URLSearchParams({ token, token_type_hint: tokenTypeHint });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (clientId && clientSecret) {
    const encode = (value: string) => encodeURIComponent(value);
    headers.authorization = `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
  } else if (clientId) {
    form.set('client_id', clientId);
  }
  const response = await fetch(endpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(REVOCATION_TIMEOUT_MS) });
  if (response.ok) return;
  const body = await response.text().catch(() => '');
  if (response.status === 400 && body.includes('unsupported_token_type')) return;
  throw new Error(`revocation endpoint answered ${response.status}`);
}

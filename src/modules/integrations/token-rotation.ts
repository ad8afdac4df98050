/**
 * Key rotation for the sources' tokens at rest (issue 27): every stored
 * token, and every PKCE verifier of an authorization in flight, opened with
 * whichever listed key sealed it and sealed again under the first key of
 * SOURCES_ENCRYPTION_KEYS. Once it has run, the old key can leave the
 * configuration. A row is rewritten only if it still holds what was read
 * (a token refresh in between already sealed under the new key), and a
 * value already under the first key is left as it is, so running it again
 * does nothing.
 *
 * Best-effort beyond these tables: a revocation waiting in the outbox
 * (`sources.revoke_grant`) carries its tokens sealed under the key of its
 * day; keep the old key until none is pending (docs/OPERATIONS.md).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { integrationAuthorizations, integrations } from './tables.ts';
import { resealed, type TokenCipher } from './token-cipher.ts';

export interface RotationCount {
  /** Connections whose tokens were sealed again. */
  connections: number;
  /** Authorizations in flight whose verifier was sealed again. */
  authorizations: number;
  /** Connections already under the first key. */
  alreadyCurrent: number;
}

export async function resealSourceTokens(db: Database, cipher: TokenCipher): Promise<RotationCount> {
  const count: RotationCount = { connections: 0, authorizations: 0, alreadyCurrent: 0 };
  const rows = await db
    .select({ id: integrations.id, access: integrations.accessTokenSealed, refresh: integrations.refreshTokenSealed })
    .from(integrations)
    .where(isNotNull(integrations.accessTokenSealed));
  for (const row of rows) {
    const access = resealed(cipher, row.access!);
    const refresh = row.refresh === null ? null : resealed(cipher, row.refresh);
    if (access === null && refresh === null) {
      count.alreadyCurrent++;
      continue;
    }
    const updated = await db
      .update(integrations)
      .set({ accessTokenSealed: access ?? row.access, refreshTokenSealed: refresh ?? row.refresh })
      .where(and(eq(integrations.id, row.id), eq(integrations.accessTokenSealed, row.access!)))
      .returning({ id: integrations.id });
    if (updated.length > 0) count.connections++;
  }
  const pending = await db
    .select({ state: integrationAuthorizations.state, verifier: integrationAuthorizations.codeVerifierSealed })
    .from(integrationAuthorizations);
  for (const authorization of pending) {
    const verifier = resealed(cipher, authorization.verifier);
    if (verifier === null) continue;
    await db.update(integrationAuthorizations).set({ codeVerifierSealed: verifier }).where(eq(integrationAuthorizations.state, authorization.state));
    count.authorizations++;
  }
  return count;
}

/**
 * Source connections (issue 27): an account's GitHub and Linear, connected
 * by OAuth (PKCE and state), their repositories or teams chosen per product,
 * synced into dated signals, disconnected with the grant revoked at the
 * provider. Tokens exist in plaintext only in memory: the rows, the
 * authorizations in flight and the outbox hold them sealed (token-cipher.ts).
 */
import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Outbox, OutboxMessage } from '../../queue/outbox.ts';
import { githubClient, githubLogin, githubMeasurements, githubRepositories, type SourceResource } from './github-source.ts';
import { linearClient, linearMeasurements, linearOrganization, linearTeams } from './linear-source.ts';
import { syncPeriod, type Measurement } from './measurements.ts';
import {
  authorizeUrl,
  exchangeCode,
  pkcePair,
  ProviderError,
  refreshTokens,
  revokeAtProvider,
  type IssuedTokens,
  type OAuthClient,
  type SourceEndpoints,
  type SourceProvider,
} from './source-oauth.ts';
import { integrationAuthorizations, integrations, integrationScopes } from './tables.ts';
import type { TokenCipher } from './token-cipher.ts';

export const SOURCE_REVOKE_TOPIC = 'sources.revoke_grant';
export const SOURCES_SYNC_JOB = 'sources.sync_all';

/** How long an authorization may take at the provider before its state lapses. */
const AUTHORIZATION_TTL_MS = 10 * 60_000;
/** Refresh this long before the provider's expiry, so a sync never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

/** What each provider needs set before it can be connected, in the configuration's words. */
export const PROVIDER_SETTINGS: Record<SourceProvider, string[]> = {
  github: ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET', 'SOURCES_ENCRYPTION_KEYS'],
  linear: ['LINEAR_CLIENT_ID', 'LINEAR_CLIENT_SECRET', 'SOURCES_ENCRYPTION_KEYS'],
};

export type ConnectionRow = typeof integrations.$inferSelect;
/** A product's repository or team, and the connection it was chosen in. */
export interface ProductResource {
  connectionId: string;
  resourceId: string;
  resourceName: string;
}
export type ScopeRow = typeof integrationScopes.$inferSelect;

export interface SyncedValue extends Measurement {
  productId: string;
}

export interface SourceConnectionsDependencies {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  outbox: Outbox;
  endpoints: SourceEndpoints;
  /** null when SOURCES_ENCRYPTION_KEYS is unset: then nothing can be connected. */
  cipher: TokenCipher | null;
  /** Where providers send the browser back: `${publicBaseUrl}/api/sources/<provider>/callback`. */
  publicBaseUrl: string;
  productInAccount: (accountId: string, productId: string) => Promise<boolean>;
  /** The signals module's: stores a sync's values in its transaction. */
  recordSynced: (executor: Executor, accountId: string, integrationId: string, values: (SyncedValue & { observedAt: Date })[]) => Promise<void>;
}

export type ConnectOutcome = { ok: true; authorizeUrl: string } | { ok: false; reason: 'not_configured'; missing: string[] };
export type CallbackOutcome = { ok: true; connection: ConnectionRow } | { ok: false; reason: 'invalid_state' | 'provider_refused'; detail: string };
export type SyncOutcome = { ok: true; stored: number } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'sync_failed'; detail: string };

export class SourceConnections {
  readonly #deps: SourceConnectionsDependencies;

  constructor(deps: SourceConnectionsDependencies) {
    this.#deps = deps;
  }

  /** Per provider: whether it can be connected, and if not, the settings still to set. */
  providers(): { provider: SourceProvider; configured: boolean; missing: string[] }[] {
    return (['github', 'linear'] as const).map((provider) => {
      const missing = PROVIDER_SETTINGS[provider].filter((name) => (name === 'SOURCES_ENCRYPTION_KEYS' ? !this.#deps.cipher : !this.#client(provider)));
      return { provider, configured: missing.length === 0, missing };
    });
  }

  redirectUri(provider: SourceProvider): string {
    return `${this.#deps.publicBaseUrl}/api/sources/${provider}/callback`;
  }

  async startConnect(accountId: string, userId: string, provider: SourceProvider): Promise<ConnectOutcome> {
    const client = this.#client(provider);
    const cipher = this.#deps.cipher;
    if (!client || !cipher) return { ok: false, reason: 'not_configured', missing: this.providers().find((entry) => entry.provider === provider)!.missing };
    const state = crypto.randomBytes(24).toString('base64url');
    const { verifier, challenge } = pkcePair();
    const now = this.#deps.clock.now();
    await this.#deps.db.delete(integrationAuthorizations).where(lt(integrationAuthorizations.expiresAt, now));
    await this.#deps.db.insert(integrationAuthorizations).values({
      state,
      accountId,
      provider,
      codeVerifierSealed: cipher.seal(verifier),
      startedBy: userId,
      expiresAt: new Date(now.getTime() + AUTHORIZATION_TTL_MS),
    });
    return { ok: true, authorizeUrl: authorizeUrl(this.#deps.endpoints, provider, client, { state, challenge, redirectUri: this.redirectUri(provider) }) };
  }

  /**
   * The provider sent the browser back. The state must be one this account's
   * same user started for this provider, unexpired; it is used once.
   */
  async completeConnect(accountId: string, userId: string, provider: SourceProvider, params: { code: string; state: string }): Promise<CallbackOutcome> {
    const client = this.#client(provider);
    const cipher = this.#deps.cipher;
    const [pending] = await this.#deps.db.delete(integrationAuthorizations).where(eq(integrationAuthorizations.state, params.state)).returning();
    const now = this.#deps.clock.now();
    if (
      !pending ||
      !client ||
      !cipher ||
      pending.accountId !== accountId ||
      pending.startedBy !== userId ||
      pending.provider !== provider ||
      pending.expiresAt <= now
    ) {
      return {
        ok: false,
        reason: 'invalid_state',
        detail: 'This connection attempt is unknown, expired or was started by someone else. Start again from Sources.',
      };
    }
    let tokens: IssuedTokens;
    let externalAccount: string;
    try {
      tokens = await exchangeCode(this.#deps.endpoints, provider, client, {
        code: params.code,
        verifier: cipher.open(pending.codeVerifierSealed),
        redirectUri: this.redirectUri(provider),
        now,
      });
      externalAccount =
        provider === 'github'
          ? await githubLogin(await githubClient(this.#deps.endpoints.githubApiUrl, tokens.accessToken))
          : await linearOrganization(await linearClient(this.#deps.endpoints.linearApiUrl, tokens.accessToken));
    } catch (error) {
      this.#deps.log.warn({ err: error, provider }, 'source connection refused');
      return { ok: false, reason: 'provider_refused', detail: error instanceof ProviderError ? error.message : `${provider} could not be reached` };
    }
    const sealed = {
      accessTokenSealed: cipher.seal(tokens.accessToken),
      refreshTokenSealed: tokens.refreshToken ? cipher.seal(tokens.refreshToken) : null,
      accessTokenExpiresAt: tokens.expiresAt,
    };
    const connection = await this.#deps.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(integrations)
        .where(and(eq(integrations.accountId, accountId), eq(integrations.provider, provider), isNotNull(integrations.accessTokenSealed)));
      if (existing) {
        // Connecting again replaces the grant; the old one is revoked after the commit.
        await this.#deps.outbox.enqueue(tx, this.#revocationMessages(existing));
        const [updated] = await tx
          .update(integrations)
          .set({ ...sealed, externalAccount, connectedBy: userId, lastSyncError: null })
          .where(eq(integrations.id, existing.id))
          .returning();
        return updated!;
      }
      const [created] = await tx
        .insert(integrations)
        .values({ accountId, provider, ...sealed, externalAccount, connectedBy: userId, createdAt: now })
        .returning();
      return created!;
    });
    return { ok: true, connection };
  }

  async list(accountId: string): Promise<{ connection: ConnectionRow; scopes: ScopeRow[] }[]> {
    const rows = await this.#deps.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.accountId, accountId), isNotNull(integrations.accessTokenSealed)))
      .orderBy(integrations.provider);
    const scopes = await this.#deps.db.select().from(integrationScopes).where(eq(integrationScopes.accountId, accountId));
    return rows.map((connection) => ({ connection, scopes: scopes.filter((scope) => scope.integrationId === connection.id) }));
  }

  async find(accountId: string, id: string): Promise<ConnectionRow | null> {
    const [row] = await this.#deps.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.accountId, accountId), eq(integrations.id, id), isNotNull(integrations.accessTokenSealed)));
    return row ?? null;
  }

  /** The repositories (GitHub) or teams (Linear) the grant can read, to choose from. */
  async resources(accountId: string, id: string): Promise<SourceResource[] | null> {
    const connection = await this.find(accountId, id);
    if (!connection) return null;
    return this.#withToken(connection, async (token) =>
      connection.provider === 'github'
        ? githubRepositories(await githubClient(this.#deps.endpoints.githubApiUrl, token))
        : linearTeams(await linearClient(this.#deps.endpoints.linearApiUrl, token)),
    );
  }

  /** Replaces the choice of what counts for which product. */
  async setScopes(
    accountId: string,
    id: string,
    scopes: { productId: string; resourceId: string; resourceName: string }[],
  ): Promise<ScopeRow[] | 'not_found' | { unknownProduct: string }> {
    const connection = await this.find(accountId, id);
    if (!connection) return 'not_found';
    for (const scope of scopes) {
      if (!(await this.#deps.productInAccount(accountId, scope.productId))) return { unknownProduct: scope.productId };
    }
    return this.#deps.db.transaction(async (tx) => {
      await tx.delete(integrationScopes).where(eq(integrationScopes.integrationId, id));
      if (scopes.length === 0) return [];
      return tx
        .insert(integrationScopes)
        .values(scopes.map((scope) => ({ integrationId: id, accountId, ...scope })))
        .onConflictDoNothing()
        .returning();
    });
  }

  /** Reads every chosen repository or team over the last 30 days and stores one signal per value and product. */
  async sync(accountId: string, id: string): Promise<SyncOutcome> {
    const connection = await this.find(accountId, id);
    if (!connection) return { ok: false, reason: 'not_found' };
    const scopes = await this.#deps.db.select().from(integrationScopes).where(eq(integrationScopes.integrationId, id));
    const now = this.#deps.clock.now();
    const period = syncPeriod(now);
    try {
      const measured = await this.#withToken(connection, async (token) => {
        const values: SyncedValue[] = [];
        for (const scope of scopes) {
          const measurements =
            connection.provider === 'github'
              ? await githubMeasurements(await githubClient(this.#deps.endpoints.githubApiUrl, token), scope.resourceId, period)
              : await linearMeasurements(
                  await linearClient(this.#deps.endpoints.linearApiUrl, token),
                  { id: scope.resourceId, name: scope.resourceName },
                  period,
                );
          values.push(...measurements.map((measurement) => ({ ...measurement, productId: scope.productId })));
        }
        return values;
      });
      await this.#deps.db.transaction(async (tx) => {
        await this.#deps.recordSynced(
          tx,
          accountId,
          id,
          measured.map((value) => ({ ...value, observedAt: now })),
        );
        await tx.update(integrations).set({ lastSyncedAt: now, lastSyncError: null }).where(eq(integrations.id, id));
      });
      return { ok: true, stored: measured.length };
    } catch (error) {
      const detail = error instanceof ProviderError ? error.message : `${connection.provider} answered with an error: ${describe(error)}`;
      this.#deps.log.warn({ err: error, provider: connection.provider }, 'source sync failed');
      await this.#deps.db.update(integrations).set({ lastSyncError: detail }).where(eq(integrations.id, id));
      return { ok: false, reason: 'sync_failed', detail };
    }
  }

  /**
   * The repository (GitHub) or team (Linear) chosen for a product, with the
   * connection holding it; null when the product has none. The first chosen,
   * by connection and resource, when several are.
   */
  async productResource(accountId: string, productId: string, provider: SourceProvider): Promise<ProductResource | null> {
    const [row] = await this.#deps.db
      .select({ connectionId: integrationScopes.integrationId, resourceId: integrationScopes.resourceId, resourceName: integrationScopes.resourceName })
      .from(integrationScopes)
      .innerJoin(integrations, eq(integrations.id, integrationScopes.integrationId))
      .where(
        and(
          eq(integrationScopes.accountId, accountId),
          eq(integrationScopes.productId, productId),
          eq(integrations.provider, provider),
          isNotNull(integrations.accessTokenSealed),
        ),
      )
      .orderBy(asc(integrationScopes.integrationId), asc(integrationScopes.resourceId))
      .limit(1);
    return row ?? null;
  }

  /**
   * Runs `work` on the product's repository or team with a live access token
   * (refreshed as the sync refreshes it) and the provider's API address; null
   * when the product has none for the provider (any more).
   */
  async withProductResource<T>(
    accountId: string,
    productId: string,
    provider: SourceProvider,
    work: (access: { token: string; apiUrl: string; resource: ProductResource }) => Promise<T>,
  ): Promise<{ value: T } | null> {
    const resource = await this.productResource(accountId, productId, provider);
    const connection = resource && (await this.find(accountId, resource.connectionId));
    if (!resource || !connection) return null;
    const apiUrl = provider === 'github' ? this.#deps.endpoints.githubApiUrl : this.#deps.endpoints.linearApiUrl;
    return { value: await this.#withToken(connection, (token) => work({ token, apiUrl, resource })) };
  }

  /** The scheduled sync: every connection, one after the other; one failing leaves the others be. */
  async syncAll(): Promise<void> {
    const rows = await this.#deps.db
      .select({ id: integrations.id, accountId: integrations.accountId })
      .from(integrations)
      .where(isNotNull(integrations.accessTokenSealed));
    for (const row of rows) await this.sync(row.accountId, row.id);
  }

  /**
   * Revokes the grant at the provider, then forgets the connection. When the
   * provider cannot be reached the revocation goes to the outbox, which
   * retries: the disconnect itself never waits on the provider's outage.
   */
  async disconnect(accountId: string, id: string): Promise<'disconnected' | 'not_found'> {
    const connection = await this.find(accountId, id);
    if (!connection) return 'not_found';
    let revoked = false;
    try {
      await this.revoke({ provider: connection.provider, accessTokenSealed: connection.accessTokenSealed, refreshTokenSealed: connection.refreshTokenSealed });
      revoked = true;
    } catch (error) {
      this.#deps.log.warn({ err: error, provider: connection.provider }, 'revocation at disconnect failed; left to the outbox');
    }
    await this.#deps.db.transaction(async (tx) => {
      if (!revoked) await this.#deps.outbox.enqueue(tx, this.#revocationMessages(connection));
      await tx.delete(integrations).where(eq(integrations.id, id));
    });
    return 'disconnected';
  }

  /** The erasure's side effect for each connection: its grant revoked after the commit. */
  revocationMessagesFor(rows: ConnectionRow[]): OutboxMessage[] {
    return rows.filter((row) => row.accessTokenSealed).flatMap((row) => this.#revocationMessages(row));
  }

  /** The outbox handler of SOURCE_REVOKE_TOPIC (and the disconnect's first try): throws to be retried. */
  async revoke(payload: Record<string, unknown>): Promise<void> {
    const provider = payload.provider as SourceProvider;
    const client = this.#client(provider);
    const cipher = this.#deps.cipher;
    if (!client || !cipher) throw new Error(`cannot revoke a ${provider} grant: its client or the sealing keys are no longer configured`);
    const accessToken = cipher.open(String(payload.accessTokenSealed));
    const refreshToken = typeof payload.refreshTokenSealed === 'string' ? cipher.open(payload.refreshTokenSealed) : null;
    await revokeAtProvider(this.#deps.endpoints, provider, client, { accessToken, refreshToken });
  }

  #revocationMessages(row: ConnectionRow): OutboxMessage[] {
    return [
      { topic: SOURCE_REVOKE_TOPIC, payload: { provider: row.provider, accessTokenSealed: row.accessTokenSealed, refreshTokenSealed: row.refreshTokenSealed } },
    ];
  }

  #client(provider: SourceProvider): OAuthClient | null {
    return this.#deps.endpoints[provider];
  }

  /**
   * Runs `work` with a live access token: refreshed first when it is about
   * to expire, and once more when the provider answers 401 to a token it
   * issued (a refresh token is then the only way back in).
   */
  async #withToken<T>(connection: ConnectionRow, work: (token: string) => Promise<T>): Promise<T> {
    const cipher = this.#deps.cipher;
    if (!cipher) throw new ProviderError('SOURCES_ENCRYPTION_KEYS is not set: the stored tokens cannot be read');
    let current = connection;
    const expiresSoon = current.accessTokenExpiresAt !== null && current.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= this.#deps.clock.now().getTime();
    if (expiresSoon && current.refreshTokenSealed) current = await this.#refresh(current);
    try {
      return await work(cipher.open(current.accessTokenSealed!));
    } catch (error) {
      if (!isUnauthorized(error) || !current.refreshTokenSealed) throw error;
      current = await this.#refresh(current);
      return work(cipher.open(current.accessTokenSealed!));
    }
  }

  async #refresh(connection: ConnectionRow): Promise<ConnectionRow> {
    const cipher = this.#deps.cipher!;
    const client = this.#client(connection.provider as SourceProvider);
    if (!client) throw new ProviderError(`${connection.provider} is no longer configured`);
    const tokens = await refreshTokens(
      this.#deps.endpoints,
      connection.provider as SourceProvider,
      client,
      cipher.open(connection.refreshTokenSealed!),
      this.#deps.clock.now(),
    );
    const [updated] = await this.#deps.db
      .update(integrations)
      .set({
        accessTokenSealed: cipher.seal(tokens.accessToken),
        // A provider that rotates refresh tokens sends a new one; one that does not keeps the old valid.
        refreshTokenSealed: tokens.refreshToken ? cipher.seal(tokens.refreshToken) : connection.refreshTokenSealed,
        accessTokenExpiresAt: tokens.expiresAt,
      })
      .where(eq(integrations.id, connection.id))
      .returning();
    return updated!;
  }
}

function isUnauthorized(error: unknown): boolean {
  const candidate = error as { status?: number; type?: string; errors?: { type?: string }[] };
  return candidate.status === 401 || candidate.type === 'AuthenticationError' || /authenticat/i.test(String((error as Error)?.message ?? ''));
}

function describe(error: unknown): string {
  const status = (error as { status?: number }).status;
  return status ? `HTTP ${status}` : error instanceof Error ? error.message.slice(0, 200) : 'unknown error';
}

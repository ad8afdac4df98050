/**
 * API keys (spec part 5): created by admin and above on Business and
 * Enterprise, shown once, stored as a hash, revocable; accepted as
 * `Authorization: Bearer <key>` through the authentication seam. Owns api_keys.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Principal } from '../../http/app-types.ts';
import type { ApiCallRefusal, PlanLimitRefusal } from '../metering/refusals.ts';
import { generateApiKey, hashApiKey } from './api-key-secret.ts';
import { apiKeys } from './tables.ts';

export const API_KEY_NAME_MAX_LENGTH = 100;

/** lastUsedAt is refreshed at most this often, so a busy key does not write its row on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** What the plan allows (the metering module). */
export interface ApiAccess {
  apiKeyCreationAllowance(accountId: string): Promise<{ ok: true } | PlanLimitRefusal>;
  /** Counts one API-key call by this principal; a refusal when the plan has no API access or its ceiling is reached. */
  admitApiCall(principal: Principal): Promise<{ ok: true } | ApiCallRefusal>;
}

/** A key's principal; or the key is unknown or revoked; or the plan refuses the call. */
export type KeyAuthentication = { ok: true; principal: Principal } | { ok: false; reason: 'unknown_key' } | ApiCallRefusal;

export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type CreatedApiKey = ApiKeyView & { key: string };

export class ApiKeyService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #access: ApiAccess;

  constructor(deps: { db: Database; clock: Clock; access: ApiAccess }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#access = deps.access;
  }

  async create(accountId: string, name: string, createdByUserId: string): Promise<{ ok: true; key: CreatedApiKey } | PlanLimitRefusal> {
    const allowance = await this.#access.apiKeyCreationAllowance(accountId);
    if (!allowance.ok) return allowance;
    const secret = generateApiKey();
    const [row] = await this.#db
      .insert(apiKeys)
      .values({ accountId, name, prefix: secret.prefix, keyHash: secret.hash, createdByUserId, createdAt: this.#clock.now() })
      .returning(VIEW);
    return { ok: true, key: { ...row!, key: secret.key } };
  }

  /** The account's live keys, newest first; never another account's. */
  list(accountId: string): Promise<ApiKeyView[]> {
    return this.#db
      .select(VIEW)
      .from(apiKeys)
      .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  /** Revokes the account's key; false when it has no such live key (another account's key included). */
  /**
   * Revokes every live key a person created in the account, in the caller's
   * transaction (their removal from it): whoever created a key knows its
   * secret, so it leaves with them.
   */
  async revokeCreatedBy(executor: Executor, accountId: string, userId: string): Promise<number> {
    const revoked = await executor
      .update(apiKeys)
      .set({ revokedAt: this.#clock.now() })
      .where(and(eq(apiKeys.accountId, accountId), eq(apiKeys.createdByUserId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length;
  }

  async revoke(accountId: string, keyId: string): Promise<boolean> {
    const revoked = await this.#db
      .update(apiKeys)
      .set({ revokedAt: this.#clock.now() })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return revoked.length > 0;
  }

  /**
   * The authentication seam: `unknown_key` for an unknown or revoked key;
   * the plan's refusal (no API access any more, or the ceiling reached);
   * else the key's principal. A key acts with the member role: it can score and
   * chat, not manage the account, its billing or other keys. The principal
   * is the request's own: the gate recognises it by identity and reuses
   * what counting the call read.
   */
  async authenticate(key: string): Promise<KeyAuthentication> {
    const [found] = await this.#db
      .select({ id: apiKeys.id, accountId: apiKeys.accountId })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
    if (!found) return { ok: false, reason: 'unknown_key' };
    const principal: Principal = {
      userId: `api_key:${found.id}`,
      accountId: found.accountId,
      role: 'member',
      email: null,
      method: 'api_key',
      apiKeyId: found.id,
    };
    const admission = await this.#access.admitApiCall(principal);
    if (!admission.ok) return admission;
    const now = this.#clock.now();
    await this.#db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, found.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)))));
    return { ok: true, principal };
  }
}

const VIEW = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

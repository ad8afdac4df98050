/**
 * Outbound webhook endpoints (issue 15 part 1): created by admin and above,
 * the signing secret shown once, listed without it, enabled and disabled,
 * the secret rotated with an overlap window during which the old secret
 * signs beside the new. Owns outgoing_webhooks; the account's erasure removes
 * its rows by cascade.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { HostLookup } from '../../net/safe-connector.ts';
import type { WebhookEventType } from './webhook-events.ts';
import { generateWebhookSecret } from './webhook-signing.ts';
import { checkWebhookUrl } from './webhook-url.ts';
import { outgoingWebhooks } from './tables.ts';

/** How long the previous secret keeps signing after a rotation. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 200;
/** Endpoints per account: enough for real integrations, bounded so one account cannot fan out without limit. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 10;

export interface WebhookView {
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

export type CreateWebhookResult =
  { ok: true; webhook: WebhookView & { secret: string } } | { ok: false; reason: 'invalid_url'; detail: string } | { ok: false; reason: 'too_many' };

export interface NewWebhook {
  url: string;
  events: WebhookEventType[];
  description?: string | undefined;
}

export class WebhookService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #allowlist: readonly string[];
  readonly #lookup: HostLookup;

  constructor(deps: { db: Database; clock: Clock; allowlist: readonly string[]; lookup: HostLookup }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#allowlist = deps.allowlist;
    this.#lookup = deps.lookup;
  }

  async create(accountId: string, input: NewWebhook): Promise<CreateWebhookResult> {
    const checked = await checkWebhookUrl(input.url, this.#allowlist, this.#lookup);
    if (!checked.ok) return { ok: false, reason: 'invalid_url', detail: checked.reason };
    const existing = await this.#db.select({ id: outgoingWebhooks.id }).from(outgoingWebhooks).where(eq(outgoingWebhooks.accountId, accountId));
    if (existing.length >= MAX_WEBHOOKS_PER_ACCOUNT) return { ok: false, reason: 'too_many' };
    const secret = generateWebhookSecret();
    const [row] = await this.#db
      .insert(outgoingWebhooks)
      .values({
        accountId,
        url: checked.url,
        signingSecret: secret,
        eventTypes: [...new Set(input.events)],
        description: input.description ?? null,
        createdAt: this.#clock.now(),
      })
      .returning();
    return { ok: true, webhook: { ...viewOf(row!), secret } };
  }

  /** The account's endpoints, newest first, without secrets. */
  async list(accountId: string): Promise<WebhookView[]> {
    const rows = await this.#db
      .select()
      .from(outgoingWebhooks)
      .where(eq(outgoingWebhooks.accountId, accountId))
      .orderBy(desc(outgoingWebhooks.createdAt), desc(outgoingWebhooks.id));
    return rows.map(viewOf);
  }

  /** One of the account's endpoints; null for another account's. */
  async find(accountId: string, id: string): Promise<WebhookView | null> {
    const row = await this.#row(accountId, id);
    return row ? viewOf(row) : null;
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.#db.delete(outgoingWebhooks).where(this.#owned(accountId, id)).returning({ id: outgoingWebhooks.id });
    return removed.length > 0;
  }

  /** Enables or disables by hand; null when the account has no such endpoint. */
  async setEnabled(accountId: string, id: string, enabled: boolean): Promise<WebhookView | null> {
    const [row] = await this.#db
      .update(outgoingWebhooks)
      .set({ enabled, disabledReason: enabled ? null : 'manual' })
      .where(this.#owned(accountId, id))
      .returning();
    return row ? viewOf(row) : null;
  }

  /** A new secret, shown once; the current one keeps signing for SECRET_OVERLAP_MS. */
  async rotateSecret(accountId: string, id: string): Promise<(WebhookView & { secret: string }) | null> {
    const current = await this.#row(accountId, id);
    if (!current) return null;
    const secret = generateWebhookSecret();
    const [row] = await this.#db
      .update(outgoingWebhooks)
      .set({
        signingSecret: secret,
        previousSigningSecret: current.signingSecret,
        previousSecretExpiresAt: new Date(this.#clock.now().getTime() + SECRET_OVERLAP_MS),
      })
      .where(this.#owned(accountId, id))
      .returning();
    return row ? { ...viewOf(row), secret } : null;
  }

  /** The secrets that sign now, newest first (the previous one only inside its overlap window). */
  async signingSecrets(id: string): Promise<string[]> {
    const [row] = await this.#db.select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, id));
    if (!row) return [];
    return secretsOf(row, this.#clock.now());
  }

  async #row(accountId: string, id: string) {
    const [row] = await this.#db.select().from(outgoingWebhooks).where(this.#owned(accountId, id));
    return row ?? null;
  }

  #owned(accountId: string, id: string) {
    return and(eq(outgoingWebhooks.id, id), eq(outgoingWebhooks.accountId, accountId));
  }
}

type WebhookRow = typeof outgoingWebhooks.$inferSelect;

export function secretsOf(row: WebhookRow, now: Date): string[] {
  const previousLive = row.previousSigningSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now;
  return previousLive ? [row.signingSecret, row.previousSigningSecret!] : [row.signingSecret];
}

function viewOf(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.eventTypes as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    previousSecretExpiresAt: row.previousSecretExpiresAt,
    createdAt: row.createdAt,
  };
}

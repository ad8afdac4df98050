/**
 * Measured signals (issue 27): stored from a sync or pushed with
 * POST /api/signals, read back for the list, the Sources screen and scoring.
 * Owns signals and custom_signal_types; both leave with the account by
 * foreign keys (nothing outside the database to clean up).
 */
import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { CUSTOM_SIGNAL_TYPE, measuredSignalType } from '../../framework/measured-signals.ts';
import { customSignalTypes, signals } from './tables.ts';

export type SignalRow = typeof signals.$inferSelect;
export type CustomSignalType = typeof customSignalTypes.$inferSelect;

/** One item of a pushed batch, as the route's schema admitted it. */
export interface PushedSignal {
  type: string;
  value: number;
  observedAt: string;
  productId?: string;
  id?: string;
}

export interface ItemProblem {
  index: number;
  field: string;
  message: string;
}

export type PushOutcome = { ok: true; stored: SignalRow[]; alreadyStored: number } | { ok: false; problems: ItemProblem[] };

/** A synced value, as the integrations module hands it over. */
export interface SyncedSignal {
  productId: string;
  type: string;
  value: number;
  observedAt: Date;
  scope: string;
  periodStart: Date;
  periodEnd: Date;
  link: string | null;
}

/** How far ahead of the server's clock an observedAt may be: clocks drift, the future is not measured. */
const FUTURE_SKEW_MS = 5 * 60_000;
export const MAX_SIGNALS_PER_BATCH = 500;
export const LIST_LIMIT_MAX = 500;

export interface SignalServiceDependencies {
  db: Database;
  clock: Clock;
  /** Whether the product exists in the account (the products module's). */
  productInAccount: (accountId: string, productId: string) => Promise<boolean>;
  /** Runs in the transaction that stores measured values, a push's or a sync's: the signals.recorded event. */
  onRecorded?: (tx: Transaction, accountId: string, signalIds: string[]) => Promise<unknown>;
}

export class SignalService {
  readonly #deps: SignalServiceDependencies;

  constructor(deps: SignalServiceDependencies) {
    this.#deps = deps;
  }

  /**
   * Validates the whole batch first; one bad item stores nothing. An item
   * whose client `id` was stored before is not stored again (the call is
   * idempotent); one whose id repeats inside the batch is a problem.
   */
  async push(accountId: string, items: PushedSignal[]): Promise<PushOutcome> {
    const declared = new Map((await this.customTypes(accountId)).map((entry) => [entry.type, entry]));
    const problems: ItemProblem[] = [];
    const seenIds = new Set<string>();
    const now = this.#deps.clock.now().getTime();
    const productChecks = new Map<string, boolean>();
    for (const [index, item] of items.entries()) {
      const known = measuredSignalType(item.type);
      const custom = CUSTOM_SIGNAL_TYPE.test(item.type) ? declared.get(item.type) : undefined;
      if (!known && !custom) {
        problems.push({
          index,
          field: 'type',
          message: CUSTOM_SIGNAL_TYPE.test(item.type)
            ? `${item.type} is not declared: declare it with PUT /api/signal-types/${item.type} first`
            : `${item.type} is not a listed signal type (GET /api/assessment/metadata lists them) nor a declared custom.<metric>`,
        });
      } else {
        const minimum = known ? known.minimum : (custom!.minimum ?? -Number.MAX_VALUE);
        const maximum = known ? known.maximum : (custom!.maximum ?? Number.MAX_VALUE);
        if (!Number.isFinite(item.value) || item.value < minimum || item.value > maximum) {
          problems.push({ index, field: 'value', message: `must be between ${minimum} and ${maximum} (${known?.unit ?? custom!.unit})` });
        }
      }
      const observed = Date.parse(item.observedAt);
      if (Number.isNaN(observed)) problems.push({ index, field: 'observedAt', message: 'must be a date-time' });
      else if (observed > now + FUTURE_SKEW_MS) problems.push({ index, field: 'observedAt', message: 'is in the future' });
      if (item.productId !== undefined) {
        if (!productChecks.has(item.productId)) productChecks.set(item.productId, await this.#deps.productInAccount(accountId, item.productId));
        if (!productChecks.get(item.productId)) problems.push({ index, field: 'productId', message: 'is not a product of this account' });
      }
      if (item.id !== undefined) {
        if (seenIds.has(item.id)) problems.push({ index, field: 'id', message: 'repeats an earlier item of this batch' });
        seenIds.add(item.id);
      }
    }
    if (problems.length > 0) return { ok: false, problems };

    return this.#deps.db.transaction(async (tx) => {
      const rows = items.map((item) => ({
        accountId,
        productId: item.productId ?? null,
        type: item.type,
        value: item.value,
        observedAt: new Date(item.observedAt),
        source: 'push',
        clientId: item.id ?? null,
      }));
      const stored = await tx.insert(signals).values(rows).onConflictDoNothing().returning();
      if (stored.length > 0)
        await this.#deps.onRecorded?.(
          tx,
          accountId,
          stored.map((row) => row.id),
        );
      return { ok: true as const, stored, alreadyStored: rows.length - stored.length };
    });
  }

  async list(accountId: string, filter: { type?: string; productId?: string; limit: number }): Promise<SignalRow[]> {
    const conditions = [eq(signals.accountId, accountId)];
    if (filter.type) conditions.push(eq(signals.type, filter.type));
    if (filter.productId) conditions.push(eq(signals.productId, filter.productId));
    return this.#deps.db
      .select()
      .from(signals)
      .where(and(...conditions))
      .orderBy(desc(signals.observedAt), desc(signals.createdAt))
      .limit(filter.limit);
  }

  /**
   * The evidence for a product's score: the newest value of each type that
   * names the product, or names no product (an account-wide push).
   */
  async latestForProduct(accountId: string, productId: string): Promise<SignalRow[]> {
    const rows = await this.#deps.db
      .select()
      .from(signals)
      .where(and(eq(signals.accountId, accountId), or(eq(signals.productId, productId), isNull(signals.productId))))
      .orderBy(desc(signals.observedAt), desc(signals.createdAt))
      .limit(LIST_LIMIT_MAX);
    const newest = new Map<string, SignalRow>();
    for (const row of rows) {
      // Per type and scope: two repositories of one product are two measurements.
      const key = `${row.type} ${row.scope ?? ''}`;
      if (!newest.has(key)) newest.set(key, row);
    }
    return [...newest.values()];
  }

  /** A sync's values, stored in the sync's transaction. */
  async recordSynced(executor: Executor, accountId: string, integrationId: string, values: SyncedSignal[]): Promise<void> {
    if (values.length === 0) return;
    // A savepoint inside the sync's transaction: the values and their event commit together.
    await executor.transaction(async (tx) => {
      const stored = await tx
        .insert(signals)
        .values(values.map((value) => ({ accountId, integrationId, source: value.type.split('.')[0]!, ...value })))
        .returning({ id: signals.id });
      await this.#deps.onRecorded?.(
        tx,
        accountId,
        stored.map((row) => row.id),
      );
    });
  }

  /**
   * A value of the account and at most `limit` earlier values of the same
   * product (or none), type and scope, newest first: the band an anomaly is
   * read against. Null when the account has no such value.
   */
  async historyOf(accountId: string, signalId: string, limit: number): Promise<{ signal: SignalRow; earlier: { value: number; observedAt: Date }[] } | null> {
    const db = this.#deps.db;
    const [signal] = await db
      .select()
      .from(signals)
      .where(and(eq(signals.id, signalId), eq(signals.accountId, accountId)));
    if (!signal) return null;
    const earlier = await db
      .select({ value: signals.value, observedAt: signals.observedAt })
      .from(signals)
      .where(
        and(
          eq(signals.accountId, accountId),
          signal.productId ? eq(signals.productId, signal.productId) : isNull(signals.productId),
          eq(signals.type, signal.type),
          signal.scope ? eq(signals.scope, signal.scope) : isNull(signals.scope),
          lt(signals.observedAt, signal.observedAt),
        ),
      )
      .orderBy(desc(signals.observedAt))
      .limit(limit);
    return { signal, earlier };
  }

  /** Per integration and type: how many values it stored and the products they fed (the Sources screen). */
  async syncedSummary(accountId: string, integrationIds: string[]): Promise<{ integrationId: string; type: string; count: number; products: string[] }[]> {
    if (integrationIds.length === 0) return [];
    const rows = await this.#deps.db
      .select({
        integrationId: signals.integrationId,
        type: signals.type,
        count: sql<number>`count(*)::int`,
        products: sql<string[]>`array_agg(DISTINCT ${signals.productId}::text)`,
      })
      .from(signals)
      .where(and(eq(signals.accountId, accountId), inArray(signals.integrationId, integrationIds)))
      .groupBy(signals.integrationId, signals.type)
      .orderBy(signals.type);
    return rows.map((row) => ({ integrationId: row.integrationId!, type: row.type, count: Number(row.count), products: (row.products ?? []).filter(Boolean) }));
  }

  async customTypes(accountId: string): Promise<CustomSignalType[]> {
    return this.#deps.db.select().from(customSignalTypes).where(eq(customSignalTypes.accountId, accountId)).orderBy(customSignalTypes.type);
  }

  async declareCustomType(
    accountId: string,
    declared: { type: string; unit: string; description: string; minimum: number | null; maximum: number | null },
  ): Promise<CustomSignalType> {
    const [row] = await this.#deps.db
      .insert(customSignalTypes)
      .values({ accountId, ...declared, createdAt: this.#deps.clock.now() })
      .onConflictDoUpdate({
        target: [customSignalTypes.accountId, customSignalTypes.type],
        set: { unit: declared.unit, description: declared.description, minimum: declared.minimum, maximum: declared.maximum },
      })
      .returning();
    return row!;
  }
}

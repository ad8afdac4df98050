import type { Executor } from '../../db/client.ts';
import type { Entitlement, RevisedEntitlement } from '../billing/entitlement.ts';

export type { RevisedEntitlement } from '../billing/entitlement.ts';

/**
 * Where the metering module reads an account's limits and billing period:
 * the billing module's documented queries (BillingService). Metering reads
 * billing; billing never calls metering (a bought pack reaches the ledger as
 * billing's announcement, `onPackPurchased`, wired in app.ts), and no
 * metering statement reads a billing table (the house rules test holds both).
 */
export interface EntitlementSource {
  /** Throws AccountErasedError when the account was erased meanwhile. */
  entitlementOf(accountId: string, executor?: Executor): Promise<Entitlement>;
  /**
   * The entitlement from the billing record as last read, without a query,
   * and that record's revision; null when none is known. It may be out of
   * date: a charge against it stands only if `entitlementRevision` still
   * gives its revision afterwards.
   */
  knownEntitlement(accountId: string): RevisedEntitlement | null;
  /** The entitlement read now, with its revision. Throws AccountErasedError when the account was erased meanwhile. */
  freshEntitlement(accountId: string): Promise<RevisedEntitlement>;
  /** The billing record's revision now; it only grows. Null when the account has no billing record (erased). */
  entitlementRevision(accountId: string): Promise<number | null>;
}

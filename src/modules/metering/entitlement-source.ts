import type { Executor } from '../../db/client.ts';
import type { GuardedEntitlement } from '../billing/billing-service.ts';
import type { Entitlement } from '../billing/entitlement.ts';

export type { GuardedEntitlement } from '../billing/billing-service.ts';

/** Where the metering module reads an account's limits and billing period (the billing module). */
export interface EntitlementSource {
  /** Throws AccountErasedError when the account was erased meanwhile. */
  entitlementOf(accountId: string, executor?: Executor): Promise<Entitlement>;
  /**
   * The entitlement from the billing record as last read, without a query,
   * and the SQL condition that holds while that record is unchanged; null
   * when none is known. Charge against it only with the condition.
   */
  knownEntitlement(accountId: string): GuardedEntitlement | null;
  /** The entitlement read now, with its condition. Throws AccountErasedError when the account was erased meanwhile. */
  freshEntitlement(accountId: string): Promise<GuardedEntitlement>;
}

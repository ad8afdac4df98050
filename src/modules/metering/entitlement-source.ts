import type { Executor } from '../../db/client.ts';
import type { Entitlement } from '../billing/entitlement.ts';

/** Where the metering module reads an account's limits and billing period (the billing module). */
export interface EntitlementSource {
  /** Throws AccountErasedError when the account was erased meanwhile. */
  entitlementOf(accountId: string, executor?: Executor): Promise<Entitlement>;
}

/**
 * Billing: each account's plan and payment-provider references.
 * Owns billing_accounts.
 */
import { eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { ErasureParticipant } from '../accounts/erasure.ts';
import type { OutboxMessage } from '../../outbox/outbox.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { billingAccounts } from './tables.ts';

export type Plan = (typeof billingAccounts.plan.enumValues)[number];

export const CANCEL_SUBSCRIPTION_TOPIC = 'billing.cancel_subscription';

export class BillingService implements ErasureParticipant {
  readonly #db: Database;
  readonly #provider: PaymentProvider;

  constructor(deps: { db: Database; provider: PaymentProvider }) {
    this.#db = deps.db;
    this.#provider = deps.provider;
  }

  async createRecord(executor: Executor, accountId: string): Promise<void> {
    await executor.insert(billingAccounts).values({ accountId }).onConflictDoNothing();
  }

  async planOf(accountId: string): Promise<Plan> {
    const [record] = await this.#db.select({ plan: billingAccounts.plan }).from(billingAccounts).where(eq(billingAccounts.accountId, accountId));
    return record?.plan ?? 'free';
  }

  async sideEffectsOnErasure(tx: Transaction, accountId: string): Promise<OutboxMessage[]> {
    const [record] = await tx
      .select({ subscriptionId: billingAccounts.providerSubscriptionId })
      .from(billingAccounts)
      .where(eq(billingAccounts.accountId, accountId));
    if (!record?.subscriptionId) return [];
    return [{ topic: CANCEL_SUBSCRIPTION_TOPIC, payload: { subscriptionId: record.subscriptionId, provider: this.#provider.name } }];
  }

  /** Outbox handler: cancel at the provider, without proration. */
  async cancelSubscription(payload: Record<string, unknown>): Promise<void> {
    if (typeof payload.subscriptionId !== 'string') throw new Error('cancel message without subscriptionId');
    await this.#provider.cancelSubscription(payload.subscriptionId);
  }
}

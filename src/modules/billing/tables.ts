import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';

/** One billing record per account: its plan and its payment-provider references. */
export const billingAccounts = pgTable('billing_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['free', 'pro', 'business', 'enterprise'] })
    .notNull()
    .default('free'),
  providerCustomerId: text('provider_customer_id').unique(),
  providerSubscriptionId: text('provider_subscription_id').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

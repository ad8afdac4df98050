/**
 * Test helpers around one account's data: seed a row into every
 * account-owned table, and count what is left of an account afterwards.
 * Seeding goes straight to the tables because several of them (integrations,
 * tribal notes, outgoing webhooks) have no endpoints yet.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { billingAccounts, integrations, outgoingWebhooks, products, scoringResults, tribalNotes } from '../src/database-schema.ts';
import type { TestApp } from './harness.ts';

export interface SeedOptions {
  subscriptionId?: string;
  revocationEndpoint?: string;
}

export async function seedAccountData(t: TestApp, accountId: string, options: SeedOptions = {}): Promise<void> {
  const db = t.database.db;
  if (options.subscriptionId) {
    await db
      .update(billingAccounts)
      .set({ plan: 'pro', providerCustomerId: `cus_${accountId.slice(0, 8)}`, providerSubscriptionId: options.subscriptionId })
      .where(eq(billingAccounts.accountId, accountId));
  }
  const [product] = await db.insert(products).values({ accountId, name: 'Flagship', url: 'https://flagship.example' }).returning();
  await db.insert(scoringResults).values({
    id: crypto.randomUUID(),
    accountId,
    productId: product!.id,
    url: 'https://flagship.example',
    result: {} as never,
    createdAt: new Date(),
  });
  await db.insert(integrations).values({
    accountId,
    provider: 'example-crm',
    accessToken: `at_${accountId}`,
    refreshToken: `rt_${accountId}`,
    revocationEndpoint: options.revocationEndpoint ?? null,
    clientId: 'client-id',
    clientSecret: 'client-secret',
  });
  await db.insert(tribalNotes).values({ accountId, authorUserId: 'seed', body: 'We ship on Tuesdays.' });
  await db.insert(outgoingWebhooks).values({ accountId, url: 'https://hooks.example/in', signingSecret: 'whsec_out' });
}

/** Every table in the current schema with an account_id column. */
export async function tablesWithAccountColumn(t: TestApp): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    SELECT table_name FROM information_schema.columns
    WHERE column_name = 'account_id' AND table_schema = current_schema()
    ORDER BY table_name`);
  return rowsOf<{ table_name: string }>(result).map((row) => row.table_name);
}

/** Rows tagged with the account, per table. */
export async function rowsOfAccount(t: TestApp, accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithAccountColumn(t)) {
    const result = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE account_id = ${accountId}`);
    counts[table] = rowsOf<{ n: number }>(result)[0]!.n;
  }
  const accounts = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM accounts WHERE id = ${accountId}`);
  counts.accounts = rowsOf<{ n: number }>(accounts)[0]!.n;
  return counts;
}

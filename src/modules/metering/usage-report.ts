/**
 * The usage report of GET /api/usage (spec part 4): an account's live
 * consumption and quota for its current billing period, read from the
 * credit ledger, the pack balance, and the products and members it has.
 */
import type { Database, Executor } from '../../db/client.ts';
import type { CreditLedger } from './credit-ledger.ts';
import type { EntitlementSource } from './entitlement-source.ts';
import type { Meter, UsageReport } from './routes/usage-schemas.ts';

export interface UsageReportsDependencies {
  db: Database;
  entitlements: EntitlementSource;
  /** The ledger the admission gate writes. */
  ledger: CreditLedger;
  memberCount(executor: Executor, accountId: string): Promise<number>;
  productCount(executor: Executor, accountId: string): Promise<number>;
}

export class UsageReports {
  readonly #deps: UsageReportsDependencies;
  readonly #ledger: CreditLedger;

  constructor(deps: UsageReportsDependencies) {
    this.#deps = deps;
    this.#ledger = deps.ledger;
  }

  /** Live consumption and quota for the account's current period. */
  async forAccount(accountId: string): Promise<UsageReport> {
    const { db } = this.#deps;
    const entitlement = await this.#deps.entitlements.entitlementOf(accountId);
    const used = await this.#ledger.usedIn(db, accountId, entitlement.period.start);
    const packBalance = await this.#ledger.packBalance(db, accountId);
    const products = await this.#deps.productCount(db, accountId);
    const seats = await this.#deps.memberCount(db, accountId);
    const { limits } = entitlement;
    return {
      plan: entitlement.plan,
      limitsPlan: entitlement.limitsPlan,
      periodStart: entitlement.period.start.toISOString(),
      periodEnd: entitlement.period.end.toISOString(),
      gracePeriodEndsAt: entitlement.gracePeriodEndsAt?.toISOString() ?? null,
      credits: meter(limits.monthlyCredits, used.credits),
      scores: { ...meter(limits.scores, used.scores), packBalance },
      chatMessages: meter(limits.chatMessages, used.chatMessages),
      apiCalls: meter(limits.apiCalls, used.apiCalls),
      products: meter(limits.products, products),
      seats: meter(limits.seats, seats),
    };
  }
}

function meter(limit: number | null, used: number): Meter {
  return { limit, used, remaining: limit === null ? null : Math.max(0, limit - used) };
}

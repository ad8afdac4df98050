/**
 * Products: the account's products, each scored over time at its own
 * address. Owns products. Tenant scoping is part of every query.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { products } from './tables.ts';

export interface Product {
  id: string;
  name: string;
  url: string;
  createdAt: Date;
}

const PRODUCT_COLUMNS = { id: products.id, name: products.name, url: products.url, createdAt: products.createdAt };

export class ProductService {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async list(accountId: string): Promise<Product[]> {
    return this.#db.select(PRODUCT_COLUMNS).from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.createdAt), asc(products.id));
  }

  /** The product, only if it belongs to the account. */
  async find(accountId: string, productId: string): Promise<Product | null> {
    const [product] = await this.#db
      .select(PRODUCT_COLUMNS)
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.id, productId)));
    return product ?? null;
  }

  async count(executor: Executor, accountId: string): Promise<number> {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.accountId, accountId));
    return row?.count ?? 0;
  }

  /**
   * Creates the product if `mayAdd` (the plan's product limit) allows it.
   * `mayAdd` runs inside the inserting transaction and must serialise
   * creations per account (the metering service takes a lock), so two
   * concurrent creations cannot both take the last slot.
   */
  async create<Refusal>(
    accountId: string,
    input: { name: string; url: string },
    mayAdd: (tx: Executor, accountId: string) => Promise<Refusal | null>,
  ): Promise<{ ok: true; product: Product } | { ok: false; refusal: Refusal }> {
    return this.#db.transaction(async (tx) => {
      const refusal = await mayAdd(tx, accountId);
      if (refusal !== null) return { ok: false, refusal } as const;
      const [product] = await tx.insert(products).values({ accountId, name: input.name, url: input.url }).returning(PRODUCT_COLUMNS);
      return { ok: true, product: product! } as const;
    });
  }
}

/**
 * Results stored as a score stores them, without crawling: for tests of what
 * is shown of results (compare, coach, reports). Hand-built from the coach's
 * fixture company, with the levels and the names a test needs.
 */
import crypto from 'node:crypto';
import type { DimensionId } from '../src/framework/dimensions.ts';
import type { ScoringResult } from '../src/modules/scoring/result-schema.ts';
import { scoringResults } from '../src/modules/scoring/tables.ts';
import { fixtureResult } from './fixtures/coach-result.ts';
import type { TestApp } from './harness.ts';

export interface StoredResultOptions {
  accountId?: string | null;
  productId?: string | null;
  url?: string;
  companyName?: string;
  levels?: Partial<Record<DimensionId, 1 | 2 | 3 | 4>>;
  createdAt?: string;
  depth?: 'full' | 'quick';
}

/** Stores a result and answers it as GET /api/score/<id> would. */
export async function storeResult(t: Pick<TestApp, 'database'>, options: StoredResultOptions = {}): Promise<ScoringResult> {
  const id = crypto.randomUUID();
  const depth = options.depth ?? 'full';
  const base = fixtureResult({ ...(options.levels ? { levels: options.levels } : {}), depth });
  const result: ScoringResult = {
    ...base,
    id,
    url: options.url ?? base.url,
    companyName: options.companyName ?? base.companyName,
    productId: options.productId ?? null,
    createdAt: options.createdAt ?? base.createdAt,
  };
  await t.database.db.insert(scoringResults).values({
    id,
    accountId: options.accountId ?? null,
    productId: options.productId ?? null,
    url: result.url,
    result,
    depth,
    createdAt: new Date(result.createdAt),
  });
  return result;
}

/**
 * Reads and writes peer_benchmark_mailings: the figures last mailed to an
 * account for a segment, and how many updates it was sent.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Quartiles } from '../benchmarks/statistics.ts';
import { peerBenchmarkMailings } from './tables.ts';

export interface LastMailed {
  total: Quartiles;
  mailings: number;
}

export async function lastMailed(executor: Executor, accountId: string, segment: string): Promise<LastMailed | null> {
  const [row] = await executor
    .select({ p25: peerBenchmarkMailings.p25, p50: peerBenchmarkMailings.p50, p75: peerBenchmarkMailings.p75, mailings: peerBenchmarkMailings.mailings })
    .from(peerBenchmarkMailings)
    .where(and(eq(peerBenchmarkMailings.accountId, accountId), eq(peerBenchmarkMailings.segment, segment)));
  return row ? { total: { p25: row.p25, p50: row.p50, p75: row.p75 }, mailings: row.mailings } : null;
}

/**
 * Records update number `mailing` as sent with these figures. Only a higher
 * number replaces the row: of two overlapping sweeps that both prepared the
 * same update, the second (whose mails the dedupe keys dropped) changes nothing.
 */
export async function recordMailed(
  executor: Executor,
  mailed: { accountId: string; segment: string; total: Quartiles; mailing: number; at: Date },
): Promise<void> {
  const values = { ...mailed.total, mailings: mailed.mailing, mailedAt: mailed.at };
  await executor
    .insert(peerBenchmarkMailings)
    .values({ accountId: mailed.accountId, segment: mailed.segment, ...values })
    .onConflictDoUpdate({
      target: [peerBenchmarkMailings.accountId, peerBenchmarkMailings.segment],
      set: values,
      setWhere: lt(peerBenchmarkMailings.mailings, sql`excluded.mailings`),
    });
}

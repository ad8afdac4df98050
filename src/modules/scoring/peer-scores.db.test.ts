/**
 * The peer pool kept by migration 0030's trigger against a direct
 * computation from scoring_results, on the real database: after stored
 * results (ties, quick scores, anonymous ones, the same company at other
 * addresses), rescoring, deleted results, a linked anonymous result, a result
 * moved to another segment, and an account's erasure (its results go by
 * cascade).
 */
import crypto from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/harness.ts';
import { accounts } from '../accounts/tables.ts';
import { accountLatestScores, type CompanyScore } from './segment-scores.ts';
import { scoringResults } from './tables.ts';

const SEGMENTS = ['b2b_saas', 'developer_tools', 'marketplace'];
const HOSTS = [
  'alpha.example',
  'beta.example',
  'gamma.example:8443',
  'delta.example',
  'epsilon.example',
  'zeta.example',
  'eta.example',
  'theta.example',
  'iota.example',
  'kappa.example',
  'lambda.example',
  'mu.example',
];
const DIMENSIONS = ['positioning', 'pricing', 'proof'];

let database: TestDatabase;
const accountIds: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (let k = 0; k < 8; k++) {
    const [row] = await database.handle.db
      .insert(accounts)
      .values({ externalKey: `peer-${k}`, kind: 'organization', name: `Peer ${k}` })
      .returning({ id: accounts.id });
    accountIds.push(row!.id);
  }
});
afterAll(() => database.drop());

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(29);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

/** An address of the host as callers write them: any case, with or without www., a path, a query. */
function addressOf(host: string): string {
  const scheme = pick(['https', 'http', 'HTTPS']);
  const www = pick(['', 'www.', 'WWW.']);
  const rest = pick(['/', '/pricing', '?ref=1', '#top', '']);
  return `${scheme}://${www}${random() < 0.3 ? host.toUpperCase() : host}${rest}`;
}

/** Results made at a few distinct instants, so ties on created_at (broken by id) occur. */
async function store(count: number, base: number): Promise<string[]> {
  const rows = Array.from({ length: count }, () => {
    const levels = DIMENSIONS.map((dimensionId) => ({ dimensionId, score: 1 + Math.floor(random() * 4) }));
    return {
      id: crypto.randomUUID(),
      accountId: random() < 0.1 ? null : pick(accountIds),
      url: addressOf(pick(HOSTS)),
      result: { totalScore: Math.floor(random() * 109), dimensions: levels } as never,
      depth: random() < 0.1 ? ('quick' as const) : ('full' as const),
      segment: random() < 0.1 ? null : pick(SEGMENTS),
      createdAt: new Date(base + Math.floor(random() * 20) * 60_000),
    };
  });
  for (const row of rows) await database.handle.db.insert(scoringResults).values(row);
  return rows.map((row) => row.id);
}

/** The company as the pool names it, written independently of the SQL: the host and port, lower case, without "www.". */
function companyOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/.exec(url.toLowerCase())![1]!.replace(/^www[.]/, '');
}

const newer = (a: { scoredAt: Date; resultId: string }, b: { scoredAt: Date; resultId: string }) =>
  a.scoredAt.getTime() > b.scoredAt.getTime() || (a.scoredAt.getTime() === b.scoredAt.getTime() && a.resultId > b.resultId);

/** The pool computed from every stored result: each company's latest full, owned score, then each account's latest among those. */
async function direct(segment: string): Promise<CompanyScore[]> {
  const rows = await database.handle.db.select().from(scoringResults).where(eq(scoringResults.segment, segment));
  const companies = new Map<string, CompanyScore>();
  for (const row of rows) {
    if (row.depth !== 'full' || row.accountId === null) continue;
    const result = row.result as unknown as { totalScore: number; dimensions: { dimensionId: string; score: number }[] };
    const score: CompanyScore = {
      resultId: row.id,
      accountId: row.accountId,
      company: companyOf(row.url),
      totalScore: result.totalScore,
      dimensionScores: Object.fromEntries(result.dimensions.map((d) => [d.dimensionId, d.score])),
      scoredAt: row.createdAt,
    };
    const kept = companies.get(score.company);
    if (!kept || newer(score, kept)) companies.set(score.company, score);
  }
  const byAccount = new Map<string, CompanyScore>();
  for (const score of companies.values()) {
    const kept = byAccount.get(score.accountId);
    if (!kept || newer(score, kept)) byAccount.set(score.accountId, score);
  }
  return [...byAccount.values()];
}

const sorted = (scores: CompanyScore[]) => [...scores].sort((a, b) => a.resultId.localeCompare(b.resultId));

async function expectPoolsAsComputed(): Promise<void> {
  for (const segment of SEGMENTS) {
    const expected = sorted(await direct(segment));
    expect(sorted(await accountLatestScores(database.handle.db, segment)), segment).toEqual(expected);
  }
}

describe('the peer pool kept as results are written (migration 0030)', () => {
  let firstIds: string[];
  const base = Date.parse('2026-11-01T00:00:00.000Z');

  it('matches a direct computation after results are stored', async () => {
    firstIds = await store(200, base);
    // Enough for every segment to hold several accounts.
    for (const segment of SEGMENTS) expect((await direct(segment)).length).toBeGreaterThanOrEqual(3);
    await expectPoolsAsComputed();
  });

  it('after rescoring: newer results for the same companies, by other accounts', async () => {
    await store(60, base + 30 * 60_000);
    await expectPoolsAsComputed();
  });

  it('after deleting results, the latest among them included', async () => {
    const pooled = (await Promise.all(SEGMENTS.map((segment) => accountLatestScores(database.handle.db, segment)))).flat();
    const gone = [...pooled.slice(0, 6).map((score) => score.resultId), ...firstIds.slice(0, 20)];
    await database.handle.db.delete(scoringResults).where(inArray(scoringResults.id, gone));
    await expectPoolsAsComputed();
  });

  it('after an anonymous result is linked, and results change segment or depth', async () => {
    const [anonymous] = await database.handle.db
      .select({ id: scoringResults.id })
      .from(scoringResults)
      .where(sql`${scoringResults.accountId} IS NULL AND ${scoringResults.segment} IS NOT NULL AND ${scoringResults.depth} = 'full'`)
      .limit(1);
    expect(anonymous).toBeDefined();
    await database.handle.db
      .update(scoringResults)
      .set({ accountId: accountIds[0]!, createdAt: new Date(base + 90 * 60_000) })
      .where(eq(scoringResults.id, anonymous!.id));
    await expectPoolsAsComputed();
    await database.handle.db
      .update(scoringResults)
      .set({ segment: 'marketplace' })
      .where(inArray(scoringResults.id, firstIds.slice(20, 40)));
    await database.handle.db
      .update(scoringResults)
      .set({ depth: 'quick' })
      .where(inArray(scoringResults.id, firstIds.slice(40, 50)));
    await expectPoolsAsComputed();
  });

  it("after an account's erasure deletes its results by cascade", async () => {
    const before = (await Promise.all(SEGMENTS.map((segment) => direct(segment)))).flat();
    const erased = accountIds[1]!;
    expect(before.some((score) => score.accountId === erased)).toBe(true);
    await database.handle.db.delete(accounts).where(eq(accounts.id, erased));
    await expectPoolsAsComputed();
    const after = (await Promise.all(SEGMENTS.map((segment) => accountLatestScores(database.handle.db, segment)))).flat();
    expect(after.some((score) => score.accountId === erased)).toBe(false);
  });

  it('is what peer_scores_rebuild() computes afresh, set-based (the migration and bulk loads)', async () => {
    const kept = sorted((await Promise.all(SEGMENTS.map((segment) => accountLatestScores(database.handle.db, segment)))).flat());
    await database.handle.db.execute(sql`SELECT peer_scores_rebuild()`);
    expect(sorted((await Promise.all(SEGMENTS.map((segment) => accountLatestScores(database.handle.db, segment)))).flat())).toEqual(kept);
    await expectPoolsAsComputed();
  });
});

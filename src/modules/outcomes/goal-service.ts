/**
 * Goals per dimension (issue 28, Outcomes): a product's target level for one
 * dimension by a due date, and how far it has come. Owns product_goals; the
 * levels come from the scoring module through a port.
 *
 * On track or at risk, the rule (docs/DECISIONS.md): the path from the level
 * at the start to the target is a straight line over the days from the day
 * the goal was set to its due date. A goal is on track when its latest level
 * is at least that line's level today, rounded down (levels are whole), or has
 * reached the target; otherwise it is at risk. A goal with no score to
 * measure is at risk: the next score is the first step.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { DimensionId } from '../../framework/dimensions.ts';
import { productGoals } from './tables.ts';

/** One dimension's level in a product's scores, oldest first (ScoringService.productDimensionLevels). */
export type DimensionLevels = (
  accountId: string,
  productId: string,
  dimensionId: string,
  options: { since?: Date; limit: number },
) => Promise<{ resultId: string; level: number; scoredAt: Date }[]>;

/** The levels on the way shown with a goal: the newest this many scores since it was set. */
export const GOAL_PATH_LIMIT = 20;

export interface Goal {
  id: string;
  productId: string;
  dimensionId: DimensionId;
  targetLevel: number;
  dueDate: string;
  createdAt: Date;
  progress: {
    startLevel: number | null;
    currentLevel: number | null;
    /** The line's level today (not rounded): where a goal on track stands at least. */
    expectedLevel: number;
    path: { resultId: string; level: number; scoredAt: Date }[];
  };
  onTrack: boolean;
  atRisk: boolean;
}

export interface GoalInput {
  dimensionId: DimensionId;
  targetLevel: number;
  dueDate: string;
}

type GoalRow = typeof productGoals.$inferSelect;

/** The rule above, alone: what the line expects today and whether the latest level meets it. */
export function goalStanding(
  goal: { startLevel: number | null; targetLevel: number; createdAt: Date; dueDate: string },
  currentLevel: number | null,
  now: Date,
) {
  const start = goal.startLevel ?? 1;
  const due = Date.parse(`${goal.dueDate}T23:59:59.999Z`);
  const span = due - goal.createdAt.getTime();
  const elapsed = span <= 0 ? 1 : Math.min(1, Math.max(0, (now.getTime() - goal.createdAt.getTime()) / span));
  const expectedLevel = Math.round((start + (goal.targetLevel - start) * elapsed) * 100) / 100;
  const onTrack = currentLevel !== null && (currentLevel >= goal.targetLevel || currentLevel >= Math.floor(expectedLevel));
  return { expectedLevel, onTrack, atRisk: !onTrack };
}

export class GoalService {
  readonly #deps: { db: Database; clock: Clock; levels: DimensionLevels };

  constructor(deps: { db: Database; clock: Clock; levels: DimensionLevels }) {
    this.#deps = deps;
  }

  /** Today, as the goal's due dates are written (UTC). */
  today(): string {
    return this.#deps.clock.now().toISOString().slice(0, 10);
  }

  /** The level a new goal starts from: the product's latest score for the dimension, null when none. */
  async latestLevel(accountId: string, productId: string, dimensionId: string): Promise<number | null> {
    const [latest] = await this.#deps.levels(accountId, productId, dimensionId, { limit: 1 });
    return latest?.level ?? null;
  }

  /** Sets the product's goal for the dimension; a goal already set for it is replaced (a new start). */
  async set(accountId: string, productId: string, setBy: string, input: GoalInput & { startLevel: number | null }): Promise<Goal> {
    const createdAt = this.#deps.clock.now();
    const values = {
      accountId,
      productId,
      setBy,
      createdAt,
      dimensionId: input.dimensionId,
      targetLevel: input.targetLevel,
      dueDate: input.dueDate,
      startLevel: input.startLevel,
    };
    const [row] = await this.#deps.db
      .insert(productGoals)
      .values(values)
      .onConflictDoUpdate({ target: [productGoals.productId, productGoals.dimensionId], set: { ...values, id: sql`gen_random_uuid()` } })
      .returning();
    return this.#withProgress(row!);
  }

  async list(accountId: string, productId: string): Promise<Goal[]> {
    const rows = await this.#deps.db
      .select()
      .from(productGoals)
      .where(and(eq(productGoals.accountId, accountId), eq(productGoals.productId, productId)))
      .orderBy(asc(productGoals.dueDate), asc(productGoals.dimensionId));
    return Promise.all(rows.map((row) => this.#withProgress(row)));
  }

  /** The account's goals counted per product, for the dashboard's product cards. */
  async countsByProduct(accountId: string): Promise<Map<string, number>> {
    const rows = await this.#deps.db
      .select({ productId: productGoals.productId, count: sql<number>`count(*)::int` })
      .from(productGoals)
      .where(eq(productGoals.accountId, accountId))
      .groupBy(productGoals.productId);
    return new Map(rows.map((row) => [row.productId, row.count]));
  }

  /** Removes the goal; false when the product has no such goal in this account. */
  async remove(accountId: string, productId: string, goalId: string): Promise<boolean> {
    const removed = await this.#deps.db
      .delete(productGoals)
      .where(and(eq(productGoals.accountId, accountId), eq(productGoals.productId, productId), eq(productGoals.id, goalId)))
      .returning({ id: productGoals.id });
    return removed.length > 0;
  }

  async #withProgress(row: GoalRow): Promise<Goal> {
    const path = await this.#deps.levels(row.accountId, row.productId, row.dimensionId, { since: row.createdAt, limit: GOAL_PATH_LIMIT });
    const currentLevel = path.at(-1)?.level ?? row.startLevel;
    const standing = goalStanding(row, currentLevel, this.#deps.clock.now());
    return {
      id: row.id,
      productId: row.productId,
      dimensionId: row.dimensionId,
      targetLevel: row.targetLevel,
      dueDate: row.dueDate,
      createdAt: row.createdAt,
      progress: { startLevel: row.startLevel, currentLevel, expectedLevel: standing.expectedLevel, path },
      onTrack: standing.onTrack,
      atRisk: standing.atRisk,
    };
  }
}

/**
 * Feedback on a score: a member says a result, or one of its dimensions, is
 * too high, too low, quotes the wrong evidence, or is helpful. Owns
 * score_feedback. Once per member, result and dimension: a later verdict
 * replaces the earlier one, in one statement, so two at once cannot make two.
 * The feedback belongs to the giver's account (listed and erased with it).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { DimensionId } from '../../framework/dimensions.ts';
import { scoreFeedback, type FeedbackVerdict } from './tables.ts';

export interface Feedback {
  id: string;
  resultId: string;
  /** null: about the score as a whole. */
  dimensionId: string | null;
  verdict: FeedbackVerdict;
  comment: string | null;
  /** Who gave it: the identity provider's subject, or `api_key:<id>`. */
  userId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedbackInput {
  resultId: string;
  dimensionId: DimensionId | null;
  verdict: FeedbackVerdict;
  comment: string | null;
}

export type GiveOutcome =
  /** created: false when it replaced the member's earlier verdict on the same result and dimension. */
  | { ok: true; feedback: Feedback; created: boolean }
  /** No stored result has this id (or it was deleted meanwhile). */
  | { ok: false; reason: 'no_result' };

/** How many verdicts of a kind a dimension got (dimensionId null: the score as a whole), for `npm run eval`. */
export interface FeedbackCount {
  dimensionId: string | null;
  verdict: FeedbackVerdict;
  count: number;
}

const FEEDBACK_COLUMNS = {
  id: scoreFeedback.id,
  resultId: scoreFeedback.resultId,
  dimensionId: scoreFeedback.dimensionId,
  verdict: scoreFeedback.verdict,
  comment: scoreFeedback.comment,
  userId: scoreFeedback.userId,
  createdAt: scoreFeedback.createdAt,
  updatedAt: scoreFeedback.updatedAt,
};

export class FeedbackService {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  /**
   * Records the member's verdict, replacing their earlier one on the same
   * result and dimension. The result's foreign key is the existence check:
   * no read of another module's table, and no window between check and write.
   */
  async give(giver: { accountId: string; userId: string }, input: FeedbackInput): Promise<GiveOutcome> {
    const now = this.#clock.now();
    try {
      const [row] = await this.#db
        .insert(scoreFeedback)
        .values({ accountId: giver.accountId, userId: giver.userId, ...input, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [scoreFeedback.accountId, scoreFeedback.userId, scoreFeedback.resultId, scoreFeedback.dimensionId],
          set: { verdict: input.verdict, comment: input.comment, updatedAt: now },
        })
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning({ ...FEEDBACK_COLUMNS, created: sql<boolean>`(xmax = 0)` });
      const { created, ...feedback } = row!;
      return { ok: true, feedback, created };
    } catch (error) {
      // The account erased at the same instant would land here too; its next request finds it gone.
      if (isForeignKeyViolation(error)) return { ok: false, reason: 'no_result' };
      throw error;
    }
  }

  /** The account's feedback, newest (latest given or replaced) first; on one result when resultId is given. */
  async list(accountId: string, options: { resultId?: string; limit: number }): Promise<Feedback[]> {
    return this.#db
      .select(FEEDBACK_COLUMNS)
      .from(scoreFeedback)
      .where(and(eq(scoreFeedback.accountId, accountId), options.resultId ? eq(scoreFeedback.resultId, options.resultId) : undefined))
      .orderBy(desc(scoreFeedback.updatedAt), desc(scoreFeedback.id))
      .limit(options.limit);
  }

  /** Every account's verdicts counted per dimension and verdict: what the scorer's next rules should look at. */
  async countsByDimensionAndVerdict(): Promise<FeedbackCount[]> {
    return this.#db
      .select({ dimensionId: scoreFeedback.dimensionId, verdict: scoreFeedback.verdict, count: sql<number>`count(*)::int` })
      .from(scoreFeedback)
      .groupBy(scoreFeedback.dimensionId, scoreFeedback.verdict)
      .orderBy(asc(scoreFeedback.dimensionId), asc(scoreFeedback.verdict));
  }
}

/**
 * Moves (issue 28, item 4): after each score of a product, a proposed next
 * step for each goal the score left at risk and each dimension that fell a
 * level, built from the playbook's step up; approved by a lead (or at once,
 * for the kinds the account lets dispatch alone), then dispatched into the
 * team's tools by a job that creates the issue exactly once. Owns moves and
 * move_settings; what the loop achieved is intelligence() (loop-figures.ts).
 */
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { DimensionId } from '../../framework/dimensions.ts';
import type { Principal } from '../../http/app-types.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { JobRunner } from '../../queue/job-runner.ts';
import type { Throttling } from '../metering/admission-gate.ts';
import type { ScoringResult } from '../scoring/result-schema.ts';
import { detectAnomalies } from '../anomalies/anomaly-rules.ts';
import { loopFigures, LOOP_WINDOW_DAYS, type FigureMove, type FigureScore, type LoopFigures } from './loop-figures.ts';
import { rescoreMoveContent, workMoveContent } from './move-content.ts';
import { type MoveDispatcher } from './move-dispatcher.ts';
import { moves, moveSettings, OPEN_MOVE_STATES, type DismissReason, type MoveKind, type MoveOrigin, type MoveState } from './tables.ts';

export const PROPOSE_MOVES_JOB = 'moves.propose';
export const DISPATCH_MOVE_JOB = 'moves.dispatch';
/** A provider's outage gets the engine's backoff over five tries; then the move is failed, and a lead may approve it again. */
export const DISPATCH_ATTEMPTS = 5;
/** The moves the intelligence figures read: at most this many of the window's, newest first. */
const FIGURE_MOVES_MAX = 1000;
const FIGURE_SCORES_MAX = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Move = typeof moves.$inferSelect;
type NewMove = typeof moves.$inferInsert;

export interface MoveGoal {
  id: string;
  dimensionId: DimensionId;
  targetLevel: number;
  dueDate: string;
  atRisk: boolean;
}

export interface MoveDependencies {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  publicBaseUrl: string;
  /** A result of the account with the one it is compared with (ScoringService.withPrevious). */
  withPrevious(accountId: string, resultId: string): Promise<{ current: ScoringResult; previous: ScoringResult | null; productId: string | null } | null>;
  /** The product's goals with their standing (GoalService.list). */
  goals(accountId: string, productId: string): Promise<MoveGoal[]>;
  product(accountId: string, productId: string): Promise<{ id: string; name: string } | null>;
  /** Whether the product is rescored on a schedule (ScheduleService). */
  scheduled(accountId: string, productId: string): Promise<boolean>;
  /** Where a work move for the product goes, and its kind (MoveDispatcher.toolOf). */
  dispatcher: MoveDispatcher;
  /** The move_dispatch window of the account (AdmissionGate.throttle). */
  throttle(accountId: string): Promise<Throttling>;
  /** The accounts module's audit log, in the caller's transaction. */
  audit(executor: Executor, accountId: string, actor: string, action: string, details: Record<string, unknown>): Promise<void>;
  /** A dimension's level on the product's first full score at or after `since`; null when there is none. */
  firstLevelSince(accountId: string, productId: string, dimensionId: string, since: Date): Promise<number | null>;
  /** The totals of the account's (or product's) full scores filed under a product since `since`, at most `limit`. */
  productTotalsSince(accountId: string, productId: string | undefined, since: Date, limit: number): Promise<FigureScore[]>;
}

export interface MoveQuery {
  state?: MoveState;
  productId?: string;
  /** A move id: only those listed after it, newest first (the next page). */
  after?: string;
  limit: number;
}

export type ApproveOutcome =
  | { ok: true; move: Move }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'dismissed'; move: Move }
  | { ok: false; reason: 'throttled'; refusal: Exclude<Throttling, { ok: true }> };

export type DismissOutcome = { ok: true; move: Move } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'not_open'; move: Move };

export class MoveService {
  readonly #deps: MoveDependencies;

  constructor(deps: MoveDependencies) {
    this.#deps = deps;
  }

  register(runner: JobRunner): void {
    runner.on(PROPOSE_MOVES_JOB, async (payload) => {
      await this.propose(String(payload.accountId), String(payload.resultId));
    });
    runner.on(DISPATCH_MOVE_JOB, async (payload, context) => {
      await this.dispatch(String(payload.accountId), String(payload.moveId), context.attempt);
    });
  }

  /** In the transaction that stores a product's score: propose its moves once it has committed. */
  afterScore(tx: Executor, accountId: string, result: { id: string; productId?: string | null }): Promise<unknown> {
    if (!result.productId) return Promise.resolve();
    return this.#deps.jobs.enqueue(tx, { name: PROPOSE_MOVES_JOB, payload: { accountId, resultId: result.id }, dedupeKey: `moves ${result.id}`, accountId });
  }

  /** Proposes the moves a stored score calls for; how many were new. */
  async propose(accountId: string, resultId: string): Promise<number> {
    const pair = await this.#deps.withPrevious(accountId, resultId);
    if (!pair?.productId) return 0;
    const { current, previous, productId } = pair;
    const levels = new Map(current.dimensions.map((dimension) => [dimension.dimensionId, dimension]));
    const reasons = new Map<DimensionId, { origin: MoveOrigin; goal: MoveGoal | null; previousLevel: number | null }>();
    for (const goal of await this.#deps.goals(accountId, productId)) {
      if (goal.atRisk && levels.has(goal.dimensionId)) reasons.set(goal.dimensionId, { origin: 'goal_at_risk', goal, previousLevel: null });
    }
    for (const fell of previous ? detectAnomalies(previous, current) : []) {
      if (fell.kind !== 'dimension_down' || reasons.has(fell.subject as DimensionId)) continue;
      reasons.set(fell.subject as DimensionId, { origin: 'dimension_fell', goal: null, previousLevel: fell.before.value });
    }
    if (reasons.size === 0) return 0;
    const open = new Set((await this.#openMoves(productId)).map((move) => move.dimensionId));
    const tool = await this.#deps.dispatcher.toolOf(accountId, productId);
    const now = this.#deps.clock.now();
    const rows: NewMove[] = [];
    for (const [dimensionId, reason] of reasons) {
      if (open.has(dimensionId)) continue;
      const dimension = levels.get(dimensionId)!;
      const content = workMoveContent({
        ...reason,
        dimensionId,
        level: dimension.score,
        evidence: dimension.evidence,
        goal: reason.goal && { targetLevel: reason.goal.targetLevel, dueDate: reason.goal.dueDate },
        resultLink: new URL(`/r/${current.id}`, this.#deps.publicBaseUrl).href,
        scoredAt: current.createdAt,
      });
      if (!content) continue;
      rows.push({
        accountId,
        productId,
        kind: tool.kind,
        origin: reason.origin,
        dimensionId,
        fromLevel: dimension.score,
        targetLevel: content.targetLevel,
        resultId,
        goalId: reason.goal?.id ?? null,
        title: content.title,
        body: content.body,
        target: tool.target,
        proposedAt: now,
        proposalKey: `${productId} ${dimensionId} ${dimension.score} ${resultId}`,
      });
    }
    return (await this.#insertProposals(accountId, rows)).length;
  }

  /**
   * Records new proposals; those of a kind the account lets dispatch alone
   * are approved by `auto` in the same transaction, within the dispatch
   * window (past it, they wait for a lead like any other).
   */
  async #insertProposals(accountId: string, rows: NewMove[]): Promise<Move[]> {
    if (rows.length === 0) return [];
    // Read before the transaction (the embedded database): what a retried job recorded already, and what may go alone.
    const known = new Set(
      (
        await this.#deps.db
          .select({ key: moves.proposalKey })
          .from(moves)
          .where(
            inArray(
              moves.proposalKey,
              rows.map((row) => row.proposalKey),
            ),
          )
      ).map((row) => row.key),
    );
    const fresh = rows.filter((row) => !known.has(row.proposalKey));
    const auto = new Set((await this.settings(accountId)).autoDispatch);
    const goesAlone = new Set<string>();
    for (const row of fresh) if (auto.has(row.kind) && (await this.#deps.throttle(accountId)).ok) goesAlone.add(row.proposalKey);
    return this.#deps.db.transaction(async (tx) => {
      const recorded = fresh.length === 0 ? [] : await tx.insert(moves).values(fresh).onConflictDoNothing().returning();
      const result: Move[] = [];
      for (const move of recorded) result.push(goesAlone.has(move.proposalKey) ? ((await this.#approveIn(tx, move, 'auto')) ?? move) : move);
      return result;
    });
  }

  /** The account's moves, newest first, a page at a time. */
  async list(accountId: string, query: MoveQuery): Promise<{ moves: Move[]; nextCursor: string | null }> {
    const rows = await this.#deps.db
      .select()
      .from(moves)
      .where(
        and(
          eq(moves.accountId, accountId),
          query.state ? eq(moves.state, query.state) : undefined,
          query.productId ? eq(moves.productId, query.productId) : undefined,
          query.after
            ? sql`(${moves.proposedAt}, ${moves.id}) < (SELECT c.proposed_at, c.id FROM moves c WHERE c.id = ${query.after} AND c.account_id = ${accountId})`
            : undefined,
        ),
      )
      .orderBy(desc(moves.proposedAt), desc(moves.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    return { moves: page, nextCursor: rows.length > query.limit ? page.at(-1)!.id : null };
  }

  async find(accountId: string, id: string): Promise<Move | null> {
    const [row] = await this.#deps.db
      .select()
      .from(moves)
      .where(and(eq(moves.accountId, accountId), eq(moves.id, id)));
    return row ?? null;
  }

  /**
   * A lead approves: the move and its dispatch job in one transaction, audited.
   * Approving a move approved or dispatched already changes nothing (the
   * move as it is); a dismissed one cannot be approved.
   */
  async approve(principal: Principal, id: string): Promise<ApproveOutcome> {
    const move = await this.find(principal.accountId, id);
    if (!move) return { ok: false, reason: 'not_found' };
    if (move.state === 'dismissed') return { ok: false, reason: 'dismissed', move };
    if (move.state === 'approved' || move.state === 'dispatched') return { ok: true, move };
    const throttled = await this.#deps.throttle(principal.accountId);
    if (!throttled.ok) return { ok: false, reason: 'throttled', refusal: throttled };
    const approved = await this.#deps.db.transaction((tx) => this.#approveIn(tx, move, principal.userId));
    // A concurrent approval or dismissal got there first: the move as it is now.
    return approved ? { ok: true, move: approved } : this.#settled(principal.accountId, id);
  }

  async #settled(accountId: string, id: string): Promise<ApproveOutcome> {
    const now = await this.find(accountId, id);
    if (!now) return { ok: false, reason: 'not_found' };
    return now.state === 'dismissed' ? { ok: false, reason: 'dismissed', move: now } : { ok: true, move: now };
  }

  /** proposed|failed -> approved, with its dispatch job (one per approval) and the audit entry; null when the move was not open. */
  async #approveIn(tx: Transaction, move: Move, approvedBy: string): Promise<Move | null> {
    const [approved] = await tx
      .update(moves)
      .set({ state: 'approved', approvedAt: this.#deps.clock.now(), approvedBy, approvals: sql`${moves.approvals} + 1`, lastError: null })
      .where(and(eq(moves.id, move.id), inArray(moves.state, ['proposed', 'failed'])))
      .returning();
    if (!approved) return null;
    await this.#deps.jobs.enqueue(tx, {
      name: DISPATCH_MOVE_JOB,
      payload: { accountId: move.accountId, moveId: move.id },
      dedupeKey: `move ${move.id} ${approved.approvals}`,
      accountId: move.accountId,
      maxAttempts: DISPATCH_ATTEMPTS,
    });
    await this.#deps.audit(tx, move.accountId, approvedBy, 'move_approved', { moveId: move.id, kind: move.kind, title: move.title });
    return approved;
  }

  /** Any member dismisses an open (or failed) move with a reason, audited. */
  async dismiss(principal: Principal, id: string, reason: DismissReason, note: string | null): Promise<DismissOutcome> {
    return this.#deps.db.transaction(async (tx) => {
      const [dismissed] = await tx
        .update(moves)
        .set({ state: 'dismissed', dismissedAt: this.#deps.clock.now(), dismissedBy: principal.userId, dismissReason: reason, dismissNote: note })
        .where(and(eq(moves.accountId, principal.accountId), eq(moves.id, id), inArray(moves.state, ['proposed', 'failed'])))
        .returning();
      if (dismissed) {
        await this.#deps.audit(tx, principal.accountId, principal.userId, 'move_dismissed', { moveId: id, reason, note });
        return { ok: true, move: dismissed } as const;
      }
      const [row] = await tx
        .select()
        .from(moves)
        .where(and(eq(moves.accountId, principal.accountId), eq(moves.id, id)));
      return row ? ({ ok: false, reason: 'not_open', move: row } as const) : ({ ok: false, reason: 'not_found' } as const);
    });
  }

  async settings(accountId: string): Promise<{ autoDispatch: MoveKind[] }> {
    const [row] = await this.#deps.db.select().from(moveSettings).where(eq(moveSettings.accountId, accountId));
    return { autoDispatch: row?.autoDispatch ?? [] };
  }

  async setSettings(principal: Principal, autoDispatch: readonly MoveKind[]): Promise<{ autoDispatch: MoveKind[] }> {
    const kinds = [...new Set(autoDispatch)];
    const now = this.#deps.clock.now();
    await this.#deps.db.transaction(async (tx) => {
      await tx
        .insert(moveSettings)
        .values({ accountId: principal.accountId, autoDispatch: kinds, updatedBy: principal.userId, updatedAt: now })
        .onConflictDoUpdate({ target: moveSettings.accountId, set: { autoDispatch: kinds, updatedBy: principal.userId, updatedAt: now } });
      await this.#deps.audit(tx, principal.accountId, principal.userId, 'move_settings_changed', { autoDispatch: kinds });
    });
    return { autoDispatch: kinds };
  }

  /** The loop's figures over the last 30 days, for the account or one product. */
  async intelligence(accountId: string, productId?: string): Promise<LoopFigures & { productId: string | null }> {
    const now = this.#deps.clock.now();
    const since = new Date(now.getTime() - LOOP_WINDOW_DAYS * DAY_MS);
    const rows = await this.#deps.db
      .select()
      .from(moves)
      .where(
        and(
          eq(moves.accountId, accountId),
          productId ? eq(moves.productId, productId) : undefined,
          or(gte(moves.proposedAt, since), gte(moves.dispatchedAt, since), gte(moves.dismissedAt, since)),
        ),
      )
      .orderBy(desc(moves.proposedAt))
      .limit(FIGURE_MOVES_MAX);
    const figureMoves: FigureMove[] = [];
    for (const row of rows) {
      const measurable = row.dispatchedAt && row.dispatchedAt >= since && row.dimensionId;
      figureMoves.push({
        ...row,
        levelAfter: measurable ? await this.#deps.firstLevelSince(accountId, row.productId, row.dimensionId!, row.dispatchedAt!) : null,
      });
    }
    const scores = await this.#deps.productTotalsSince(accountId, productId, since, FIGURE_SCORES_MAX);
    return { productId: productId ?? null, ...loopFigures(figureMoves, scores, now) };
  }

  /**
   * Dispatches an approved move at its provider. A provider's error is
   * thrown so the engine tries again (recorded as last_error); the last
   * attempt's marks the move failed. A refusal that trying again cannot
   * change (a rescore refused for quota or credits) fails it at once.
   */
  async dispatch(accountId: string, moveId: string, attempt: number): Promise<void> {
    const move = await this.find(accountId, moveId);
    if (move?.state !== 'approved') return;
    let outcome: Awaited<ReturnType<MoveDispatcher['dispatch']>>;
    try {
      outcome = await this.#deps.dispatcher.dispatch(move, attempt > 1 || move.approvals > 1);
    } catch (error) {
      const lastError = error instanceof Error ? error.message.slice(0, 500) : 'the provider answered with an error';
      if (attempt < DISPATCH_ATTEMPTS) {
        await this.#deps.db.update(moves).set({ lastError }).where(eq(moves.id, move.id));
        throw error;
      }
      await this.#fail(move, lastError);
      return;
    }
    if (!outcome.ok) return this.#fail(move, outcome.reason);
    const rescore = move.kind !== 'rescore' && move.dimensionId ? await this.#rescoreProposal(move) : null;
    const now = this.#deps.clock.now();
    await this.#deps.db.transaction(async (tx) => {
      const [dispatched] = await tx
        .update(moves)
        .set({ state: 'dispatched', dispatchedAt: now, link: outcome.link, externalId: outcome.externalId, lastError: null })
        .where(and(eq(moves.id, move.id), eq(moves.state, 'approved')))
        .returning({ id: moves.id });
      if (!dispatched) return;
      await this.#deps.audit(tx, accountId, move.approvedBy ?? 'auto', 'move_dispatched', { moveId: move.id, kind: move.kind, link: outcome.link });
    });
    if (rescore) await this.#insertProposals(accountId, [rescore]);
  }

  async #fail(move: Move, lastError: string): Promise<void> {
    await this.#deps.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(moves)
        .set({ state: 'failed', lastError })
        .where(and(eq(moves.id, move.id), eq(moves.state, 'approved')))
        .returning({ id: moves.id });
      if (failed)
        await this.#deps.audit(tx, move.accountId, move.approvedBy ?? 'auto', 'move_dispatch_failed', { moveId: move.id, kind: move.kind, lastError });
    });
  }

  /** After a work move went out: a rescore to measure it, when nothing rescores the product and no rescore is open. */
  async #rescoreProposal(move: Move): Promise<NewMove | null> {
    if (await this.#deps.scheduled(move.accountId, move.productId)) return null;
    if ((await this.#openMoves(move.productId)).some((open) => open.kind === 'rescore' && open.dimensionId === null)) return null;
    const product = await this.#deps.product(move.accountId, move.productId);
    if (!product) return null;
    return {
      accountId: move.accountId,
      productId: move.productId,
      kind: 'rescore',
      origin: move.origin,
      dimensionId: null,
      fromLevel: null,
      targetLevel: null,
      resultId: move.resultId,
      goalId: null,
      ...rescoreMoveContent(product.name, move.title),
      target: product.name,
      proposedAt: this.#deps.clock.now(),
      proposalKey: `${move.productId} rescore ${move.resultId}`,
    };
  }

  async #openMoves(productId: string): Promise<Pick<Move, 'kind' | 'dimensionId'>[]> {
    return this.#deps.db
      .select({ kind: moves.kind, dimensionId: moves.dimensionId })
      .from(moves)
      .where(and(eq(moves.productId, productId), inArray(moves.state, [...OPEN_MOVE_STATES])));
  }
}

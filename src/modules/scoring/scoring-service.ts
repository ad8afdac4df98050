/**
 * Scoring: address -> crawl -> findings -> levels -> stored ScoringResult.
 * Owns scoring_results. Results are immutable once stored and shareable by
 * id; an anonymous result has no account until a signed-in caller links it
 * with the claim token handed out with it.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { CrawlSummary } from './artifacts.ts';
import { judgeCrawl, maxPagesFor } from './judge-crawl.ts';
import { checkTargetUrl, withDefaultScheme } from '../../net/target-url.ts';
import { CrawlFailedError, type CrawlProgress, type Crawler } from './crawler/crawler.ts';
import type { LlmRefiner } from './refinement/llm-refiner.ts';
import type { ScoreDepth, ScoringResult } from './result-schema.ts';
import { scoreChange, type ScoreChange } from './score-change.ts';
import { accountLatestScores, segmentedResult, type CompanyScore, type SegmentedResult } from './segment-scores.ts';
import type { SharedResultBody, SharedResultCache } from './shared-result-cache.ts';
import { storedResult } from './stored-result.ts';
import { scoreHistory, scoreNames, type HistoryQuery, type ScoreName, type ScoreSummary } from './score-history.ts';
import { scoringResults } from './tables.ts';
import { combineEvidence, type CombinedEvidence, type MeasuredEvidenceInput, type TeamNoteInput } from './evidence-kinds/combine-evidence.ts';

export type { HistoryQuery, ScoreName, ScoreSummary } from './score-history.ts';

/** Where a score is: crawling the site, then judging and storing it, with an LLM refinement when one runs. */
export type ScoreStage = 'crawling' | 'scoring' | 'refining';

/** A score's progress, for a live display: the crawl's page counts, and the depth's page cap. */
export interface ScoreProgress extends CrawlProgress {
  stage: ScoreStage;
  pageLimit: number;
}

/** How long a caller refused for a full crawl queue should wait before retrying. */
export const CRAWL_QUEUE_RETRY_AFTER_SECONDS = 10;

export interface ScoreRequest {
  url: string;
  depth: ScoreDepth;
  context: string | null;
  /** A name the caller supplied; otherwise it is read from the site. */
  companyName: string | null;
  /** null: an anonymous score, held until linked. */
  owner: { accountId: string; userId: string } | null;
  productId: string | null;
  /** The market segment the caller placed the score in (a metadata segment key), for peer benchmarks. */
  segment?: string | null;
  /** Aborts when the client goes away: the crawl stops at once. */
  signal: AbortSignal;
  /** Told the progress as it changes; an observer only: the result is the same with it or without. */
  onProgress?: (progress: ScoreProgress) => void;
  /**
   * Runs in the transaction that stores the result: the admission's charge
   * stands with it (metering's charges in flight), and a queued score's run
   * is marked done in it (score-runs.ts). When it throws, nothing is stored.
   */
  settleCharge?: (tx: Transaction, result: ScoringResult) => Promise<void>;
  /**
   * An anonymous score run as a job: the hash of the claim token the web
   * request holds (and hands to the caller); the worker never sees the
   * token. Without it, an anonymous score makes its own token.
   */
  claimTokenHash?: string;
}

/** The address cannot be scored: not absolute http(s), carries credentials, or names a refused address. */
export type InvalidUrl = { ok: false; reason: 'invalid_url'; detail: string };

export type ScoreFailure =
  | InvalidUrl
  /** The score queue is deeper than its bound (score-jobs.ts): retry after `retryAfterSeconds`. */
  | { ok: false; reason: 'crawl_queue_full'; retryAfterSeconds: number }
  /** The crawl could not read the site; `detail` says why. */
  | { ok: false; reason: 'crawl_failed'; detail: string }
  /** Judging the crawled pages failed on our side (logged). */
  | { ok: false; reason: 'score_failed' }
  /** The account was erased while its site was being scored: nothing to store it under. */
  | { ok: false; reason: 'account_erased' }
  /** The client went away before the result was stored: nothing was stored, and nobody is waiting for an answer. */
  | { ok: false; reason: 'client_gone' };

export type ScoreOutcome = { ok: true; result: ScoringResult; claimToken: string | null } | ScoreFailure;

export type LinkOutcome =
  | { ok: true; result: ScoringResult }
  | { ok: false; reason: 'already_linked' }
  /** No held (unlinked) result has this id and claim token. */
  | { ok: false; reason: 'no_held_result' };

/** A product's latest score, for the score decay reminders (ScoringService.productsLastScoredBefore). */
export interface LatestProductScore {
  productId: string;
  accountId: string;
  resultId: string;
  companyName: string | null;
  totalScore: number;
  stageName: string;
  scoredAt: Date;
}

export interface ScoringDependencies {
  db: Database;
  clock: Clock;
  crawler: Crawler;
  /** The optional language-model refinement; null scores with the deterministic engine alone. */
  refiner: LlmRefiner | null;
  crawlAllowlist: string[];
  fullCrawlMaxPages: number;
  log: FastifyBaseLogger;
  /** The shared view's bodies, kept in this process (it also takes part in an account's erasure). */
  sharedResults: SharedResultCache;
  /** Crawled pages -> result; judgeCrawl unless a test hands in one that fails. */
  judge?: typeof judgeCrawl;
  /** Runs in the transaction that stores an account's result: e.g. the score.completed webhook event. */
  onResultStored?: (tx: Transaction, accountId: string, result: ScoringResult) => Promise<void>;
  /** Runs in the transaction that links a held anonymous result to an account: e.g. the score.linked webhook event. */
  onResultLinked?: (tx: Transaction, accountId: string, linked: { result: ScoringResult; linkedAt: Date; linkedByUserId: string }) => Promise<void>;
  /**
   * An account scoring its own product (issue 27): the measured signals and
   * team notes that go beside the site. The score's context is kept as a
   * team note first, so it counts the way the notes field does.
   */
  ownEvidence?: (
    owner: { accountId: string; userId: string },
    productId: string,
    context: string | null,
  ) => Promise<{ signals: MeasuredEvidenceInput[]; notes: TeamNoteInput[] }>;
}

const CLIENT_GONE = { ok: false, reason: 'client_gone' } as const;

/** The address pre-check: http(s) (https when none is typed), no credentials, no refused address. */
export function validateScoreUrl(input: string, allowlist: string[]): { ok: true; url: string } | InvalidUrl {
  const check = checkTargetUrl(withDefaultScheme(input), allowlist);
  if (!check.ok) return { ok: false, reason: 'invalid_url', detail: check.reason };
  return { ok: true, url: check.url.toString() };
}

export class ScoringService {
  readonly #deps: ScoringDependencies;

  constructor(deps: ScoringDependencies) {
    this.#deps = deps;
  }

  /**
   * Crawls, judges and stores one score. When the request's signal aborts (the
   * client went away) before the result is stored, the work stops and nothing
   * is stored: the outcome is `client_gone`, for the caller to refund.
   */
  async score(request: ScoreRequest): Promise<ScoreOutcome> {
    const deps = this.#deps;
    const target = validateScoreUrl(request.url, deps.crawlAllowlist);
    if (!target.ok) return target;

    const pageLimit = maxPagesFor(request.depth, deps.fullCrawlMaxPages);
    const observer = request.onProgress;
    let counts: CrawlProgress = { pagesFound: 0, pagesFetched: 0, pagesAnalysed: 0 };
    const report = (stage: ScoreStage) => {
      try {
        observer?.({ stage, ...counts, pageLimit });
      } catch {
        // An observer's failure is its own: the score goes on unchanged.
      }
    };
    const onCrawlProgress = (progress: CrawlProgress) => {
      counts = progress;
      report('crawling');
    };

    let crawl: CrawlSummary;
    try {
      // How many crawls run at once is the score queue's worker concurrency (score-worker.ts), not a concern of this service.
      crawl = await deps.crawler.crawl(target.url, { maxPages: pageLimit, signal: request.signal, ...(observer ? { onProgress: onCrawlProgress } : {}) });
    } catch (error) {
      if (request.signal.aborted) return CLIENT_GONE;
      if (error instanceof CrawlFailedError) return { ok: false, reason: 'crawl_failed', detail: error.message };
      throw error;
    }

    report('scoring');
    const createdAt = deps.clock.now();
    const judge = deps.judge ?? judgeCrawl;
    let result: ScoringResult;
    try {
      result = await judge(
        {
          crawl,
          url: target.url,
          asOf: createdAt,
          depth: request.depth,
          context: request.context,
          companyName: request.companyName,
          productId: request.productId,
          signal: request.signal,
          ...(observer ? { onRefining: () => report('refining') } : {}),
        },
        { refiner: deps.refiner, log: deps.log },
      );
    } catch (error) {
      if (request.signal.aborted) return CLIENT_GONE;
      deps.log.error({ err: error, url: target.url }, 'scoring failed');
      return { ok: false, reason: 'score_failed' };
    }
    // A refinement cut short by the abort still returns the deterministic result; nobody is left to receive it.
    if (request.signal.aborted) return CLIENT_GONE;

    const claimToken = request.owner || request.claimTokenHash ? null : newClaimToken();
    const claimTokenHash = request.owner ? null : (request.claimTokenHash ?? hashClaimToken(claimToken!));
    let evidenceView: CombinedEvidence | null = null;
    if (request.owner && request.productId && deps.ownEvidence) {
      const own = await deps.ownEvidence(request.owner, request.productId, request.context);
      const combined = combineEvidence(result.dimensions, own.signals, own.notes);
      evidenceView = combined.usesPrivateEvidence ? combined : null;
    }
    try {
      await this.#store(result, request, claimTokenHash, createdAt, evidenceView);
    } catch (error) {
      // The account was erased while its site was being scored: nothing to store it under.
      if (request.owner && isForeignKeyViolation(error)) return { ok: false, reason: 'account_erased' };
      throw error;
    }
    return { ok: true, result, claimToken };
  }

  async #store(
    result: ScoringResult,
    request: ScoreRequest,
    claimTokenHash: string | null,
    createdAt: Date,
    evidenceView: CombinedEvidence | null,
  ): Promise<void> {
    const deps = this.#deps;
    const owner = request.owner;
    const onStored = owner ? deps.onResultStored : undefined;
    const settle = request.settleCharge;
    if (onStored || settle) {
      // The result, its charge (and its run) and its event: one outcome.
      await deps.db.transaction(async (tx) => {
        await this.#insertResult(tx, result, request, claimTokenHash, createdAt, evidenceView);
        await settle?.(tx, result);
        if (owner) await onStored?.(tx, owner.accountId, result);
      });
      return;
    }
    await this.#insertResult(deps.db, result, request, claimTokenHash, createdAt, evidenceView);
  }

  async #insertResult(
    executor: Executor,
    result: ScoringResult,
    request: ScoreRequest,
    claimTokenHash: string | null,
    createdAt: Date,
    evidenceView: CombinedEvidence | null,
  ): Promise<void> {
    await executor.insert(scoringResults).values({
      id: result.id,
      accountId: request.owner?.accountId ?? null,
      productId: request.productId,
      createdByUserId: request.owner?.userId ?? null,
      url: result.url,
      result,
      context: request.context,
      evidenceView,
      depth: request.depth,
      segment: request.segment ?? null,
      claimTokenHash,
      createdAt,
    });
  }

  /**
   * The site, tools and team view of a result (issue 27): for its own
   * account always; for anyone else only once an admin published it.
   */
  async evidenceView(id: string, viewerAccountId: string | null): Promise<{ view: CombinedEvidence; publishedAt: Date | null; own: boolean } | null> {
    const [row] = await this.#deps.db
      .select({ accountId: scoringResults.accountId, view: scoringResults.evidenceView, publishedAt: scoringResults.evidencePublishedAt })
      .from(scoringResults)
      .where(eq(scoringResults.id, id));
    if (!row?.view) return null;
    const own = row.accountId !== null && row.accountId === viewerAccountId;
    return own || row.publishedAt ? { view: row.view, publishedAt: row.publishedAt, own } : null;
  }

  /** Makes (or stops making) a result's evidence view public; false when the account has no such view. */
  async publishEvidence(accountId: string, id: string, published: boolean): Promise<boolean> {
    const updated = await this.#deps.db
      .update(scoringResults)
      .set({ evidencePublishedAt: published ? this.#deps.clock.now() : null })
      .where(and(eq(scoringResults.id, id), eq(scoringResults.accountId, accountId), isNotNull(scoringResults.evidenceView)))
      .returning({ id: scoringResults.id });
    return updated.length > 0;
  }

  /** Any stored result, by id (public: results are shareable). */
  async get(id: string): Promise<ScoringResult | null> {
    const [row] = await this.#deps.db.select({ result: storedResult }).from(scoringResults).where(eq(scoringResults.id, id));
    return row?.result ?? null;
  }

  /**
   * Any stored result as the shared view sends it (public: results are
   * shareable): its body, made by `serialise` (the route's response
   * serialiser) on the first read, and its entity tag. Later reads come from
   * this process's cache, without a query. Linking does not change the body:
   * it holds no owner.
   */
  async sharedResult(id: string, serialise: (result: ScoringResult) => string): Promise<SharedResultBody | null> {
    return this.#deps.sharedResults.read(id, async () => {
      const [row] = await this.#deps.db
        .select({ result: storedResult, accountId: scoringResults.accountId })
        .from(scoringResults)
        .where(eq(scoringResults.id, id));
      return row ? { accountId: row.accountId, body: serialise(row.result) } : null;
    });
  }

  /** Each account's latest among the latest score of each company placed in the segment, whoever scored it (peer benchmarks): a lookup. */
  async accountLatestScoresIn(segment: string): Promise<CompanyScore[]> {
    return accountLatestScores(this.#deps.db, segment);
  }

  /** Any stored result with the segment it was placed in (public: results are shareable). */
  async segmentedResult(id: string): Promise<SegmentedResult | null> {
    return segmentedResult(this.#deps.db, id);
  }

  /**
   * Links a held anonymous result to the caller's account, once. The claim
   * token proves the caller is the one who ran it: ids are public.
   */
  async link(id: string, claimToken: string, owner: { accountId: string; userId: string }): Promise<LinkOutcome> {
    const linkedAt = this.#deps.clock.now();
    const onLinked = this.#deps.onResultLinked;
    const linked = await this.#deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(scoringResults)
        .set({ accountId: owner.accountId, createdByUserId: owner.userId, claimTokenHash: null, linkedAt })
        .where(and(eq(scoringResults.id, id), isNull(scoringResults.accountId), eq(scoringResults.claimTokenHash, hashClaimToken(claimToken))))
        .returning({ result: storedResult });
      if (row && onLinked) await onLinked(tx, owner.accountId, { result: row.result, linkedAt, linkedByUserId: owner.userId });
      return row;
    });
    if (linked) return { ok: true, result: linked.result };
    const [existing] = await this.#deps.db.select({ accountId: scoringResults.accountId }).from(scoringResults).where(eq(scoringResults.id, id));
    if (existing?.accountId) return { ok: false, reason: 'already_linked' };
    return { ok: false, reason: 'no_held_result' };
  }

  /**
   * The products whose latest score was made in [since, cutoff), with that
   * score, ordered by product id and paged after `afterProductId`. Only
   * account-owned, product-linked results count; a product never scored is
   * not listed (there is nothing to decay). Reads the results made in the
   * window (an index on the time) and, for each, whether a newer one of its
   * product exists (an index probe): the due work, not every product's
   * history.
   */
  async productsLastScoredBefore(cutoff: Date, page: { since: Date; afterProductId?: string; limit: number }): Promise<LatestProductScore[]> {
    const rows = await this.#deps.db
      .select({
        productId: sql<string>`${scoringResults.productId}`,
        accountId: sql<string>`${scoringResults.accountId}`,
        resultId: scoringResults.id,
        companyName: sql<string | null>`${scoringResults.result}->>'companyName'`,
        totalScore: sql<number>`(${scoringResults.result}->>'totalScore')::int`,
        stageName: sql<string>`${scoringResults.result}->>'stageName'`,
        scoredAt: scoringResults.createdAt,
      })
      .from(scoringResults)
      .where(
        and(
          isNotNull(scoringResults.productId),
          isNotNull(scoringResults.accountId),
          gte(scoringResults.createdAt, page.since),
          lt(scoringResults.createdAt, cutoff),
          page.afterProductId ? gt(scoringResults.productId, page.afterProductId) : undefined,
          sql`NOT EXISTS (SELECT 1 FROM scoring_results newer WHERE newer.product_id = ${scoringResults.productId} AND newer.account_id IS NOT NULL
                AND (newer.created_at, newer.id) > (${scoringResults.createdAt}, ${scoringResults.id}))`,
        ),
      )
      .orderBy(asc(scoringResults.productId))
      .limit(page.limit);
    return rows;
  }

  /** The accounts with at least one result made in [from, to), ordered by id and paged after `afterAccountId`. */
  async accountsScoredBetween(from: Date, to: Date, page: { afterAccountId?: string; limit: number }): Promise<string[]> {
    const rows = await this.#deps.db
      .selectDistinct({ accountId: scoringResults.accountId })
      .from(scoringResults)
      .where(
        and(
          isNotNull(scoringResults.accountId),
          gte(scoringResults.createdAt, from),
          lt(scoringResults.createdAt, to),
          page.afterAccountId ? gt(scoringResults.accountId, page.afterAccountId) : undefined,
        ),
      )
      .orderBy(asc(scoringResults.accountId))
      .limit(page.limit);
    return rows.map((row) => row.accountId!);
  }

  /**
   * What changed since the score of the same depth before this one: the same
   * product's, or, for a result with no product, the same address's, within
   * the account. A quick score is compared with the quick score before it and
   * a full one with the full one: a quick score reads six pages, so against a
   * full one it would report a drop the site never made. Null when the
   * account holds no result with this id.
   */
  async changeOf(accountId: string, resultId: string): Promise<ScoreChange | null> {
    const pair = await this.withPrevious(accountId, resultId);
    return pair && scoreChange(pair.previous, pair.current);
  }

  /**
   * A result of the account and the one it is compared with (as changeOf
   * compares them: the same product's, else the same address's, of the same
   * depth, made before it), with the product it was filed under. Null when
   * the account holds no result with this id.
   */
  async withPrevious(
    accountId: string,
    resultId: string,
  ): Promise<{ current: ScoringResult; previous: ScoringResult | null; productId: string | null } | null> {
    const db = this.#deps.db;
    const [current] = await db
      .select({
        result: storedResult,
        url: scoringResults.url,
        productId: scoringResults.productId,
        depth: scoringResults.depth,
        createdAt: scoringResults.createdAt,
      })
      .from(scoringResults)
      .where(and(eq(scoringResults.id, resultId), eq(scoringResults.accountId, accountId)));
    if (!current) return null;
    // The id first, then its document: as in history(), so no plan reads the document of every earlier row.
    const [before] = await db
      .select({ id: scoringResults.id })
      .from(scoringResults)
      .where(
        and(
          eq(scoringResults.accountId, accountId),
          current.productId ? eq(scoringResults.productId, current.productId) : eq(scoringResults.url, current.url),
          eq(scoringResults.depth, current.depth),
          lt(scoringResults.createdAt, current.createdAt),
        ),
      )
      .orderBy(desc(scoringResults.createdAt), desc(scoringResults.id))
      .limit(1);
    const [previous] = before ? await db.select({ result: storedResult }).from(scoringResults).where(eq(scoringResults.id, before.id)) : [];
    return { current: current.result, previous: previous?.result ?? null, productId: current.productId };
  }

  /**
   * One page of history(): at most `limit` results, and the cursor of the
   * next page (the last listed result's id) when there are more, else null.
   * One row past the page tells whether there are.
   */
  async historyPage(accountId: string, options: HistoryQuery): Promise<{ scores: ScoreSummary[]; nextCursor: string | null }> {
    const found = await this.history(accountId, { ...options, limit: options.limit + 1 });
    const scores = found.slice(0, options.limit);
    return { scores, nextCursor: found.length > options.limit ? scores.at(-1)!.id : null };
  }

  /**
   * One dimension's level in a product's scores, oldest first, from `since`
   * on when given (issue 28: a goal's progress), of one depth when given. At
   * most `limit` of the newest; of the oldest when `earliest` (a move's
   * first score after its dispatch).
   */
  async productDimensionLevels(
    accountId: string,
    productId: string,
    dimensionId: string,
    options: { since?: Date; limit: number; depth?: ScoreDepth; earliest?: boolean },
  ): Promise<{ resultId: string; level: number; scoredAt: Date }[]> {
    const order = options.earliest ? [asc(scoringResults.createdAt), asc(scoringResults.id)] : [desc(scoringResults.createdAt), desc(scoringResults.id)];
    const rows = await this.#deps.db
      .select({ id: scoringResults.id, result: scoringResults.result, createdAt: scoringResults.createdAt })
      .from(scoringResults)
      .where(
        and(
          eq(scoringResults.accountId, accountId),
          eq(scoringResults.productId, productId),
          options.since ? gte(scoringResults.createdAt, options.since) : undefined,
          options.depth ? eq(scoringResults.depth, options.depth) : undefined,
        ),
      )
      .orderBy(...order)
      .limit(options.limit);
    if (!options.earliest) rows.reverse();
    return rows.flatMap((row) => {
      const level = row.result.dimensions.find((dimension) => dimension.dimensionId === dimensionId)?.score;
      return level === undefined ? [] : [{ resultId: row.id, level, scoredAt: row.createdAt }];
    });
  }

  /**
   * The account's results, newest first (created_at, then id, descending);
   * within one product when productId is given, only those filed under no
   * product when `unfiled`, of one depth when depth is given, within
   * [createdFrom, createdBefore) when given, only the one result `id` when
   * given, and only those after the result `after` in that order when given
   * (keyset pagination: the cursor is the last result of the page before).
   */
  history(accountId: string, options: HistoryQuery): Promise<ScoreSummary[]> {
    return scoreHistory(this.#deps.db, accountId, options);
  }

  /** The account's newest `limit` results by the names they go by (for a company a coach question names): only what naming needs. */
  scoreNames(accountId: string, limit: number): Promise<ScoreName[]> {
    return scoreNames(this.#deps.db, accountId, limit);
  }
}

/** A new claim token for an anonymous result: handed to its caller once, stored only as its hash. */
export function newClaimToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function hashClaimToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

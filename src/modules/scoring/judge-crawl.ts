/**
 * The scoring pipeline without storage or admission: the crawled pages go to
 * the detector stage (findings, and the site facts the engine needs besides
 * them), the engine scores findings and facts without reading a page, the
 * language model optionally refines the levels, and the ScoringResult is
 * assembled. The service and the `maturity score` command both use it.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from 'typebox/value';
import type { CrawlSummary } from './artifacts.ts';
import type { DimensionId } from '../../framework/dimensions.ts';
import { scoreSite, withRefinedDimensions, type DimensionGrounding, type EngineResult } from './engine/score-site.ts';
import { toScoringResult } from './engine/scoring-result.ts';
import type { LlmRefiner } from './refinement/llm-refiner.ts';
import { ScoringResultSchema, type ScoreDepth, type ScoringResult } from './result-schema.ts';
import { detectSignals } from './signals/detect-signals.ts';
import { siteFacts } from './signals/site-facts.ts';

/** The reason the refinement is given for a level the quote rule held at 2. */
const HELD_WITHOUT_QUOTE = 'no quoted sentence on the site supports a higher level by itself';

export interface JudgeInput {
  crawl: CrawlSummary;
  /** The address that was scored, as validated. */
  url: string;
  /** The crawl date: staleness is measured against it. */
  asOf: Date;
  /** How much of the site the crawl was allowed to read (maxPagesFor): the result says so. */
  depth: ScoreDepth;
  context: string | null;
  companyName: string | null;
  productId: string | null;
  signal?: AbortSignal;
  /** Told when the language-model refinement starts (a progress display's stage); never changes the result. */
  onRefining?: () => void;
}

export interface JudgeDependencies {
  refiner: LlmRefiner | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** The public result, and the engine's arithmetic behind each dimension (never part of the result). */
export interface JudgedCrawl {
  result: ScoringResult;
  grounding: Record<DimensionId, DimensionGrounding>;
}

/** Crawled pages -> a validated ScoringResult. Throws when the engine fails or produces an invalid result. */
export async function judgeCrawl(input: JudgeInput, deps: JudgeDependencies): Promise<ScoringResult> {
  return (await judgeCrawlWithGrounding(input, deps)).result;
}

/** judgeCrawl, also handing back the grounding, for `maturity score --explain`. */
export async function judgeCrawlWithGrounding(input: JudgeInput, deps: JudgeDependencies): Promise<JudgedCrawl> {
  const engine = await refinedEngineResult(input, deps);
  const result = toScoringResult(engine, {
    id: crypto.randomUUID(),
    url: input.url,
    createdAt: input.asOf.toISOString(),
    depth: input.depth,
    productId: input.productId,
    crawledPages: input.crawl.pages.map((page) => page.finalUrl),
    crawlStats: { pagesAnalyzed: input.crawl.pages.length, contentLength: input.crawl.contentLength },
    ...(input.companyName ? { companyName: input.companyName } : {}),
  });
  if (!Value.Check(ScoringResultSchema, result)) {
    throw new Error(`the engine produced an invalid result: ${[...Value.Errors(ScoringResultSchema, result)][0]?.message}`);
  }
  return { result, grounding: engine.grounding };
}

async function refinedEngineResult(input: JudgeInput, deps: JudgeDependencies): Promise<EngineResult> {
  const { pages } = input.crawl;
  const findings = detectSignals(pages);
  const engine = scoreSite({ findings, facts: siteFacts(pages), asOf: input.asOf });
  if (!deps.refiner) return engine;
  input.onRefining?.();
  const outcome = await deps.refiner.refine(
    {
      companyName: input.companyName ?? engine.companyName ?? null,
      context: input.context,
      dimensions: engine.dimensions,
      findings,
      pageTexts: new Map(pages.map((page) => [page.finalUrl, page.mainText])),
      // A level the quote rule held is capped like one an anti-pattern capped: a model's reading adds no stated sentence.
      cappedBy: Object.fromEntries(
        Object.entries(engine.grounding).map(([id, grounding]) => [id, grounding.cappedBy ?? (grounding.heldWithoutQuote ? HELD_WITHOUT_QUOTE : null)]),
      ),
    },
    input.signal,
  );
  if (!outcome.refined) {
    deps.log.warn({ reason: outcome.reason, detail: outcome.detail }, 'LLM refinement unavailable; the deterministic result stands');
    return engine;
  }
  if (outcome.rejected.length > 0) deps.log.info({ rejected: outcome.rejected }, 'LLM refinements refused for some dimensions');
  return withRefinedDimensions(engine, outcome.dimensions);
}

/** How many pages a crawl of each depth reads. */
export function maxPagesFor(depth: ScoreDepth, fullCrawlMaxPages: number): number {
  return depth === 'quick' ? Math.min(QUICK_SCORE_MAX_PAGES, fullCrawlMaxPages) : fullCrawlMaxPages;
}

/** A quick score reads the start page and at most five more. */
export const QUICK_SCORE_MAX_PAGES = 6;

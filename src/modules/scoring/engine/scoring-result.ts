/**
 * Result assembly: an EngineResult plus what only the service knows (id,
 * address, creation time, depth, product, crawl facts) -> the ScoringResult of spec
 * part 2. The grounding stays behind: it is for refinement, not for callers.
 */
import type { ScoreDepth, ScoringResult } from '../result-schema.ts';
import type { EngineResult } from './score-site.ts';

export interface ResultIdentity {
  id: string;
  url: string;
  createdAt: string;
  depth: ScoreDepth;
  productId?: string | null;
  crawledPages?: string[];
  crawlStats?: { pagesAnalyzed: number; contentLength: number };
  /** A name the caller supplied wins over the one read from the site. */
  companyName?: string;
}

export function toScoringResult(engine: EngineResult, identity: ResultIdentity): ScoringResult {
  const companyName = identity.companyName ?? engine.companyName;
  return {
    id: identity.id,
    url: identity.url,
    ...(companyName ? { companyName } : {}),
    totalScore: engine.totalScore,
    stageName: engine.stageName,
    depth: identity.depth,
    dimensions: engine.dimensions,
    strengths: engine.strengths,
    gaps: engine.gaps,
    ...(identity.crawledPages ? { crawledPages: identity.crawledPages } : {}),
    crossDimensionNotes: engine.crossDimensionNotes,
    antiPatternsDetected: engine.antiPatternsDetected,
    ...(identity.crawlStats ? { crawlStats: identity.crawlStats } : {}),
    ...(identity.productId !== undefined ? { productId: identity.productId } : {}),
    createdAt: identity.createdAt,
  };
}

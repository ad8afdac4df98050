/**
 * What the LLM refinement step receives and returns. The input is assembled by
 * the scoring service from the deterministic result and the crawl; nothing
 * here depends on how the engine computed its levels.
 */
import type { DimensionId } from '../../../framework/dimensions.ts';
import type { Finding } from '../artifacts.ts';
import type { DimensionScore } from '../result-schema.ts';

export interface RefinementInput {
  companyName: string | null;
  /** The caller's own words about the company: unverified, never evidence. */
  context: string | null;
  /** The deterministic result's 27 dimension scores. */
  dimensions: readonly DimensionScore[];
  /** The detectors' findings (any order); they ground every refined level. */
  findings: readonly Finding[];
  /** Each crawled page's readable text (mainText) by its final URL; every quote is checked against it. */
  pageTexts: ReadonlyMap<string, string>;
  /** Dimensions an anti-pattern capped, with the anti-pattern's name: the model may not raise them. */
  cappedBy?: Partial<Record<DimensionId, string | null>>;
}

/** Why the deterministic dimensions came back unchanged. */
export type FallbackReason = 'provider-error' | 'timeout' | 'aborted' | 'invalid-output';

/** Why one dimension's refinement was refused (that dimension keeps its deterministic score). */
export type RejectionReason = 'level-unsupported' | 'quote-without-findings' | 'quote-not-verbatim' | 'quote-too-long' | 'reasoning-invalid';

export interface RejectedRefinement {
  dimensionId: DimensionId;
  reason: RejectionReason;
}

export type RefinementOutcome =
  | {
      refined: true;
      /** The refined scores in the input's order; the caller recomputes total, tier, strengths and gaps. */
      dimensions: DimensionScore[];
      /** Dimensions whose refinement was refused, for the log. */
      rejected: RejectedRefinement[];
    }
  | {
      refined: false;
      /** The input's dimensions, unchanged. */
      dimensions: DimensionScore[];
      reason: FallbackReason;
      /** A short description for the log (never shown to users). */
      detail: string;
    };

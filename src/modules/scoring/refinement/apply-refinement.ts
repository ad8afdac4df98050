/**
 * Merges a validated model answer into the deterministic scores, one
 * dimension at a time. A dimension whose refinement breaks a grounding rule
 * (a level its findings cannot carry, a quote not found verbatim on the page
 * it cites, a quote for a dimension the detectors found nothing for, an empty
 * or rambling reasoning) keeps its deterministic score, evidence and
 * reasoning whole: a refinement that invented a quote is not trusted for its
 * level either. So a dimension without findings keeps "No public evidence..."
 * and level 1. Pure.
 */
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import type { DimensionScore } from '../result-schema.ts';
import { MAX_QUOTE_LENGTH } from '../signals/quote.ts';
import { allowedLevels } from './level-band.ts';
import type { DimensionRefinement, RefinementAnswer } from './refinement-answer.ts';
import type { RefinementInput, RejectedRefinement, RejectionReason } from './refinement-input.ts';

/** A few sentences; longer answers are usually the model thinking aloud. */
export const MAX_REASONING_CHARS = 1200;

export interface AppliedRefinement {
  dimensions: DimensionScore[];
  rejected: RejectedRefinement[];
}

export function applyRefinement(input: RefinementInput, answer: RefinementAnswer): AppliedRefinement {
  const refinements = new Map(answer.dimensions.map((entry) => [entry.dimensionId, entry]));
  const findings = Map.groupBy(input.findings, (finding) => finding.dimensionId);
  const rejected: RejectedRefinement[] = [];
  const dimensions = input.dimensions.map((score) => {
    const refinement = refinements.get(score.dimensionId);
    if (!refinement) return score;
    const problem = refusalReason(score, refinement, findings.get(score.dimensionId) ?? [], input);
    if (problem) {
      rejected.push({ dimensionId: score.dimensionId, reason: problem });
      return score;
    }
    return refinedScore(score, refinement);
  });
  return { dimensions, rejected };
}

function refusalReason(score: DimensionScore, refinement: DimensionRefinement, findings: readonly Finding[], input: RefinementInput): RejectionReason | null {
  const band = allowedLevels(score.score, findings, Boolean(input.cappedBy?.[score.dimensionId]));
  if (refinement.level < band.lowest || refinement.level > band.highest) return 'level-unsupported';
  const reasoning = refinement.reasoning.trim();
  if (reasoning.length === 0 || reasoning.length > MAX_REASONING_CHARS) return 'reasoning-invalid';
  if (refinement.quote) {
    // The model judges the detectors' evidence; it does not bring evidence of its own.
    if (findings.length === 0) return 'quote-without-findings';
    const text = refinement.quote.text.trim();
    if (text.length > MAX_QUOTE_LENGTH) return 'quote-too-long';
    const page = input.pageTexts.get(refinement.quote.url);
    if (text.length === 0 || page === undefined || !page.includes(text)) return 'quote-not-verbatim';
  }
  return null;
}

function refinedScore(score: DimensionScore, refinement: DimensionRefinement): DimensionScore {
  return {
    ...score,
    score: refinement.level,
    stageName: stageForLevel(refinement.level),
    reasoning: refinement.reasoning.trim(),
    // Same form as the engine's evidence text, so a reader can check the quote on the page.
    evidence: refinement.quote ? `"${refinement.quote.text.trim()}" (${refinement.quote.url})` : score.evidence,
  };
}

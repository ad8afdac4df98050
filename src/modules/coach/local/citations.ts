/**
 * How the coach cites a company's own result: "level N of 4 (Stage)", a short
 * quote of the evidence, an excerpt of the reasoning. Every answer about the
 * company goes through these, so the citations read the same everywhere.
 */
import { MAX_LEVEL, stageForLevel } from '../../../framework/tiers.ts';
import type { DimensionScore } from '../../scoring/result-schema.ts';
import { firstEvidence, wholeSentences } from './markdown.ts';
import { dimensionName } from './result-view.ts';

const REASONING_EXCERPT_CHARS = 240;

/** Evidence strings that report an absence rather than quote the site. */
const NO_EVIDENCE = /\bno (?:public |clear |visible )?(?:evidence|signals?|mention)\b|\bnot found\b|\bnothing (?:was )?found\b|\bwas not (?:found|detected)\b/i;

export function levelPhrase(score: DimensionScore): string {
  return `level ${score.score} of ${MAX_LEVEL} (${score.stageName})`;
}

export function targetLevelPhrase(level: number): string {
  return `level ${level} (${stageForLevel(level)})`;
}

function hasEvidence(score: DimensionScore): boolean {
  return score.evidence.trim().length > 0 && !NO_EVIDENCE.test(score.evidence);
}

/**
 * The evidence as a sentence: its first quote, whole (the engine keeps a
 * quote to one sentence of at most 300 characters), when the site said
 * something; the stated absence otherwise.
 */
export function evidenceSentence(score: DimensionScore): string {
  if (score.evidence.trim().length === 0) return 'The crawl recorded no evidence for it.';
  return hasEvidence(score)
    ? `Evidence from your site: “${firstEvidence(score.evidence)}”.`
    : `What the crawl reported: ${withFullStop(wholeSentences(score.evidence, 0))}`;
}

function withFullStop(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** The reasoning's first sentences, as many whole ones as fit in maxChars. */
export function reasoningExcerpt(score: DimensionScore, maxChars = REASONING_EXCERPT_CHARS): string {
  return wholeSentences(score.reasoning, maxChars);
}

/** "**Pricing & Packaging**: level 1 of 4 (Foundation), medium confidence." */
export function citeLevel(score: DimensionScore): string {
  return `**${dimensionName(score.dimensionId)}**: ${levelPhrase(score)}, ${score.confidence} confidence.`;
}

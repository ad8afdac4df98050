/**
 * What the result page and the image card show of a result, worked out from
 * the stored ScoringResult alone: the dimensions grouped by the six
 * functions with each function's average level, and the evidence string
 * split back into its quotes and the pages they came from.
 */
import { DIMENSIONS, type DimensionId } from '../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS, type ProductFunction } from '../framework/functions.ts';
import { PLAYBOOK, playbookStep } from '../framework/playbook.ts';
import { MAX_LEVEL } from '../framework/tiers.ts';
import type { DimensionScore, ScoringResult } from '../modules/scoring/result-schema.ts';

/**
 * The highest total a result can have. The spec bounds totalScore at 135,
 * but every dimension scores 1 to 4, so no result passes 27 × 4 = 108
 * (docs/DECISIONS.md, "Total to tier"): the pages and the card say "of 108".
 */
export const MAX_TOTAL_SCORE = DIMENSIONS.length * MAX_LEVEL;

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "25 November 2026": the day a result was scored, the same in every time zone. */
export function scoredOn(result: Pick<ScoringResult, 'createdAt'>): string {
  return DATE_FORMAT.format(new Date(result.createdAt));
}

export interface FunctionSummary {
  id: ProductFunction;
  label: string;
  /** Mean level of its dimensions, 1 to 4, to one decimal. */
  average: number;
  dimensions: DimensionScore[];
}

const FUNCTION_OF = new Map<DimensionId, ProductFunction>(DIMENSIONS.map((d) => [d.id, d.function]));

export function functionSummaries(result: Pick<ScoringResult, 'dimensions'>): FunctionSummary[] {
  return FUNCTIONS.map((id) => {
    const dimensions = result.dimensions.filter((d) => FUNCTION_OF.get(d.dimensionId) === id);
    const sum = dimensions.reduce((total, d) => total + d.score, 0);
    return { id, label: FUNCTION_LABELS[id], average: dimensions.length === 0 ? 0 : Math.round((sum / dimensions.length) * 10) / 10, dimensions };
  });
}

/** One item of a DimensionScore's evidence: a quote (or an observation) and the page it came from. */
export interface EvidenceItem {
  kind: 'quote' | 'observation';
  text: string;
  /** The crawled page, when the item names one. */
  url: string | null;
}

/**
 * The engine writes evidence as items joined by "; ", each `"quote" (url)` or
 * `Label value (url)` (scoring/engine/evidence-text.ts); an absence is one
 * sentence with no page. Text that does not follow that form is kept whole,
 * as one observation without a page.
 */
export function evidenceItems(evidence: string): EvidenceItem[] {
  const items: EvidenceItem[] = [];
  const pattern = /(.+?) \((https?:\/\/[^\s()]+)\)(?:; |$)/gsy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(evidence)) !== null) {
    const text = match[1]!;
    const quoted = text.length >= 2 && text.startsWith('"') && text.endsWith('"');
    items.push({ kind: quoted ? 'quote' : 'observation', text: quoted ? text.slice(1, -1) : text, url: match[2]! });
    consumed = pattern.lastIndex;
  }
  if (consumed < evidence.length) return evidence.trim() === '' ? [] : [{ kind: 'observation', text: evidence.trim(), url: null }];
  return items;
}

/** The company's name as the page titles it: as scored, else the site's host. */
export function companyLabel(result: Pick<ScoringResult, 'companyName' | 'url'>): string {
  const name = result.companyName?.trim();
  if (name) return name;
  try {
    return new URL(result.url).hostname;
  } catch {
    return result.url;
  }
}

/** The one thing to do next in a dimension: the playbook's first step towards the next level, or how to keep level 4. */
export interface NextStep {
  /** "Next step" below the top level; "To keep it" at level 4. */
  label: string;
  text: string;
}

export function nextStepOf(score: Pick<DimensionScore, 'dimensionId' | 'score'>): NextStep {
  const step = playbookStep(score.dimensionId, score.score);
  if (step) return { label: `Next step towards level ${score.score + 1}`, text: step.firstSteps[0]! };
  return { label: 'To keep it at the top', text: PLAYBOOK[score.dimensionId].sustain.practices[0]! };
}

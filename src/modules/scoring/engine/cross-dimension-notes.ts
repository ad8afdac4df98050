/**
 * Narrative on patterns across dimensions and functions: where one function
 * runs ahead of another, and pairs of dimensions whose combination says more
 * than either alone. At most MAX_NOTES sentences; null when nothing stands out.
 */
import { DIMENSIONS, type DimensionId } from '../../../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';

const MAX_NOTES = 3;
/** Function averages this far apart (in levels) make an imbalance worth naming. */
const IMBALANCE_GAP = 1;
/** Every function at or above this average, within the gap, is even maturity. */
const EVEN_MATURITY_LEVEL = 3;
/** Every function below this average means little public evidence anywhere. */
const SPARSE_EVIDENCE_LEVEL = 1.5;

const LAGGING_FUNCTION: Record<ProductFunction, string> = {
  strategy: 'the site shows little of how direction is chosen and communicated',
  design: 'little of the research and design practice behind the product is visible',
  development: 'the engineering foundation is less visible than the rest',
  intelligence: 'little shows that usage and customer signals flow back into decisions',
  operations: 'experimentation, process and security practice lag behind',
  gtm: 'the market-facing story and commercial model lag behind the product',
};

type Levels = Record<DimensionId, number>;

/** Pairs where a strong dimension next to a weak one points to a specific gap. */
const PAIR_PATTERNS: readonly { strong: DimensionId; weak: DimensionId; note: string }[] = [
  {
    strong: 'delivery_velocity',
    weak: 'feedback_loop_quality',
    note: 'Releases are frequent, but nothing shows them tied back to what customers asked for.',
  },
  {
    strong: 'developer_ecosystem',
    weak: 'spec_context_quality',
    note: 'The developer surface (API, integrations) is broad, but the documentation behind it is thin.',
  },
  {
    strong: 'product_analytics',
    weak: 'quality_experimentation',
    note: 'Usage is measured, but there is no sign of experiments turning that data into tested changes.',
  },
  {
    strong: 'pricing_packaging',
    weak: 'adoption_expansion',
    note: 'Pricing is well structured, but there is no self-serve path to start small and expand.',
  },
  {
    strong: 'customer_signal_synthesis',
    weak: 'research_discovery',
    note: 'Customer stories are strong, but no research practice behind them is visible.',
  },
  {
    strong: 'roadmap_discipline',
    weak: 'delivery_velocity',
    note: 'The roadmap is public, but the record of what actually shipped is weak.',
  },
];
const STRONG_LEVEL = 3;
const WEAK_LEVEL = 1;

function functionAverages(levels: Levels): { fn: ProductFunction; average: number }[] {
  return FUNCTIONS.map((fn) => {
    const members = DIMENSIONS.filter((d) => d.function === fn);
    return { fn, average: members.reduce((sum, d) => sum + levels[d.id], 0) / members.length };
  });
}

const formatAverage = (value: number) => value.toFixed(1);

export function crossDimensionNotes(levels: Levels): string | null {
  const averages = functionAverages(levels);
  // Ties go to the framework's function order, so the note is deterministic.
  const strongest = averages.reduce((best, a) => (a.average > best.average ? a : best));
  const weakest = averages.reduce((worst, a) => (a.average < worst.average ? a : worst));
  const notes: string[] = [];

  if (averages.every((a) => a.average < SPARSE_EVIDENCE_LEVEL)) {
    notes.push(
      "There is little public evidence in any function yet: the site reads as early-stage, so each function's first visible practice will move the score most.",
    );
  } else if (strongest.average - weakest.average >= IMBALANCE_GAP) {
    notes.push(
      `${FUNCTION_LABELS[strongest.fn]} (average ${formatAverage(strongest.average)}) runs well ahead of ${FUNCTION_LABELS[weakest.fn]} (average ${formatAverage(weakest.average)}): ${LAGGING_FUNCTION[weakest.fn]}.`,
    );
  } else if (weakest.average >= EVEN_MATURITY_LEVEL) {
    notes.push('Maturity is even across all six functions, with no function trailing the others by a full level.');
  }
  for (const pattern of PAIR_PATTERNS) {
    if (levels[pattern.strong] >= STRONG_LEVEL && levels[pattern.weak] <= WEAK_LEVEL) notes.push(pattern.note);
  }
  return notes.length === 0 ? null : notes.slice(0, MAX_NOTES).join(' ');
}

/**
 * Answers that compare functions: two head to head, one against the company,
 * or all six ranked; then, on follow-ups, their dimensions and the reasons
 * behind the weakest ones. Functions hold four or five dimensions, so
 * comparisons rest on the average level, with the sums shown beside it.
 */
import type { ProductFunction } from '../../../../framework/functions.ts';
import { playbookStep } from '../../../../framework/playbook.ts';
import { evidenceSentence, levelPhrase, reasoningExcerpt } from '../citations.ts';
import type { FunctionView } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst, possessive } from '../markdown.ts';
import { dimensionName, functionStanding, tierStanding, type FunctionStanding, type ResultView } from '../result-view.ts';

/** Averages differing by less than this read as level. */
const LEVEL_MARGIN = 0.05;

export function averageText(average: number): string {
  return average.toFixed(1);
}

function standingLine(f: FunctionStanding): string {
  return `${f.label}: ${f.sum} of ${f.max} over ${f.scores.length} dimensions, average level ${averageText(f.average)}`;
}

function strongestOf(view: ResultView, f: FunctionStanding) {
  return view.strongest.find((score) => f.scores.includes(score));
}

export function functionsAnswer(view: ResultView, functions: readonly ProductFunction[], functionView: FunctionView): string {
  const standings = functions.map((fn) => functionStanding(view, fn));
  const ranked = [...standings].sort((a, b) => b.average - a.average);
  if (functionView === 'breakdown') return breakdown(view, ranked);
  if (functionView === 'why') return reasons(view, ranked);
  if (standings.length === 1) return single(view, standings[0]!);
  if (standings.length === 2) return headToHead(view, standings[0]!, standings[1]!);
  return ranking(view, ranked);
}

function companyAverage(view: ResultView): number {
  return tierStanding(view).averageLevel;
}

function firstStepFor(f: FunctionStanding): string | null {
  const weakest = f.scores[0];
  const step = weakest ? playbookStep(weakest.dimensionId, weakest.score) : null;
  if (!weakest || !step) return null;
  return `Holding ${f.label} back most: **${dimensionName(weakest.dimensionId)}**, ${levelPhrase(weakest)}. A first step: ${lowerFirst(asItem(step.firstSteps[0]!))}.`;
}

function headToHead(view: ResultView, a: FunctionStanding, b: FunctionStanding): string {
  const [ahead, behind] = a.average >= b.average ? [a, b] : [b, a];
  const gap = ahead.average - behind.average;
  const best = strongestOf(view, ahead);
  return joinBlocks([
    heading(`${a.label} vs ${b.label} at ${view.company}`),
    bullets([standingLine(a), standingLine(b)]),
    gap < LEVEL_MARGIN
      ? `They are level on average. Your company-wide average is ${averageText(companyAverage(view))}.`
      : `${ahead.label} is ahead by ${averageText(gap)} of a level per dimension; the company-wide average is ${averageText(companyAverage(view))}.`,
    best ? `${possessive(ahead.label)} strongest: **${dimensionName(best.dimensionId)}**, ${levelPhrase(best)}. ${evidenceSentence(best)}` : null,
    firstStepFor(behind),
  ]);
}

function single(view: ResultView, f: FunctionStanding): string {
  const average = companyAverage(view);
  const relation = Math.abs(f.average - average) < LEVEL_MARGIN ? 'level with' : f.average > average ? 'above' : 'below';
  return joinBlocks([
    heading(`${f.label} at ${view.company}`),
    `${standingLine(f)}: ${relation} your company-wide average of ${averageText(average)}.`,
    bullets(f.scores.map((s) => `${dimensionName(s.dimensionId)}: ${levelPhrase(s)}`)),
    firstStepFor(f),
  ]);
}

function ranking(view: ResultView, ranked: FunctionStanding[]): string {
  const best = ranked[0]!;
  const worst = ranked.at(-1)!;
  return joinBlocks([
    heading(`${possessive(view.company)} functions, strongest first`),
    bullets(ranked.map(standingLine)),
    `${best.label} leads and ${worst.label} trails, ${averageText(best.average - worst.average)} of a level apart on average.`,
    firstStepFor(worst),
  ]);
}

function breakdown(view: ResultView, ranked: FunctionStanding[]): string {
  // With all six functions, listing 27 lines is noise: show the two ends.
  const shown = ranked.length > 2 ? [ranked[0]!, ranked.at(-1)!] : ranked;
  return joinBlocks([
    heading(`Dimension by dimension`),
    ...shown.map((f) =>
      joinBlocks([`${standingLine(f)}:`, bullets(f.scores.map((s) => `${dimensionName(s.dimensionId)}: ${levelPhrase(s)}, ${s.confidence} confidence`))]),
    ),
    'Ask about any of these by name for its evidence or its playbook.',
  ]);
}

function reasons(view: ResultView, ranked: FunctionStanding[]): string {
  const worst = ranked.at(-1)!;
  const lowest = worst.scores.slice(0, 2);
  return joinBlocks([
    heading(`Why ${worst.label} trails at ${view.company}`),
    `It averages ${averageText(worst.average)}. The assessment's reasons for its two lowest dimensions:`,
    bullets(lowest.map((s) => `${dimensionName(s.dimensionId)}, ${levelPhrase(s)}: ${reasoningExcerpt(s, 200)}`)),
    ranked.length > 1 ? `By contrast ${ranked[0]!.label} averages ${averageText(ranked[0]!.average)}.` : null,
  ]);
}

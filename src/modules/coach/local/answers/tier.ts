/**
 * Answers about the total and the tier: where it sits in its band, how far
 * the next tier is, which cheap level-ups would get there, how the levels are
 * spread, and what lies beyond the next tier.
 */
import { DIMENSION_IDS } from '../../../../framework/dimensions.ts';
import { FUNCTIONS } from '../../../../framework/functions.ts';
import { playbookStep } from '../../../../framework/playbook.ts';
import { MAX_LEVEL, MIN_LEVEL, TIER_BANDS } from '../../../../framework/tiers.ts';
import type { TierView } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst, possessive } from '../markdown.ts';
import { cheapestLevelUps, dimensionName, functionStanding, tierStanding, type ResultView } from '../result-view.ts';
import { averageText } from './functions.ts';

/** How many level-ups a tier answer lists, whatever the distance to the next tier. */
const MIN_LISTED_LEVEL_UPS = 3;
const MAX_LISTED_LEVEL_UPS = 5;
/** How many level-1 names the distribution answer spells out. */
const MAX_NAMED_FOUNDATIONS = 6;

export function tierAnswer(view: ResultView, tierView: TierView): string {
  switch (tierView) {
    case 'summary':
      return summary(view);
    case 'functions':
      return byFunction(view);
    case 'distribution':
      return distribution(view);
    case 'beyond':
      return beyond(view);
  }
}

function summary(view: ResultView): string {
  const s = tierStanding(view);
  const opening = `That is an average level of ${averageText(s.averageLevel)} across the ${DIMENSION_IDS.length} dimensions (each scores ${MIN_LEVEL} to ${MAX_LEVEL}).${s.band ? ` The ${s.stageName} tier covers totals ${s.band.minTotal}–${s.band.maxTotal}.` : ''}`;
  if (!s.next || s.pointsToNext === null) {
    const below = cheapestLevelUps(view).slice(0, MAX_LISTED_LEVEL_UPS);
    return joinBlocks([
      heading(`${view.company}: ${s.total} of ${s.maxTotal}, ${s.stageName} tier`),
      `${opening} This is the top tier; what matters now is keeping it as the market moves.`,
      below.length > 0
        ? `${below.length === 1 ? 'One dimension is' : 'Dimensions are'} still below level 4: ${below.map((d) => `${dimensionName(d.dimensionId)} (level ${d.score})`).join(', ')}.`
        : 'Every dimension is at level 4.',
    ]);
  }
  const listed = cheapestLevelUps(view).slice(0, Math.min(MAX_LISTED_LEVEL_UPS, Math.max(MIN_LISTED_LEVEL_UPS, s.pointsToNext)));
  return joinBlocks([
    heading(`${view.company}: ${s.total} of ${s.maxTotal}, ${s.stageName} tier`),
    opening,
    `${s.next.stageName} starts at ${s.next.minTotal}, so you are ${s.pointsToNext} point${s.pointsToNext === 1 ? '' : 's'} away. Every dimension that rises one level adds one point.`,
    heading(`Cheapest level-ups toward ${s.next.stageName}`),
    bullets(
      listed.map(
        (d) =>
          `${dimensionName(d.dimensionId)} (level ${d.score} → ${d.score + 1}): ${lowerFirst(asItem(playbookStep(d.dimensionId, d.score)!.firstSteps[0]!))}`,
      ),
    ),
    s.pointsToNext > listed.length ? `That is ${listed.length} of the ${s.pointsToNext} level-ups needed; ask for a 30/60/90-day plan for the rest.` : null,
  ]);
}

function byFunction(view: ResultView): string {
  const standings = FUNCTIONS.map((fn) => functionStanding(view, fn)).sort((a, b) => b.average - a.average);
  const best = standings[0]!;
  const worst = standings.at(-1)!;
  return joinBlocks([
    heading(`Where ${possessive(view.company)} ${view.result.totalScore} points come from`),
    bullets(standings.map((f) => `${f.label}: ${f.sum} of ${f.max} (average ${averageText(f.average)})`)),
    `${best.label} carries the total; ${worst.label} holds it back most. Functions have four or five dimensions, so compare the averages rather than the sums. Ask "how does ${worst.label.toLowerCase()} compare to ${best.label.toLowerCase()}?" for detail.`,
  ]);
}

function distribution(view: ResultView): string {
  const s = tierStanding(view);
  const counts = [1, 2, 3, 4].map((level) => view.weakest.filter((d) => d.score === level).length);
  const foundations = view.weakest.filter((d) => d.score === MIN_LEVEL);
  return joinBlocks([
    heading(`Why ${view.company} is in ${s.stageName}`),
    `The tier is your average level mapped onto five equal bands between 1 and 4. Your average is ${averageText(s.averageLevel)}, from these levels:`,
    bullets(counts.map((count, i) => `level ${i + 1}: ${count} dimension${count === 1 ? '' : 's'}`)),
    foundations.length > 0
      ? `The level-1 dimensions pull the average down most, and they are the cheapest to lift: ${foundations
          .slice(0, MAX_NAMED_FOUNDATIONS)
          .map((d) => dimensionName(d.dimensionId))
          .join(', ')}${foundations.length > MAX_NAMED_FOUNDATIONS ? ` and ${foundations.length - MAX_NAMED_FOUNDATIONS} more` : ''}.`
      : 'No dimension is at level 1, so each further point comes from turning visible practices into systematic ones.',
  ]);
}

function beyond(view: ResultView): string {
  const s = tierStanding(view);
  const after = s.next ? TIER_BANDS[TIER_BANDS.indexOf(s.next) + 1] : undefined;
  const headroom = FUNCTIONS.map((fn) => functionStanding(view, fn)).sort((a, b) => b.max - b.sum - (a.max - a.sum));
  const target = after ?? s.next;
  if (!target) {
    return joinBlocks([
      heading('Beyond the top tier'),
      `${view.company} is already in ${s.stageName}. The remaining headroom is ${s.maxTotal - s.total} point${s.maxTotal - s.total === 1 ? '' : 's'}, mostly in ${headroom[0]!.label}; the work is to sustain level-4 practices so they keep compounding.`,
    ]);
  }
  const needed = target.minTotal - s.total;
  return joinBlocks([
    heading(`The road to ${target.stageName}`),
    `${target.stageName} starts at ${target.minTotal}: ${needed} points above your ${s.total}, so ${needed} dimension level-ups in all, for an average level of ${averageText(target.minTotal / DIMENSION_IDS.length)}. Level-1 steps are the cheapest; past that, most points come from making level-2 practices systematic.`,
    heading('Where the headroom is'),
    bullets(headroom.slice(0, 3).map((f) => `${f.label}: ${f.max - f.sum} points left (${f.sum} of ${f.max})`)),
  ]);
}

/**
 * 30/60/90-day plans built from the company's gaps, cheapest next steps
 * first: start the first steps, turn them into practices, then measure and
 * re-score. A plan can cover everything, one function or one dimension.
 */
import { dimensionById } from '../../../../framework/dimensions.ts';
import { FUNCTION_LABELS } from '../../../../framework/functions.ts';
import { PLAYBOOK, playbookStep } from '../../../../framework/playbook.ts';
import { MAX_LEVEL, TIER_BANDS, tierForTotal } from '../../../../framework/tiers.ts';
import type { DimensionScore } from '../../../scoring/result-schema.ts';
import { levelPhrase, reasoningExcerpt } from '../citations.ts';
import { LIST_SIZE, scopeDimensions, type PlanScope, type PlanView } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst, possessive } from '../markdown.ts';
import { cheapestLevelUps, dimensionName, tierStanding, type ResultView } from '../result-view.ts';
import { EFFORT_WORDS } from './dimension.ts';

/** Extra quick wins started in days 31–60, beyond the three main items. */
const SECOND_WAVE = 2;

export function planAnswer(view: ResultView, scope: PlanScope, planView: PlanView): string {
  if (scope !== 'all' && 'dimension' in scope) {
    const score = view.scoreOf(scope.dimension);
    if (score) return dimensionPlan(view, score, planView);
  }
  const candidates = cheapestLevelUps(view, scopeDimensions(scope));
  const title = scopeTitle(view, scope);
  if (candidates.length === 0) return allAtTop(view, title);
  switch (planView) {
    case 'plan':
      return mainPlan(view, title, candidates);
    case 'detail':
      return firstMonthDetail(candidates);
    case 'why':
      return planReasons(candidates);
    case 'beyond':
      return afterNinetyDays(view, candidates);
  }
}

function scopeTitle(view: ResultView, scope: PlanScope): string {
  if (scope === 'all') return view.company;
  const subject = 'dimension' in scope ? dimensionName(scope.dimension) : FUNCTION_LABELS[scope.function];
  return `${possessive(view.company)} ${subject}`;
}

function step(s: DimensionScore) {
  return playbookStep(s.dimensionId, s.score)!;
}

function name(s: DimensionScore): string {
  return dimensionName(s.dimensionId);
}

/** The total and tier if each listed dimension rises one level. */
function projection(view: ResultView, count: number): string {
  const { total } = tierStanding(view);
  const projected = Math.min(total + count, TIER_BANDS.at(-1)!.maxTotal);
  const tier = tierForTotal(projected);
  const change = tier === view.result.stageName ? `still ${tier}` : `which reaches ${tier}`;
  return `if these ${count} dimensions each rise one level, your total goes from ${total} to ${projected}, ${change}`;
}

function mainPlan(view: ResultView, title: string, candidates: DimensionScore[]): string {
  const core = candidates.slice(0, LIST_SIZE);
  const wave = candidates.slice(LIST_SIZE, LIST_SIZE + SECOND_WAVE);
  return joinBlocks([
    heading(`30/60/90-day plan for ${title}`),
    `Built from your lowest levels, cheapest next steps first. Today: ${view.result.totalScore} points, ${view.result.stageName}.`,
    heading('Days 1–30: start'),
    bullets(core.map((s) => `${name(s)} (level ${s.score} → ${s.score + 1}): ${lowerFirst(asItem(step(s).firstSteps[0]!))}`)),
    heading('Days 31–60: make it a habit'),
    bullets([
      ...core.map((s) => `${name(s)}: ${lowerFirst(asItem(step(s).practices[0]!))}`),
      ...wave.map((s) => `Start ${name(s)} (level ${s.score}): ${lowerFirst(asItem(step(s).firstSteps[0]!))}`),
    ]),
    heading('Days 61–90: measure and confirm'),
    bullets([
      `Track ${core.map((s) => `${lowerFirst(step(s).metrics[0]!)} for ${name(s)}`).join('; ')}.`,
      `Rescore the site (Rescore, on its product page): ${projection(view, core.length + wave.length)}.`,
    ]),
  ]);
}

function firstMonthDetail(candidates: DimensionScore[]): string {
  const core = candidates.slice(0, LIST_SIZE);
  return joinBlocks([
    heading('Days 1–30 in detail'),
    ...core.map((s) => joinBlocks([`**${name(s)}**, ${levelPhrase(s)}; effort: ${EFFORT_WORDS[step(s).effort]}.`, bullets(step(s).firstSteps.map(asItem))])),
    'Give each item one owner and a date inside the 30 days; the metrics come in the last month.',
  ]);
}

function planReasons(candidates: DimensionScore[]): string {
  const core = candidates.slice(0, LIST_SIZE);
  return joinBlocks([
    heading('Why this order'),
    'Every dimension that rises one level adds one point to the total, so the cheapest level-ups move it fastest. Lower levels are cheaper to lift: a first step mostly needs weeks and the people you have, while reaching level 4 usually needs investment.',
    bullets(core.map((s) => `${name(s)}, ${levelPhrase(s)}, effort: ${EFFORT_WORDS[step(s).effort]}. ${reasoningExcerpt(s, 140)}`)),
  ]);
}

function afterNinetyDays(view: ResultView, candidates: DimensionScore[]): string {
  const core = candidates.slice(0, LIST_SIZE);
  const following = candidates.slice(LIST_SIZE + SECOND_WAVE, LIST_SIZE + SECOND_WAVE + LIST_SIZE);
  const stepsAfter = core.flatMap((s) => {
    const after = s.score + 1 < MAX_LEVEL ? playbookStep(s.dimensionId, s.score + 1) : null;
    return after ? [`${name(s)}, on to level ${s.score + 2}: ${lowerFirst(asItem(after.practices[0]!))}`] : [];
  });
  return joinBlocks([
    heading('After the first 90 days'),
    following.length > 0
      ? joinBlocks([
          'Next in line, cheapest first:',
          bullets(following.map((s) => `${name(s)}, ${levelPhrase(s)}: ${lowerFirst(asItem(step(s).firstSteps[0]!))}`)),
        ])
      : 'No other dimension in this plan is below level 4.',
    stepsAfter.length > 0 ? joinBlocks(['And the following step for the first three:', bullets(stepsAfter)]) : null,
    `Re-score each quarter to check the levels moved; ${view.company} is at ${view.result.totalScore} today.`,
  ]);
}

function dimensionPlan(view: ResultView, score: DimensionScore, planView: PlanView): string {
  const dimension = dimensionById(score.dimensionId);
  const current = playbookStep(score.dimensionId, score.score);
  if (!current) {
    const { sustain } = PLAYBOOK[score.dimensionId];
    return joinBlocks([
      heading(`90 days of sustaining ${dimension.name}`),
      `It is at ${levelPhrase(score)}, the top level, so the plan keeps it compounding:`,
      bullets(sustain.practices.map((p, i) => `Days ${i * 30 + 1}–${(i + 1) * 30}: ${lowerFirst(asItem(p))}`)),
      `Watch ${sustain.metrics.map(lowerFirst).join(' and ')}.`,
    ]);
  }
  if (planView === 'why') return planReasons([score]);
  const next = planView === 'plan' ? current : score.score + 1 < MAX_LEVEL ? playbookStep(score.dimensionId, score.score + 1)! : current;
  const target = next === current ? score.score + 1 : score.score + 2;
  return joinBlocks([
    heading(`30/60/90 days on ${dimension.name}: toward level ${target}`),
    `Today: ${levelPhrase(score)}.`,
    heading('Days 1–30'),
    bullets(next.firstSteps.map(asItem)),
    heading('Days 31–60'),
    bullets(next.practices.map(asItem)),
    heading('Days 61–90'),
    bullets([
      `Review the metrics: ${next.metrics.map(lowerFirst).join('; ')}.`,
      `Watch for the usual pitfall. ${next.pitfall}`,
      'Rescore the site from its product page once the work is public.',
    ]),
  ]);
}

function allAtTop(view: ResultView, title: string): string {
  return joinBlocks([
    heading(`A 90-day plan for ${title}`),
    `Everything here is at level 4 of 4 (Compounding), so the plan is about sustaining, not stepping up. ${view.company} totals ${view.result.totalScore}.`,
    'Pick the dimension whose market moves fastest and ask "how do we sustain <dimension>?" for its practices and metrics.',
  ]);
}

/**
 * Answers about one dimension for a scored company: how to reach the next
 * level (and, asked again, deeper), what the evidence was and what was
 * missing, and why the dimension matters. Level 4 gets sustaining advice,
 * since there is no step beyond it.
 */
import { dimensionById, type DimensionId } from '../../../../framework/dimensions.ts';
import { FUNCTION_LABELS } from '../../../../framework/functions.ts';
import { PLAYBOOK, playbookStep, type StepEffort } from '../../../../framework/playbook.ts';
import { MAX_LEVEL } from '../../../../framework/tiers.ts';
import type { DimensionScore } from '../../../scoring/result-schema.ts';
import { citeLevel, evidenceSentence, levelPhrase, reasoningExcerpt, targetLevelPhrase } from '../citations.ts';
import { DEEPEST_ADVICE_DEPTH, type DimensionView } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst } from '../markdown.ts';
import { dimensionName, tierStanding, type ResultView } from '../result-view.ts';

export const EFFORT_WORDS: Readonly<Record<StepEffort, string>> = {
  weeks: 'a few weeks with the people you already have',
  quarter: 'about a quarter of focused work',
  investment: 'real investment: budget, new roles or a programme over several quarters',
};

export function dimensionAnswer(
  view: ResultView,
  score: DimensionScore,
  dimensionView: DimensionView,
  depth: number,
  discussed: readonly DimensionId[],
): string {
  if (dimensionView === 'evidence') return evidenceAnswer(view, score);
  if (dimensionView === 'why') return importanceAnswer(view, score);
  if (depth >= DEEPEST_ADVICE_DEPTH) return onwardAnswer(view, score, discussed);
  if (score.score >= MAX_LEVEL) return depth === 0 ? sustainAnswer(view, score) : deeperSustainAnswer(view, score);
  return depth === 0 ? adviceAnswer(view, score) : deeperAdviceAnswer(view, score);
}

function adviceAnswer(view: ResultView, score: DimensionScore): string {
  const step = playbookStep(score.dimensionId, score.score)!;
  const target = score.score + 1;
  return joinBlocks([
    heading(`Improving ${dimensionName(score.dimensionId)} at ${view.company}`),
    `You are at ${levelPhrase(score)}, ${score.confidence} confidence. ${evidenceSentence(score)}`,
    heading(`What ${targetLevelPhrase(target)} looks like`),
    bullets(step.practices.map(asItem)),
    heading('First steps'),
    bullets(step.firstSteps.map(asItem)),
    heading('Metrics to watch'),
    bullets(step.metrics),
    pointsLine(view),
  ]);
}

function deeperAdviceAnswer(view: ResultView, score: DimensionScore): string {
  const step = playbookStep(score.dimensionId, score.score)!;
  const target = score.score + 1;
  const stepAfter = target < MAX_LEVEL ? playbookStep(score.dimensionId, target)! : null;
  const beyond = stepAfter
    ? [heading(`After that, ${targetLevelPhrase(target + 1)} asks for`), bullets(stepAfter.practices.slice(0, 2).map(asItem))]
    : [
        `${targetLevelPhrase(target)} is the top of the scale; from there the work is to sustain it: ${lowerFirst(asItem(PLAYBOOK[score.dimensionId].sustain.practices[0]!))}.`,
      ];
  return joinBlocks([
    heading(`More on ${dimensionName(score.dimensionId)}, ${levelPhrase(score)}`),
    `Why the assessment placed you there: ${reasoningExcerpt(score)}`,
    `**Pitfall on this step.** ${step.pitfall} Expect the step to take ${EFFORT_WORDS[step.effort]}.`,
    ...beyond,
    relatedLine(view, score.dimensionId),
  ]);
}

function onwardAnswer(view: ResultView, score: DimensionScore, discussed: readonly DimensionId[]): string {
  const step = playbookStep(score.dimensionId, score.score);
  const metric = step ? step.metrics[0]! : PLAYBOOK[score.dimensionId].sustain.metrics[0]!;
  const next = view.weakest.find((s) => s.dimensionId !== score.dimensionId && !discussed.includes(s.dimensionId));
  const nextStep = next ? playbookStep(next.dimensionId, next.score) : null;
  return joinBlocks([
    heading(`${dimensionName(score.dimensionId)}: the playbook is covered`),
    `We have been through the playbook for ${dimensionName(score.dimensionId)} at ${levelPhrase(score)}. What is left is doing it: watch ${lowerFirst(metric)}, and rescore the site (Rescore, on its product page) once changes are public to see the level ${step ? 'move' : 'hold'}.`,
    next && nextStep
      ? `The next weakest dimension we have not discussed is **${dimensionName(next.dimensionId)}**, ${levelPhrase(next)}. A first step there: ${lowerFirst(asItem(nextStep.firstSteps[0]!))}. Ask "and the next one?" to go on.`
      : 'Every dimension below level 4 has now come up in this conversation; ask for a 30/60/90-day plan to put them in order.',
  ]);
}

function sustainAnswer(view: ResultView, score: DimensionScore): string {
  const { sustain } = PLAYBOOK[score.dimensionId];
  return joinBlocks([
    heading(`Sustaining ${dimensionName(score.dimensionId)} at the top level`),
    `You are at ${levelPhrase(score)}: there is no level 5, so the advice is about keeping it compounding, not another step. ${evidenceSentence(score)}`,
    heading('Keep it compounding'),
    bullets(sustain.practices.map(asItem)),
    heading('Metrics to keep watching'),
    bullets(sustain.metrics),
    weakerNeighbourLine(view, score.dimensionId),
  ]);
}

/** Level 4, asked again: what the level rests on, so it can be checked it still holds. */
function deeperSustainAnswer(view: ResultView, score: DimensionScore): string {
  const topStep = playbookStep(score.dimensionId, MAX_LEVEL - 1)!;
  return joinBlocks([
    heading(`More on ${dimensionName(score.dimensionId)}, ${levelPhrase(score)}`),
    `Why it holds the top level: ${reasoningExcerpt(score)}`,
    heading('What level 4 rests on: check these stay true'),
    bullets(topStep.practices.map(asItem)),
    `The usual way to lose it: ${lowerFirst(topStep.pitfall)}`,
    weakerNeighbourLine(view, score.dimensionId),
  ]);
}

function weakerNeighbourLine(view: ResultView, id: DimensionId): string | null {
  const weaker = sameFunction(view, id).find((s) => s.score < MAX_LEVEL);
  if (!weaker) return null;
  return `Your effort may pay more elsewhere in ${FUNCTION_LABELS[dimensionById(id).function]}: **${dimensionName(weaker.dimensionId)}** is at ${levelPhrase(weaker)}.`;
}

function evidenceAnswer(view: ResultView, score: DimensionScore): string {
  const step = playbookStep(score.dimensionId, score.score);
  const pages = view.result.crawlStats?.pagesAnalyzed;
  return joinBlocks([
    heading(`Evidence for ${dimensionName(score.dimensionId)}: ${levelPhrase(score)}, ${score.confidence} confidence`),
    evidenceSentence(score),
    `Why this level: ${reasoningExcerpt(score)}`,
    step
      ? joinBlocks([
          heading(`Missing for ${targetLevelPhrase(score.score + 1)}: what the crawl would need to see`),
          bullets(step.practices.map(asItem)),
          'If you already do some of this, publish it where a visitor (and the crawler) can find it: public evidence is what moves the level.',
        ])
      : 'Nothing is missing: level 4 is the top of the scale.',
    pages !== undefined ? `This is based on ${pages} page${pages === 1 ? '' : 's'} analysed from ${view.result.url}.` : null,
  ]);
}

function importanceAnswer(view: ResultView, score: DimensionScore): string {
  const { whyItMatters } = PLAYBOOK[score.dimensionId];
  return joinBlocks([
    heading(`Why ${dimensionName(score.dimensionId)} matters`),
    whyItMatters,
    `For ${view.company} it stands at ${levelPhrase(score)}. ${reasoningExcerpt(score)}`,
    score.score < MAX_LEVEL ? pointsLine(view) : 'It is already at the top level, which makes it an asset to build on elsewhere.',
  ]);
}

/** The other dimensions in the same function, weakest first. */
function sameFunction(view: ResultView, id: DimensionId): DimensionScore[] {
  const fn = dimensionById(id).function;
  return view.weakest.filter((s) => s.dimensionId !== id && dimensionById(s.dimensionId).function === fn);
}

function relatedLine(view: ResultView, id: DimensionId): string | null {
  const related = sameFunction(view, id);
  if (related.length === 0) return null;
  const fn = FUNCTION_LABELS[dimensionById(id).function];
  return `Alongside it in ${fn}: ${related.map((s) => `${dimensionName(s.dimensionId)} ${levelPhrase(s)}`).join('; ')}.`;
}

/** What one level up is worth to the total. */
function pointsLine(view: ResultView): string {
  const standing = tierStanding(view);
  if (!standing.next) return `Each level up adds one point to your total of ${standing.total}, already in the top tier (${standing.stageName}).`;
  return `Each level up adds one point to your total of ${standing.total} (${standing.stageName}); ${standing.next.stageName} starts at ${standing.next.minTotal}, ${standing.pointsToNext} point${standing.pointsToNext === 1 ? '' : 's'} away.`;
}

/** Two or more dimensions side by side. */
export function dimensionsSideBySide(view: ResultView, ids: readonly DimensionId[]): string {
  const scores = ids.flatMap((id) => view.scoreOf(id) ?? []);
  const weakest = view.weakest.find((s) => scores.includes(s));
  const tied = scores.every((s) => s.score === scores[0]?.score);
  return joinBlocks([
    heading(scores.map((s) => dimensionName(s.dimensionId)).join(' vs ')),
    scores
      .map((s) => {
        const step = playbookStep(s.dimensionId, s.score);
        const next = step ? `Next: ${lowerFirst(asItem(step.practices[0]!))}.` : 'At the top level: sustain it.';
        return `${citeLevel(s)} ${evidenceSentence(s)} ${next}`;
      })
      .join('\n\n'),
    weakest && tied ? `They stand at the same level; ask "tell me more" for the playbook of **${dimensionName(weakest.dimensionId)}** first.` : null,
    weakest && !tied ? `The weakest of these is **${dimensionName(weakest.dimensionId)}**; ask "tell me more" for its playbook.` : null,
  ]);
}

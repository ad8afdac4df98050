/**
 * Answers that list dimensions: the biggest gaps and why, the strengths, and
 * the overview given when a question is not recognised (the top gaps with a
 * first step each, and how to ask for more).
 */
import { FUNCTIONS } from '../../../../framework/functions.ts';
import { PLAYBOOK, playbookStep } from '../../../../framework/playbook.ts';
import type { DimensionScore } from '../../../scoring/result-schema.ts';
import { evidenceSentence, levelPhrase, reasoningExcerpt } from '../citations.ts';
import { LIST_SIZE } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst, possessive } from '../markdown.ts';
import { dimensionName, functionStanding, tierStanding, type ResultView } from '../result-view.ts';

const LIST_REASONING_CHARS = 150;

function numbered(items: readonly string[], from: number): string {
  return items.map((item, i) => `${from + i + 1}. ${item}`).join('\n');
}

function gapItem(s: DimensionScore): string {
  const step = playbookStep(s.dimensionId, s.score);
  const next = step ? ` Next level needs: ${lowerFirst(asItem(step.practices[0]!))}.` : '';
  return `**${dimensionName(s.dimensionId)}**, ${levelPhrase(s)}. ${evidenceSentence(s)} Why: ${reasoningExcerpt(s, LIST_REASONING_CHARS)}${next}`;
}

export function gapsAnswer(view: ResultView, offset: number): string {
  const shown = view.weakest.slice(offset, offset + LIST_SIZE);
  if (shown.length === 0) return allListed(view, 'gaps');
  const [first] = shown;
  return joinBlocks([
    heading(offset === 0 ? `${possessive(view.company)} biggest gaps` : `More gaps for ${view.company} (${offset + 1}–${offset + shown.length})`),
    numbered(shown.map(gapItem), offset),
    `Ask "how do we improve ${dimensionName(first!.dimensionId)}?" for its full playbook, "the second one" to go into another, or "what else?" for the next gaps.`,
  ]);
}

function strengthItem(s: DimensionScore): string {
  const step = playbookStep(s.dimensionId, s.score);
  const keep = step
    ? `To reach the next level: ${lowerFirst(asItem(step.practices[0]!))}.`
    : `Keep it compounding: ${lowerFirst(asItem(PLAYBOOK[s.dimensionId].sustain.practices[0]!))}.`;
  return `**${dimensionName(s.dimensionId)}**, ${levelPhrase(s)}. ${evidenceSentence(s)} ${keep}`;
}

export function strengthsAnswer(view: ResultView, offset: number): string {
  const shown = view.strongest.slice(offset, offset + LIST_SIZE);
  if (shown.length === 0) return allListed(view, 'strengths');
  return joinBlocks([
    heading(offset === 0 ? `Where ${view.company} is strongest` : `More strengths (${offset + 1}–${offset + shown.length})`),
    numbered(shown.map(strengthItem), offset),
    'Strengths are worth defending and building on: they are where the company already compounds, and where neighbouring dimensions can borrow practices.',
  ]);
}

function allListed(view: ResultView, kind: 'gaps' | 'strengths'): string {
  return joinBlocks([
    heading(`That covers all ${view.weakest.length} dimensions`),
    `There are no further ${kind} to list. Ask for a 30/60/90-day plan to put the work in order, or name a dimension for its evidence and playbook.`,
  ]);
}

export function overviewAnswer(view: ResultView): string {
  const standing = tierStanding(view);
  const gaps = view.weakest.slice(0, LIST_SIZE);
  const strongest = view.strongest[0];
  const byAverage = FUNCTIONS.map((fn) => functionStanding(view, fn)).sort((a, b) => a.average - b.average);
  const firstStep = (s: DimensionScore) => {
    const step = playbookStep(s.dimensionId, s.score);
    return step ? lowerFirst(asItem(step.firstSteps[0]!)) : 'sustain it; it is already at the top level';
  };
  return joinBlocks([
    heading(`Where ${view.company} stands`),
    `A total of ${standing.total} of ${standing.maxTotal}, ${standing.stageName} tier. The three biggest gaps, with a first step for each:`,
    bullets(gaps.map((s) => `**${dimensionName(s.dimensionId)}**, ${levelPhrase(s)}: ${firstStep(s)}`)),
    heading('You can ask me, for example'),
    bullets([
      `"How do we improve ${dimensionName(gaps[0]!.dimensionId)}?"`,
      strongest ? `"What evidence did you find for ${dimensionName(strongest.dimensionId)}?"` : '"What evidence did you find?"',
      `"How does ${byAverage[0]!.label.toLowerCase()} compare to ${byAverage.at(-1)!.label.toLowerCase()}?"`,
      '"Give us a 30/60/90-day plan." or "What does our total mean?"',
    ]),
  ]);
}

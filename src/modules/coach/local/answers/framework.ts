/**
 * Answers from the framework alone: how the assessment works, what good looks
 * like in a dimension, and, when there is no result, an invitation to score
 * the site so the next answers can be about the company itself.
 */
import { DIMENSIONS, dimensionById, type DimensionId } from '../../../../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS } from '../../../../framework/functions.ts';
import { LEVEL_MEANINGS, PLAYBOOK } from '../../../../framework/playbook.ts';
import { MAX_LEVEL, MIN_LEVEL, stageForLevel, TIER_BANDS } from '../../../../framework/tiers.ts';
import type { DimensionView, Focus } from '../conversation.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst } from '../markdown.ts';
import type { ResultView } from '../result-view.ts';

const SCORE_INVITATION =
  'Score your site to get answers grounded in your own evidence: enter its address on the dashboard (or at /try without signing in), then open the coach on the result.';

const LEVELS = [1, 2, 3, 4] as const;

function bandsLine(): string {
  const bands = TIER_BANDS.map((b) => `${b.stageName} ${b.minTotal}–${b.maxTotal}`);
  return `The total (the sum of the 27 levels) falls in one of five tiers: ${bands.join(', ')}.`;
}

function functionLines(): string {
  return bullets(
    FUNCTIONS.map(
      (fn) =>
        `${FUNCTION_LABELS[fn]}: ${DIMENSIONS.filter((d) => d.function === fn)
          .map((d) => d.name)
          .join(', ')}`,
    ),
  );
}

export function frameworkAnswer(view: ResultView | null, depth: number): string {
  const closing = view
    ? `Your result: ${view.result.totalScore} of ${TIER_BANDS.at(-1)!.maxTotal}, ${view.result.stageName} tier. Ask "what does our total mean?" or about any dimension by name.`
    : SCORE_INVITATION;
  if (depth === 0) {
    return joinBlocks([
      heading('How the maturity assessment works'),
      `It rates ${DIMENSIONS.length} dimensions of product maturity, grouped in six functions, each from level ${MIN_LEVEL} to ${MAX_LEVEL}, using evidence from the public website:`,
      functionLines(),
      bandsLine(),
      closing,
    ]);
  }
  if (depth === 1) {
    return joinBlocks([
      heading('How levels are judged'),
      bullets(LEVELS.map((level) => `Level ${level} (${stageForLevel(level)}): ${LEVEL_MEANINGS[level]}`)),
      'Each level rests on evidence quoted from the crawled pages, with a confidence (high, medium, low) that reflects how direct that evidence is. Work that is real but invisible from outside cannot be credited, so publishing what you do is part of improving.',
      closing,
    ]);
  }
  // Deeper still: one function at a time, with what each of its dimensions measures.
  const fn = FUNCTIONS[(depth - 2) % FUNCTIONS.length]!;
  return joinBlocks([
    heading(`The ${FUNCTION_LABELS[fn]} dimensions`),
    bullets(DIMENSIONS.filter((d) => d.function === fn).map((d) => `${d.name}: ${lowerFirst(d.summary)}`)),
    'Ask "what else?" for the next function, or name a dimension to see what good looks like.',
    closing,
  ]);
}

/** What good looks like in one dimension, for someone without a result; deeper on each "tell me more". */
export function dimensionGuidance(id: DimensionId, dimensionView: DimensionView, depth: number): string {
  const dimension = dimensionById(id);
  const playbook = PLAYBOOK[id];
  const [firstStep, , lastStep] = playbook.steps;
  if (dimensionView === 'why') {
    return joinBlocks([
      heading(`Why ${dimension.name} matters`),
      `${playbook.whyItMatters} The dimension covers ${lowerFirst(dimension.summary)}`,
      `Progress shows in numbers such as ${playbook.steps.map((step) => lowerFirst(step.metrics[0]!)).join('; ')}.`,
      SCORE_INVITATION,
    ]);
  }
  if (dimensionView === 'evidence') {
    return joinBlocks([
      heading(`${dimension.name}: what counts as evidence`),
      'The assessment credits what a visitor can see on your public site. The signs it looks for, by level:',
      bullets(
        playbook.steps.map(
          (step, i) =>
            `${levelName(i + 2)}: ${step.practices
              .slice(0, 2)
              .map((p) => lowerFirst(asItem(p)))
              .join('; ')}`,
        ),
      ),
      SCORE_INVITATION,
    ]);
  }
  if (depth === 0) {
    return joinBlocks([
      heading(`${dimension.name}: what good looks like`),
      `${dimension.summary} ${playbook.whyItMatters}`,
      heading(`At the top, ${levelName(MAX_LEVEL)}`),
      bullets(lastStep.practices.map(asItem)),
      heading('Where to start from level 1'),
      bullets(firstStep.firstSteps.map(asItem)),
      `Metrics to watch early on: ${firstStep.metrics.map(lowerFirst).join('; ')}.`,
      SCORE_INVITATION,
    ]);
  }
  if (depth === 1) {
    return joinBlocks([
      heading(`${dimension.name}, level by level`),
      ladder(id),
      heading('Pitfalls on the way'),
      bullets(playbook.steps.map((step, i) => `Reaching level ${i + 2}: ${lowerFirst(step.pitfall)}`)),
      SCORE_INVITATION,
    ]);
  }
  const next = DIMENSIONS[(DIMENSIONS.findIndex((d) => d.id === id) + 1) % DIMENSIONS.length]!;
  return joinBlocks([
    heading(`${dimension.name}: that covers the general guidance`),
    `Which step applies to you depends on your current level, and that needs your result. ${SCORE_INVITATION}`,
    `Next in the framework is **${next.name}**: ${lowerFirst(next.summary)} Ask "and the next one?" to go on.`,
  ]);
}

function levelName(level: number): string {
  return `level ${level} (${stageForLevel(level)})`;
}

function ladder(id: DimensionId): string {
  return bullets(PLAYBOOK[id].steps.map((step, i) => `${levelName(i + 2)}: ${lowerFirst(asItem(step.practices[0]!))}`));
}

const WHAT_NEEDS_A_RESULT: Readonly<Record<Exclude<Focus['kind'], 'dimension' | 'framework'>, string>> = {
  overview: 'To tell you where your company stands I need its scoring result.',
  tier: 'Your total and tier come from your own scoring result, which I do not have in this conversation.',
  gaps: 'Your biggest gaps come from your own scores, which I do not have in this conversation.',
  strengths: 'Your strengths come from your own scores, which I do not have in this conversation.',
  dimensions: 'Comparing your dimensions needs your scores, which I do not have in this conversation.',
  plan: 'A 30/60/90-day plan is built from your own gaps and their cheapest next steps, so it needs your scoring result.',
  functions: 'Comparing your functions needs your per-dimension scores, which I do not have in this conversation.',
};

/** A question that needs the company's result, asked without one. */
export function needsResultAnswer(kind: keyof typeof WHAT_NEEDS_A_RESULT): string {
  return joinBlocks([
    heading('Let us start with your score'),
    WHAT_NEEDS_A_RESULT[kind],
    SCORE_INVITATION,
    `Meanwhile, the framework: ${DIMENSIONS.length} dimensions in six functions (${FUNCTIONS.map((fn) => FUNCTION_LABELS[fn]).join(', ')}), each rated 1 (Foundation) to 4 (Compounding). ${bandsLine()}`,
    'I can already explain any dimension and what good looks like, for example "what does good pricing look like?" or "how do we get better at experimentation?".',
  ]);
}

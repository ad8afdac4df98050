/**
 * Questions the result cannot answer as asked, answered honestly instead of
 * with an unrelated playbook: a question about the coach itself, one in
 * another language, one built on a wrong premise ("why is our pricing
 * score low?" when pricing is one of the stronger dimensions), a comparison
 * with a company the account never scored, and anything else outside the
 * result. Each says what it can do instead. Only the newest question is
 * read: a follow-up to one of these goes on as any follow-up does.
 */
import type { DimensionId } from '../../../framework/dimensions.ts';
import { playbookStep } from '../../../framework/playbook.ts';
import { MAX_LEVEL } from '../../../framework/tiers.ts';
import type { DimensionScore } from '../../scoring/result-schema.ts';
import { evidenceSentence, levelPhrase, reasoningExcerpt } from './citations.ts';
import { asItem, bullets, heading, joinBlocks, lowerFirst } from './markdown.ts';
import { analyseQuestion, isFollowUp, strongestIntent, type QuestionAnalysis } from './question-analysis.ts';
import { dimensionName, type ResultView } from './result-view.ts';

/** What the coach can do, said when it cannot answer a question as asked. */
const WHAT_I_CAN_DO = [
  'what your total and tier mean, and what the next tier needs',
  'your biggest gaps and your strengths, with the evidence quoted from your site',
  'any one of the 27 dimensions: its evidence, why it has its level, and the next step',
  'a 30/60/90-day plan, for everything or one function',
  'how you compare with a competitor whose site you scored',
];

const SELF =
  /\b(who|what) are you\b|\bare you (a |an )?(bot|robot|ai|human|person|real|chat ?gpt|gpt|llm|model|machine)\b|\bwhat can you (do|help)|\bhow (do|can) you help\b|\bhow do you (work|answer|know|come up)\b|\bwhat model\b|\byour name\b|\babout yourself\b|\bwho (made|built) you\b|\bwhat are you (for|able)\b/i;

/** Words nearly every English question has; a long question with almost none of them is in another language. */
const ENGLISH_WORDS = new Set(
  'a an the is are was were be do does did done can could should would will shall may might must i we you our us my me your it its this that these those what why how when where which who whom whose to of in on at for with from by about into than then and or but not no if so as our score level levels dimension dimensions plan improve gap gaps strength strengths compare tier total help tell more next best worst get make us there here have has had'.split(
    ' ',
  ),
);

/** A question mostly in a script other than Latin, or of four words or more with almost no English in them. */
function inAnotherLanguage(question: string, analysis: QuestionAnalysis): boolean {
  const letters = question.match(/\p{L}/gu) ?? [];
  const latin = question.match(/\p{Script=Latin}/gu) ?? [];
  if (letters.length >= 4 && latin.length / letters.length < 0.5) return true;
  if (analysis.dimensions.length > 0 || analysis.functions.length > 0) return false;
  const words = question.toLowerCase().match(/\p{L}+/gu) ?? [];
  if (words.length < 4) return false;
  return words.filter((word) => ENGLISH_WORDS.has(word)).length / words.length < 0.2;
}

const LOW_PREMISE = /\b(low|lower|lowest|weak|weaker|weakest|bad|poor|poorly|behind|worst|lacking|lag|lagging|failing|struggl\w*|so low|too low)\b/i;
const HIGH_PREMISE = /\b(high|higher|highest|strong|stronger|strongest|great|excellent|best|ahead|so good|too high)\b/i;

/** Where a dimension stands among the 27: its rank, strongest first. */
function rankOf(view: ResultView, id: DimensionId): number {
  return view.strongest.findIndex((score) => score.dimensionId === id) + 1;
}

function averageLevel(view: ResultView): number {
  const scores = view.strongest;
  return Math.round((scores.reduce((sum, score) => sum + score.score, 0) / scores.length) * 10) / 10;
}

/** A question that takes for granted that a dimension is weak when it is one of the stronger, or the reverse: the facts first. */
function wrongPremise(question: string, analysis: QuestionAnalysis, view: ResultView): string | null {
  if (analysis.dimensions.length !== 1) return null;
  const id = analysis.dimensions[0]!;
  const score = view.scoreOf(id);
  if (!score) return null;
  const average = averageLevel(view);
  const rank = rankOf(view, id);
  const strong = score.score >= 3 || (score.score > average + 0.5 && rank <= 9) || view.result.strengths.includes(id);
  const weak = score.score <= 1 || (score.score < average - 0.5 && rank >= 19) || view.result.gaps.includes(id);
  if (LOW_PREMISE.test(question) && strong && !weak) return premiseAnswer(view, score, 'low', average, rank);
  if (HIGH_PREMISE.test(question) && weak && !strong && !LOW_PREMISE.test(question)) return premiseAnswer(view, score, 'high', average, rank);
  return null;
}

function premiseAnswer(view: ResultView, score: DimensionScore, assumed: 'low' | 'high', average: number, rank: number): string {
  const name = dimensionName(score.dimensionId);
  const step = score.score < MAX_LEVEL ? playbookStep(score.dimensionId, score.score) : null;
  const standing =
    assumed === 'low'
      ? `${name} is not low: it is one of ${view.company}'s stronger dimensions, at ${levelPhrase(score)}, ranked ${rank} of 27, against an average level of ${average.toFixed(1)}.`
      : `${name} is not one of ${view.company}'s strong points: it is at ${levelPhrase(score)}, ranked ${rank} of 27, against an average level of ${average.toFixed(1)}.`;
  return joinBlocks([
    heading(`${name}: what the result says`),
    standing,
    evidenceSentence(score),
    `Why this level: ${reasoningExcerpt(score)}`,
    step
      ? `${assumed === 'low' ? 'If you expected more' : 'To make it one'}: level ${score.score + 1} needs ${lowerFirst(asItem(step.practices[0]!))}.`
      : 'It is at the top of the scale: the work is to keep it there.',
    assumed === 'low'
      ? `Your lowest dimensions are elsewhere: ${view.weakest
          .slice(0, 3)
          .map((s) => `${dimensionName(s.dimensionId)} (${s.score})`)
          .join(', ')}. Ask "what are our biggest gaps?" for them.`
      : null,
  ]);
}

/** Who a comparison names when the account has no score of it: "compare to <Name>", "vs <Name>". */
const COMPARED_NAME =
  /\b(?:compare[sd]?|comparison|compared|stack(?:s)? up|vs\.?|versus|against|than)\s+(?:us\s+)?(?:to|with|against)?\s*(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}&.'’-]*(?:\s+[A-Z][\p{L}\p{N}&.'’-]*)?)/iu;
const PEERS = /^(industry|industries|peers?|average|averages|benchmarks?|others|other companies|competitors?|competition|market|rest|sector|segment)$/i;
/** Words after "compare to" that are not a company's name. */
const NOT_A_NAME = /^(us|our|we|it|them|that|this|last|before|previous|earlier|the|a|an|other|each|what|how)$/i;

function cannotCompare(question: string, analysis: QuestionAnalysis, view: ResultView): string | null {
  if (strongestIntent(analysis) !== 'compare' || analysis.dimensions.length > 1 || analysis.functions.length > 0) return null;
  const named = COMPARED_NAME.exec(question)?.[1]
    ?.replace(/[?.!,]+$/, '')
    .trim();
  if (!named || NOT_A_NAME.test(named)) return null;
  const standing = `${view.company} stands at ${view.result.totalScore} of 108 (${view.result.stageName}); its biggest gaps are ${view.weakest
    .slice(0, 3)
    .map((s) => `${dimensionName(s.dimensionId)} (${s.score})`)
    .join(', ')}.`;
  if (PEERS.test(named.split(/\s+/)[0]!)) {
    return joinBlocks([
      heading('Comparing with peers'),
      `I can't compare ${view.company} with "${named}" from this result: it holds one company's levels, not a market's.`,
      "Two ways to get there: choose a market segment when you score (the result page then shows where you stand among peers, once 5 accounts have scored companies in it), or score a competitor's site and compare the two results side by side, which I can then talk through.",
      standing,
    ]);
  }
  return joinBlocks([
    heading(`Comparing with ${named}`),
    `I can't compare with ${named} yet: this account has no score of ${named}'s site, and I only speak from scores.`,
    `To compare: score ${named}'s site from the dashboard (Score a new address), then open "Compare with another result" on your result and ask me there. I will answer from both results, dimension by dimension.`,
    `Meanwhile, from your own result: ${standing}`,
  ]);
}

/** A question that names nothing the coach knows and asks for nothing it recognises. */
function outsideTheResult(question: string, analysis: QuestionAnalysis): boolean {
  if (analysis.dimensions.length > 0 || analysis.functions.length > 0 || strongestIntent(analysis) !== null || isFollowUp(analysis)) return false;
  const words = question.match(/\p{L}+/gu) ?? [];
  return (
    words.length >= 3 && (/\?\s*$/.test(question) || /^(what|why|how|when|where|who|which|can|could|should|would|will|is|are|do|does)\b/i.test(question.trim()))
  );
}

function capabilities(view: ResultView | null): string {
  return joinBlocks([
    'What I can answer:',
    bullets(WHAT_I_CAN_DO),
    view ? `For example: "what are our biggest gaps?", "how do we improve ${dimensionName(view.weakest[0]!.dimensionId)}?" or "give us a 90-day plan".` : null,
  ]);
}

function selfAnswer(view: ResultView | null): string {
  return joinBlocks([
    heading('About me'),
    `I am the coach of this scoring service. I answer from ${view ? `${view.company}'s score` : 'a score'}: the level of each of the 27 dimensions, the sentences quoted from the site that each level rests on, and the framework's playbook of next steps. I do not browse the web or know anything about the company beyond what the score read from its public pages.`,
    'Your conversation is kept in your account, so you can come back to it later or from another device.',
    capabilities(view),
  ]);
}

function languageAnswer(view: ResultView | null): string {
  return joinBlocks([
    heading('I answer in English'),
    'I could not read that question: I understand and answer questions in English only, for now.',
    capabilities(view),
  ]);
}

function outsideAnswer(view: ResultView | null): string {
  return joinBlocks([
    heading('Not something the score can answer'),
    `I can't answer that from ${view ? `${view.company}'s result` : 'the framework'}: the score covers the 27 dimensions of product maturity, the evidence on the site and the next steps, nothing beyond them.`,
    capabilities(view),
  ]);
}

/** The answer to a question of one of these kinds, or null for a question the usual answers handle. */
export function specialAnswer(question: string, view: ResultView | null): string | null {
  if (question.trim() === '') return null;
  const analysis = analyseQuestion(question);
  if (SELF.test(question) && analysis.dimensions.length === 0) return selfAnswer(view);
  if (inAnotherLanguage(question, analysis)) return languageAnswer(view);
  if (view) {
    const premise = wrongPremise(question, analysis, view);
    if (premise) return premise;
    const comparison = cannotCompare(question, analysis, view);
    if (comparison) return comparison;
  }
  if (outsideTheResult(question, analysis)) return outsideAnswer(view);
  return null;
}

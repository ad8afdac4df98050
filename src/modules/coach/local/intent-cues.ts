/**
 * The words that signal what a question asks for, apart from which dimension
 * or function it names. They are matched on what is left of the question once
 * dimension and function phrases are taken out, so "pricing plans" does not
 * read as a request for a plan and "build vs buy" not as a comparison.
 */

/** Cues that ask for one kind of answer; their weights decide between intents. */
/** In order of precedence on a tie: "which function is weakest" is about functions, not gaps. */
export const INTENTS = ['plan', 'compare', 'functions', 'evidence', 'tier', 'gaps', 'strengths', 'framework'] as const;
export type Intent = (typeof INTENTS)[number];

/** Cues that refer back to the conversation ("tell me more", "why?", "and the next one?"). */
export type FollowUp = 'more' | 'why' | 'next' | 'else';

/** A cue that only shapes an answer about a named dimension: "why does X matter?". */
type Nuance = 'importance';

export type Cue = Intent | FollowUp | Nuance;

/** A weak cue counts for less, so "which scores are lowest" is about gaps, not the total. */
const WEAK = 0.5;

interface CueEntry {
  cue: Cue;
  weight: number;
}

function cues(cue: Cue, phrases: readonly string[], weight = 1): [string, CueEntry][] {
  return phrases.map((phrase) => [phrase, { cue, weight }]);
}

// Word lists, packed a few phrases to a line; Prettier would put each phrase on a line of its own (50 lines to 190).
// prettier-ignore
export const CUE_PHRASES: readonly [string, CueEntry][] = [
  ...cues('plan', [
    '30 60 90', '30 days', '60 days', '90 days', '30 day', '60 day', '90 day', 'plan', 'action plan',
    'improvement plan', 'next quarter', 'next 3 months', 'next three months', 'three months', '3 months',
    'timeline', 'month by month', 'first 90', 'next 90', 'schedule',
  ]),
  ...cues('compare', [
    'compare', 'compared', 'comparison', 'vs', 'versus', 'against', 'relative to', 'better than', 'worse than',
    'stack up', 'stacks up', 'difference between', 'differ', 'side by side',
  ]),
  ...cues('evidence', [
    'evidence', 'proof', 'what did you find', 'what did you see', 'found', 'signals', 'source', 'quote',
    'based on', 'how did you score', 'how did we score', 'how was', 'scored', 'justify', 'justification',
    'what did you look at', 'crawl', 'crawled', 'pages', 'observed', 'missing', 'not found', 'lacking', 'lack',
    'absent', 'didnt find', 'did not find', 'no evidence', 'where did you see', 'why did we get', 'why do we have',
  ]),
  ...cues('tier', [
    'tier', 'stage', 'total', 'overall', 'maturity', 'maturity level', 'band', 'rating', 'rank', 'points',
    'how far', 'next tier', 'next stage', 'where do we stand', 'where we stand', 'how did we do', 'how are we doing',
    'score mean', 'score means', 'total mean', 'out of 108', 'foundation', 'building', 'scaling', 'leading',
    'compounding', 'average level',
  ]),
  ...cues('tier', ['score', 'our score', 'my score', 'the score'], WEAK),
  ...cues('gaps', [
    'gap', 'weak', 'weakest', 'weakness', 'weaknesses', 'lowest', 'worst', 'biggest problem', 'problem', 'fix',
    'improve', 'improvement', 'focus on', 'priority', 'priorities', 'prioritise', 'prioritize', 'where to start',
    'where do we start', 'where should we start', 'behind', 'lagging', 'bottom', 'low', 'struggle',
    'blind spot', 'holding us back', 'hold us back', 'what should we do', 'what to do', 'get better',
    'work on', 'level up', 'quick win', 'low hanging fruit',
  ]),
  ...cues('strengths', [
    'strength', 'strong', 'strongest', 'best', 'good at', 'doing well', 'do well', 'highest', 'excel', 'top',
    'proud', 'what works',
  ]),
  ...cues('framework', [
    'framework', 'dimension', 'methodology', 'rubric', 'how does this work', 'how does it work', 'how it works',
    'how does scoring work', 'how do you score', 'what do you measure', 'what is measured', 'levels',
    'level mean', 'levels mean', 'what does level', '27', 'assessment', 'how are we scored',
    'how is the score calculated', 'calculated', 'calculation', 'what do you look for',
  ]),
  ...cues('functions', ['function', 'area', 'department', 'pillar', 'category', 'categories']),
  ...cues('more', [
    'tell me more', 'more', 'more detail', 'go on', 'continue', 'elaborate', 'expand', 'go deeper', 'deeper',
    'dig deeper', 'keep going', 'say more', 'in detail', 'details', 'explain more', 'go further', 'then what',
    'how so', 'and',
  ]),
  ...cues('why', ['why', 'how come', 'what makes you say', 'reason', 'explain why', 'why so']),
  ...cues('next', ['next one', 'the next', 'next', 'after that', 'and then', 'following one', 'another one', 'move on']),
  ...cues('else', ['what else', 'anything else', 'else', 'other', 'others', 'besides']),
  ...cues('importance', ['matter', 'matters', 'important', 'importance', 'why care', 'why should we care', 'worth it']),
];

/** Phrases that point at one item of a list the coach gave before ("the second one"). */
export const ORDINAL_PHRASES: readonly [string, number][] = [
  ['first one', 0],
  ['the first', 0],
  ['1st', 0],
  ['number one', 0],
  ['number 1', 0],
  ['second one', 1],
  ['the second', 1],
  ['2nd', 1],
  ['number two', 1],
  ['number 2', 1],
  ['second', 1],
  ['third one', 2],
  ['the third', 2],
  ['3rd', 2],
  ['number three', 2],
  ['number 3', 2],
  ['third', 2],
];

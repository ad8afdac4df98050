/**
 * DimensionScore.reasoning, written for the company: what the crawled pages
 * show (signal labels and the pages they were found on), what would move the
 * level, and any rule that held it down. No rubric arithmetic (points, control
 * points, signal counts): that stays in the grounding and behind
 * `maturity score --explain`. No quotes either: the evidence field quotes.
 *
 * What we did not find is said as not found on the pages we crawled, never as
 * absent from the company: the crawl reads a handful of pages and can miss.
 * Deterministic: the same input always gives the same text.
 */
import type { DimensionId } from '../../../framework/dimensions.ts';
import { LEVEL_MEANINGS, playbookStep } from '../../../framework/playbook.ts';
import { CURVES, RUBRIC } from '../../../framework/rubric.ts';
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import { MAX_LEVEL } from '../../../framework/tiers.ts';
import { compareText } from '../compare-text.ts';
import type { Level, LevelCap, SignalTally } from './tallies.ts';

export interface ReasoningInput {
  dimensionId: DimensionId;
  level: Level;
  /** The signals that counted, heaviest first. */
  tallies: readonly SignalTally[];
  /** Expected signals with no finding, heaviest first. */
  missingSignals: readonly SignalId[];
  /** The anti-pattern cap that lowered the level, if one did. */
  cap: LevelCap | null;
  /** The level was held at 2 for want of a quoted sentence that supports more by itself. */
  heldWithoutQuote: boolean;
  /** Canonical URLs of the pages read, the site's root page first. */
  crawledPages: readonly string[];
}

/** Optional sentences are dropped until the reasoning fits (coach excerpts and reports stay readable). */
const REASONING_BUDGET_CHARS = 600;
/** The "what we found" sentence names fewer signals until it fits this. */
const FINDINGS_SENTENCE_CHARS = 300;
const MAX_SIGNALS_NAMED = 4;
const MAX_PAGES_PER_SIGNAL = 2;
const MAX_CRAWLED_PAGES_NAMED = 4;
/** A level 1 names this many of the heaviest signals it looked for. */
const SIGNALS_LOOKED_FOR = 3;
/** What would move the level: at most this many of the heaviest signals not found. */
const SIGNALS_TO_LOOK_TO = 2;
const MAX_PAGE_NAME_CHARS = 40;
const HOME_PAGE = 'the home page';

interface Sentence {
  text: string;
  /** Dropped first when the reasoning is over budget; lower drops earlier. */
  keep: 'always' | number;
}

export function explainLevel(input: ReasoningInput): string {
  const site = siteHost(input.crawledPages);
  const sentences: Sentence[] = input.tallies.length === 0 ? nothingFound(input, site) : somethingFound(input, site);
  return fitToBudget(sentences);
}

/** Level 1 with no finding: what we looked for, and where. */
function nothingFound({ dimensionId, missingSignals, crawledPages }: ReasoningInput, site: string | null): Sentence[] {
  const lookedFor = listOr(missingSignals.slice(0, SIGNALS_LOOKED_FOR).map(label));
  const where =
    crawledPages.length === 0
      ? `We looked for ${lookedFor}, but no page of the site could be read.`
      : `We looked for ${lookedFor} on ${crawledPagesPhrase(crawledPages, site)} and found none of them.`;
  const firstStep = playbookStep(dimensionId, 1)?.firstSteps[0];
  return [{ text: where, keep: 'always' }, ...(firstStep ? [{ text: `A first step would be to ${sentenceBody(firstStep)}.`, keep: 1 }] : [])];
}

function somethingFound(input: ReasoningInput, site: string | null): Sentence[] {
  const { level, cap, heldWithoutQuote } = input;
  const sentences: Sentence[] = [{ text: foundSentence(input.tallies, site), keep: 'always' }];
  if (level === 1) {
    sentences.push({ text: 'That is not yet enough for level 2.', keep: 'always' });
  } else if (level === MAX_LEVEL) {
    // No next level to point to: say what the top level stands for instead.
    sentences.push({ text: `That reads as level ${MAX_LEVEL}, where ${LEVEL_MEANINGS[MAX_LEVEL]}.`, keep: 2 });
  }
  if (cap) {
    sentences.push({
      text: `It is held at level ${cap.maxLevel} by a warning sign we check for, "${cap.reason}"; dealing with it would let the evidence count in full.`,
      keep: 'always',
    });
  }
  if (heldWithoutQuote) sentences.push({ text: holdSentence(level, input.tallies), keep: 'always' });
  if (!cap && !heldWithoutQuote && level < MAX_LEVEL) {
    const next = nextLevelSentence(input);
    if (next) sentences.push({ text: next, keep: 'always' });
  }
  return sentences;
}

/**
 * "We found published pricing tiers, usage-based pricing and an enterprise plan
 * on /pricing; and self-serve sign-up on the home page." Signals found on the
 * same pages are named together, heaviest first.
 */
function foundSentence(tallies: readonly SignalTally[], site: string | null): string {
  let sentence = '';
  for (let named = Math.min(MAX_SIGNALS_NAMED, tallies.length); named >= 1; named--) {
    const groups = new Map<string, string[]>();
    for (const tally of tallies.slice(0, named)) {
      const where = findingPagesPhrase(tally, site);
      groups.set(where, [...(groups.get(where) ?? []), label(tally.signal)]);
    }
    const items = [...groups].map(([where, labels]) => {
      const what = listAnd(labels);
      // A label may name its page already ("a headline on the home page").
      return what.endsWith(` on ${where}`) ? what : `${what} on ${where}`;
    });
    const more = tallies.length - named;
    if (more > 0) items.push(`${numberWord(more)} more related sign${more === 1 ? '' : 's'}`);
    sentence = `We found ${items.length > 2 && items.some((item) => item.includes(' and ')) ? listWithSemicolons(items) : listAnd(items)}.`;
    if (sentence.length <= FINDINGS_SENTENCE_CHARS) break;
  }
  return sentence;
}

function findingPagesPhrase(tally: SignalTally, site: string | null): string {
  const names = unique(tally.findings.map((finding) => pageName(finding.url, site)));
  if (names.length <= MAX_PAGES_PER_SIGNAL) return listAnd(names);
  return `${names.slice(0, MAX_PAGES_PER_SIGNAL - 1).join(', ')} and other pages`;
}

function holdSentence(level: Level, tallies: readonly SignalTally[]): string {
  const anyQuote = tallies.some((tally) => tally.findings.some((finding) => finding.evidence.kind === 'quote'));
  return anyQuote
    ? `It stays at level ${level}: none of the sentences we found states the practice strongly enough by itself, and a higher level needs one that does, on the site.`
    : `It stays at level ${level}: what we found is read from the site's code, links and markup, and a higher level needs a sentence on the site that states the practice.`;
}

/** The one or two heaviest signals not found, or the playbook's first step when every signal was found. */
function nextLevelSentence({ dimensionId, level, missingSignals }: ReasoningInput): string | null {
  const next = level + 1;
  const rubric = RUBRIC[dimensionId];
  // Signals too light to carry a level on their own (a bare "contact sales", vague security claims) make poor advice.
  const worthNaming = missingSignals.filter((signal) => rubric.weights[signal]! >= CURVES[rubric.curve].pointsForLevel2).slice(0, SIGNALS_TO_LOOK_TO);
  if (worthNaming.length === 1) return `For level ${next}, look to ${label(worthNaming[0]!)}; we did not find it on the pages we crawled.`;
  if (worthNaming.length > 1) return `For level ${next}, look to ${listOr(worthNaming.map(label))}; we found neither on the pages we crawled.`;
  const step = playbookStep(dimensionId, level)?.firstSteps[0];
  return step ? `A step toward level ${next} would be to ${sentenceBody(step)}.` : null;
}

/** Drops optional sentences, lowest `keep` first, until the text fits the budget. Order is kept. */
function fitToBudget(sentences: Sentence[]): string {
  let kept = sentences;
  const optional = sentences.filter((s) => s.keep !== 'always').sort((a, b) => (a.keep as number) - (b.keep as number));
  for (const candidate of optional) {
    if (joined(kept).length <= REASONING_BUDGET_CHARS) break;
    kept = kept.filter((s) => s !== candidate);
  }
  return joined(kept);
}

function joined(sentences: readonly Sentence[]): string {
  return sentences.map((s) => s.text).join(' ');
}

/** "the 9 pages we crawled (the home page, /pricing, /docs, /blog and 5 others)" */
function crawledPagesPhrase(crawledPages: readonly string[], site: string | null): string {
  // Shallow pages first: "/pricing" tells more than "/blog/2026/some-post".
  const names = unique(crawledPages.map((url) => pageName(url, site))).sort((a, b) => depth(a) - depth(b) || compareText(a, b));
  if (names.length === 1) return `the one page we crawled (${names[0]})`;
  // "and one other" would take as long as naming it.
  const shown = names.length <= MAX_CRAWLED_PAGES_NAMED + 1 ? names : names.slice(0, MAX_CRAWLED_PAGES_NAMED);
  const others = names.length - shown.length;
  const list = others > 0 ? `${shown.join(', ')} and ${numberWord(others)} other${others === 1 ? '' : 's'}` : listAnd(shown);
  return `the ${names.length} pages we crawled (${list})`;
}

/** The host the crawl started on: the root page comes first in canonical order. */
function siteHost(crawledPages: readonly string[]): string | null {
  const first = crawledPages[0];
  return first ? hostOf(first) : null;
}

/** "the home page", "/pricing", or "docs.example.com/api" for a page on another host of the site. */
function pageName(url: string, site: string | null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return shorten(url);
  }
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : '/';
  if (site !== null && parsed.host !== site) return shorten(`${parsed.host}${path === '/' ? '' : path}`);
  return path === '/' ? HOME_PAGE : shorten(path);
}

/** The home page first, then by the number of path segments. */
function depth(name: string): number {
  return name === HOME_PAGE ? 0 : name.split('/').length;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

function shorten(text: string): string {
  return text.length <= MAX_PAGE_NAME_CHARS ? text : `${text.slice(0, MAX_PAGE_NAME_CHARS - 1)}…`;
}

function label(signal: SignalId): string {
  return signalType(signal).label;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

/** "a", "a and b", "a, b and c"; a serial comma when an item has its own "and". */
function listAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const serial = items.some((item) => item.includes(' and ')) ? ',' : '';
  return `${items.slice(0, -1).join(', ')}${serial} and ${items.at(-1)}`;
}

/** "a or b", "a, b, or c"; "a, or b" when an item has its own "or" (labels often do). */
function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const serial = items.length > 2 || items.some((item) => item.includes(' or ')) ? ',' : '';
  return `${items.slice(0, -1).join(', ')}${serial} or ${items.at(-1)}`;
}

/** "a on x; b and c on y; and d on z": for items that hold their own "and". */
function listWithSemicolons(items: readonly string[]): string {
  return `${items.slice(0, -1).join('; ')}; and ${items.at(-1)}`;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

function numberWord(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** A playbook step (an imperative sentence) to follow "would be to": lower-cased first letter (not for "API" or "AI"), no final stop. */
function sentenceBody(text: string): string {
  const body = text.replace(/[.\s]+$/, '');
  return /^[A-Z][a-z]/.test(body) ? `${body[0]!.toLowerCase()}${body.slice(1)}` : body;
}

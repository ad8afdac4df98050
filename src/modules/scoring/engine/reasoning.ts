/**
 * DimensionScore.reasoning, written for the company: what this site shows, in
 * its own words and with the page; what is missing for the next level, in
 * terms of this company; and one concrete next step that it has not already
 * taken. A level 1 says where we looked. No rubric arithmetic (points,
 * control points, signal counts): that stays in the grounding and behind
 * `maturity score --explain`.
 *
 * What we did not find is said as not found on the pages we read, never as
 * absent from the company: the crawl reads a handful of pages and can miss.
 * Deterministic: the same input always gives the same text.
 */
import type { DimensionId } from '../../../framework/dimensions.ts';
import { PLAYBOOK, playbookStep } from '../../../framework/playbook.ts';
import { CURVES, RUBRIC, type EvidenceSupport } from '../../../framework/rubric.ts';
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import { MAX_LEVEL } from '../../../framework/tiers.ts';
import type { Evidence, Finding } from '../artifacts.ts';
import { compareText } from '../compare-text.ts';
import type { Level, LevelCap, SignalTally } from './tallies.ts';

export interface ReasoningInput {
  dimensionId: DimensionId;
  level: Level;
  /** The signals that counted, heaviest first. */
  tallies: readonly SignalTally[];
  /** How far the counted findings hang together (rubric step 4). */
  support: EvidenceSupport;
  /** Expected signals with no finding, heaviest first. */
  missingSignals: readonly SignalId[];
  /** The anti-pattern cap that lowered the level, if one did. */
  cap: LevelCap | null;
  /** The level was held at 2 for want of a quoted sentence that supports more by itself. */
  heldWithoutQuote: boolean;
  /** Canonical URLs of the pages read, the site's root page first. */
  crawledPages: readonly string[];
  /** The company's name as its site states it, or null: the reasoning then says "the company". */
  companyName: string | null;
}

/** Optional sentences are dropped until the reasoning fits (coach excerpts and reports stay readable). */
const REASONING_BUDGET_CHARS = 600;
/** The site's own words are cut to this many characters, at a word, marked with an ellipsis. */
const SNIPPET_CHARS = 110;
/** A quote of fewer words is a figure or a name, not a statement: another is cited first. */
const MIN_OWN_WORDS = 5;
/** Besides the strongest signal, this many more are named with their pages. */
const OTHER_SIGNALS_NAMED = 3;
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

function companyOf({ companyName }: ReasoningInput): string {
  return companyName ?? 'the company';
}

/** Level 1 with no finding: where we looked, for what, and a first step. */
function nothingFound(input: ReasoningInput, site: string | null): Sentence[] {
  const lookedFor = listOr(input.missingSignals.slice(0, SIGNALS_LOOKED_FOR).map(label));
  const where =
    input.crawledPages.length === 0
      ? `No page of the site could be read, so we could not look for ${lookedFor}.`
      : `None of ${crawledPagesPhrase(input.crawledPages, site)} shows ${lookedFor}.`;
  const step = nextStep(input);
  return [{ text: where, keep: 'always' }, ...(step ? [{ text: `A first step for ${companyOf(input)}: ${step}.`, keep: 1 }] : [])];
}

function somethingFound(input: ReasoningInput, site: string | null): Sentence[] {
  const { level, cap, heldWithoutQuote, tallies } = input;
  const cited = citedTally(tallies);
  const sentences: Sentence[] = [{ text: ownWordsSentence(cited, site), keep: 'always' }];
  const others = othersSentence(
    tallies.filter((tally) => tally !== cited.tally),
    site,
  );
  if (others) sentences.push({ text: others, keep: 2 });
  if (cap) {
    sentences.push({
      text: `It is held at level ${cap.maxLevel} by a warning sign we check for, "${cap.reason}"; dealing with it would let the evidence count in full.`,
      keep: 'always',
    });
  } else if (heldWithoutQuote) {
    sentences.push({ text: holdSentence(level, tallies), keep: 'always' });
  } else {
    const judgement = judgementSentence(input);
    if (judgement) sentences.push({ text: judgement, keep: 3 });
  }
  if (!cap && !heldWithoutQuote && level < MAX_LEVEL) {
    const next = nextLevelSentence(input);
    if (next) sentences.push({ text: next, keep: 'always' });
  }
  const step = nextStep(input);
  if (step) sentences.push({ text: level === MAX_LEVEL ? `To keep it compounding: ${step}.` : `A concrete next step: ${step}.`, keep: 1 });
  return sentences;
}

interface Cited {
  tally: SignalTally;
  finding: Finding;
}

/**
 * The finding the reasoning cites: the strongest signal's first quote that
 * is a sentence, else any signal's (in strength order); a sentence says more
 * than a bare figure ("$59") or a plan's name; failing any, the longest quote;
 * failing quotes, the strongest signal's markup observation.
 */
function citedTally(tallies: readonly SignalTally[]): Cited {
  const quoted = tallies.flatMap((tally) => tally.findings.filter((f) => f.evidence.kind === 'quote').map((finding) => ({ tally, finding })));
  const sentence = quoted.find(({ finding }) => finding.evidence.text.split(/\s+/).length >= MIN_OWN_WORDS);
  const longest = [...quoted].sort((a, b) => b.finding.evidence.text.length - a.finding.evidence.text.length)[0];
  return sentence ?? longest ?? { tally: tallies[0]!, finding: tallies[0]!.findings[0]! };
}

/**
 * The site in its own words: the cited quote, cut around what matched, with
 * its page ("On /pricing, the site says \"100k events / month included…\"").
 * A signal read from markup only is named instead.
 */
function ownWordsSentence({ tally, finding }: Cited, site: string | null): string {
  if (finding.evidence.kind === 'quote') return `On ${pageName(finding.url, site)}, the site says "${snippet(finding.evidence.text, finding.phrase)}".`;
  return `${capitalise(label(tally.signal))} shows in the site's ${sourceWord(finding.evidence)} on ${pageName(finding.url, site)}.`;
}

/** "We also found an enterprise plan on /pricing and a help centre on /docs." */
function othersSentence(tallies: readonly SignalTally[], site: string | null): string | null {
  if (tallies.length === 0) return null;
  const named = tallies.slice(0, OTHER_SIGNALS_NAMED).map((tally) => {
    const where = findingPagesPhrase(tally.findings, site);
    // A label may name its page already ("a headline on the home page").
    return label(tally.signal).endsWith(` on ${where}`) ? label(tally.signal) : `${label(tally.signal)} on ${where}`;
  });
  const more = tallies.length - named.length;
  if (more > 0) named.push(`${numberWord(more)} more related sign${more === 1 ? '' : 's'}`);
  return `We also found ${named.length > 2 ? listWithSemicolons(named) : listAnd(named)}.`;
}

/** Why the evidence earns this level and not the next, in words: one page or several, figures or none. */
function judgementSentence({ level, support }: ReasoningInput): string | null {
  if (level === 2 && support.signals === 1 && support.pages === 1 && !support.specific) {
    return 'It rests on one statement on one page, with no figure behind it: a start, not yet a practice.';
  }
  if (level === 2) return 'That shows the practice exists, but not yet one that holds up across the site.';
  if (level === 3) return support.pages > 1 ? 'It holds up across more than one page.' : 'Figures stand behind it, so it reads as a practice, not a slogan.';
  return null;
}

function holdSentence(level: Level, tallies: readonly SignalTally[]): string {
  const anyQuote = tallies.some((tally) => tally.findings.some((finding) => finding.evidence.kind === 'quote'));
  return anyQuote
    ? `It stays at level ${level}: none of the sentences we found states the practice strongly enough by itself, and a higher level needs one that does, on the site.`
    : `It stays at level ${level}: what we found is read from the site's code, links and markup, and a higher level needs a sentence on the site that states the practice.`;
}

/** What the next level needs, in this company's terms: the heaviest signals not found, or more of what was. */
function nextLevelSentence(input: ReasoningInput): string | null {
  const { dimensionId, level, missingSignals, support } = input;
  const next = level + 1;
  const rubric = RUBRIC[dimensionId];
  // Signals too light to carry a level on their own (a bare "contact sales", vague security claims) make poor advice.
  const worthNaming = missingSignals.filter((signal) => rubric.weights[signal]! >= CURVES[rubric.curve].pointsForLevel2).slice(0, SIGNALS_TO_LOOK_TO);
  const company = companyOf(input);
  if (worthNaming.length > 0) {
    const also = next === MAX_LEVEL && support.pages < 2 ? ', shown on more than one page' : '';
    return `For level ${next}, ${company} would need ${listOr(worthNaming.map(label))}${also}; we did not find ${worthNaming.length === 1 ? 'it' : 'them'} on the pages we read.`;
  }
  return `For level ${next}, ${company} would need the same practices shown with figures and dates on more pages of the site.`;
}

/**
 * One concrete step from the playbook for this level (how to sustain it at
 * level 4), skipping steps about what the site already shows: a company whose
 * site describes its status page is not told to launch one.
 */
function nextStep({ dimensionId, level, tallies }: ReasoningInput): string | null {
  const candidates = level === MAX_LEVEL ? PLAYBOOK[dimensionId].sustain.practices : (playbookStep(dimensionId, level)?.firstSteps ?? []);
  const shown = tallies.map((tally) => labelCore(label(tally.signal)));
  const step = candidates.find((candidate) => !shown.some((core) => candidate.toLowerCase().includes(core))) ?? null;
  return step ? sentenceBody(step) : null;
}

/** The words of a signal's label that name the thing: "a public status page" -> "status page". */
function labelCore(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/^(?:an?|the)\s+/, '')
    .split(/\s+/)
    .filter((word) => !['public', 'published', 'described', 'stated', 'named'].includes(word));
  return words.slice(-2).join(' ');
}

/**
 * The site's words around what matched (the phrase, when the detector kept
 * it), cut at words and marked with ellipses where cut: still verbatim
 * between the marks.
 */
function snippet(quote: string, phrase?: string): string {
  const text = quote.trim();
  if (text.length <= SNIPPET_CHARS) return text.replace(/[.!?]$/, '');
  const at = phrase ? text.indexOf(phrase) : -1;
  let from = at === -1 ? 0 : Math.max(0, at - Math.floor((SNIPPET_CHARS - phrase!.length) / 2));
  let to = Math.min(text.length, from + SNIPPET_CHARS);
  from = Math.max(0, to - SNIPPET_CHARS);
  if (from > 0) from = text.indexOf(' ', from) + 1 || from;
  if (to < text.length) {
    const space = text.lastIndexOf(' ', to);
    if (space > from) to = space;
  }
  const body = text.slice(from, to).replace(/^[,;:\s]+|[,;:\s]+$/g, '');
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}

function sourceWord(evidence: Evidence): string {
  if (evidence.kind === 'quote') return 'text';
  if (evidence.source === 'link') return 'links';
  if (evidence.source === 'script' || evidence.source === 'inlineScript') return 'scripts';
  return 'markup';
}

function findingPagesPhrase(findings: readonly Finding[], site: string | null): string {
  const names = unique(findings.map((finding) => pageName(finding.url, site)));
  if (names.length <= MAX_PAGES_PER_SIGNAL) return listAnd(names);
  return `${names.slice(0, MAX_PAGES_PER_SIGNAL - 1).join(', ')} and other pages`;
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

/** "the 9 pages we read (the home page, /pricing, /docs, /blog and 5 others)" */
function crawledPagesPhrase(crawledPages: readonly string[], site: string | null): string {
  // Shallow pages first: "/pricing" tells more than "/blog/2026/some-post".
  const names = unique(crawledPages.map((url) => pageName(url, site))).sort((a, b) => depth(a) - depth(b) || compareText(a, b));
  if (names.length === 1) return `the one page we read (${names[0]})`;
  // "and one other" would take as long as naming it.
  const shown = names.length <= MAX_CRAWLED_PAGES_NAMED + 1 ? names : names.slice(0, MAX_CRAWLED_PAGES_NAMED);
  const others = names.length - shown.length;
  const list = others > 0 ? `${shown.join(', ')} and ${numberWord(others)} other${others === 1 ? '' : 's'}` : listAnd(shown);
  return `the ${names.length} pages we read (${list})`;
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
  return path === '/' ? HOME_PAGE : shortenPath(path);
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

/** A long path keeps its last segments, which name the page: "/…/growth/ab-testing". */
function shortenPath(path: string): string {
  if (path.length <= MAX_PAGE_NAME_CHARS) return path;
  const segments = path.split('/').filter(Boolean);
  for (let keep = segments.length - 1; keep >= 1; keep--) {
    const tail = `/…/${segments.slice(-keep).join('/')}`;
    if (tail.length <= MAX_PAGE_NAME_CHARS) return tail;
  }
  return shorten(path);
}

function shorten(text: string): string {
  return text.length <= MAX_PAGE_NAME_CHARS ? text : `${text.slice(0, MAX_PAGE_NAME_CHARS - 1)}…`;
}

function label(signal: SignalId): string {
  return signalType(signal).label;
}

function capitalise(text: string): string {
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
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

/**
 * Page anatomy: which lines of a page may be evidence, and for what.
 *
 * The extractor already drops the chrome it can see in the markup (nav,
 * header, footer, aside, consent banners). What it cannot see alone is
 * boilerplate that only shows as repetition: a call to action, a tagline or a
 * link block that stands on most pages of the crawl. Nor does markup tell a
 * statement from data: headings and slogans name a topic without asserting
 * anything, and code, table cells, bare addresses and attribute strings are
 * not prose, nor is a line that is all one link's text (a table of
 * contents), nor a byline. None of those is evidence; the links and headings
 * still tell which pages exist. A sub-heading of ten words or more is a
 * sentence (a hero's sub-headline) and reads as prose.
 *
 * Some prose speaks for someone else, so it only counts for the signals of
 * its own page kind: a bug description in a changelog says nothing about
 * customer success, a job ad's wished-for skills are not the company's
 * practice, and a quotation is a customer's word, evidence of customers only.
 * A testimonial's attribution (a name and a job title) speaks for nobody:
 * the title is that person's, at their own company.
 */
import type { LinkArtifact, PageArtifact } from '../artifacts.ts';
import type { PageKind } from './page-kinds.ts';

/**
 * What a line may be evidence for: any signal, only the signals of some
 * families (the line speaks for its page's kind only), or none.
 */
export type LineScope = { kind: 'any' } | { kind: 'families'; families: readonly string[] } | { kind: 'none' };

const ANY: LineScope = { kind: 'any' };
const NONE: LineScope = { kind: 'none' };

/** A repeated line or link is boilerplate when it stands on more than this share of the crawled pages. */
const BOILERPLATE_SHARE = 0.5;
/** Below this many pages, repetition cannot tell boilerplate from a site that says the same thing twice. */
const PAGES_TO_JUDGE_REPETITION = 3;
/**
 * A statement has a subject and a verb at least; shorter paragraphs are
 * labels, buttons and slogans. A list item states its point in fewer words
 * ("Senior Product Manager", "SSO on every plan").
 */
const MIN_WORDS: Record<'text' | 'item', number> = { text: 4, item: 2 };

/**
 * Pages whose short lines are their data: a plan name and its price, a job
 * title, a dated release, a roadmap item. There, a line too short to be a
 * statement still speaks for the page's own signal families.
 */
const DATA_PAGE_FAMILIES: Partial<Record<PageKind, readonly string[]>> = {
  // A plan's feature list says what each plan includes: its support, its security controls, its SLA, its API.
  pricing: ['pricing', 'adoption', 'support', 'security', 'arch', 'devex', 'ai'],
  careers: ['careers'],
  changelog: ['changelog'],
  roadmap: ['roadmap'],
};

/** Someone else speaking: a blockquote, or a line that opens with a quotation mark. */
const VOICE: LineScope = { kind: 'families', families: ['customers'] };
const OPENS_WITH_QUOTATION = /^["“«„]/;

/**
 * A byline or a testimonial's attribution: a person's name and job title
 * ("Jane Doe, Senior Technical Account Manager at Acme", "— Sam Lee, CTO").
 * The title is that person's, at their own company: no evidence of the
 * company's teams. Careers and handbook pages list titles as their data.
 */
const JOB_TITLE =
  '(?:CEO|CTO|CPO|COO|CFO|CISO|CMO|VP|SVP|EVP|Founder|Co-?[Ff]ounder|Head|Director|Manager|Engineer|Lead|Officer|President|Architect|Developer|Designer|Consultant|Analyst|Specialist|Owner|Partner|Chief|Principal)';
const ATTRIBUTION = new RegExp(
  `^(?:[-–—~]\\s*)?[A-Z][\\p{L}'’.-]+(?: [A-Z][\\p{L}'’.-]+){0,3}\\s*(?:,|\\s[|–—-]\\s)\\s*[^.!?]{0,80}\\b${JOB_TITLE}\\b|\\b${JOB_TITLE}\\b[^.!?]{0,40}\\s(?:at|@)\\s[A-Z]`,
  'u',
);
const MAX_ATTRIBUTION_WORDS = 16;
const ATTRIBUTION_FREE_KINDS: readonly PageKind[] = ['careers', 'handbook'];

function isAttribution(line: string, kinds: ReadonlySet<PageKind>): boolean {
  if (ATTRIBUTION_FREE_KINDS.some((kind) => kinds.has(kind))) return false;
  return line.split(' ').length <= MAX_ATTRIBUTION_WORDS && ATTRIBUTION.test(line);
}

/** A person's name alone on its line ("— Sam Lee", "Priya Natarajan"), or "@handle". */
const BARE_NAME = /^(?:[-–—~]\s*)?(?:[A-Z][\p{L}'’.-]+(?: [A-Z][\p{L}'’.-]+){1,3}|@[\w.-]{2,})$/u;

/** Whether a line reads as the byline of a quotation beside it: a name, with or without a title. */
export function isByline(line: string): boolean {
  return line.split(' ').length <= MAX_ATTRIBUTION_WORDS && (ATTRIBUTION.test(line) || BARE_NAME.test(line.trim()));
}

/** A post's byline under its title: its date and author ("April 16, 2020 — Lipis"). */
const DATED_BYLINE = /^(?:[A-Z][a-z]+\.? \d{1,2},? \d{4}|\d{4}-\d{2}-\d{2}|\d{1,2} [A-Z][a-z]+ \d{4})\s*[—–|·-]\s*\S/;

const BARE_ADDRESS = /^(?:https?:\/\/|www\.)\S+$|^\S+@\S+\.\w+$/i;
/** Markup, code or attribute strings that leaked into text: braces, arrows, tags, assignments, path-like tokens. */
const CODE_LIKE = /[{}]|=>|<\/?[a-z]|\b\w+=["']|^\s*(?:import|const|let|var|function|curl|npm|npx|pip|git)\s|;\s*$|\w+\.\w+\(|(?:^|\s)--?[a-z][\w-]*(?:\s|$)/i;

/** A changelog line that describes a defect that was fixed: evidence of shipping, of nothing else. */
const DEFECT_DESCRIPTION =
  /\b(?:fix(?:ed|es)?|bug(?:s|fix)?|regression|crash(?:ed|es)?|resolved an? (?:issue|problem)|issue (?:where|with|that|when)|no longer)\b/i;
/** A job ad's wished-for skills: what a candidate should bring, not what the company does. */
const WISHED_FOR_SKILL =
  /\b(?:you (?:have|are|bring|will|know|love|enjoy|thrive)|you(?:'|’)(?:ve|re|ll)|experience (?:with|in|building|running)|familiar(?:ity)? with|proficien|nice[- ]to[- ]have|bonus points|requirements?|qualifications?|\d\+? years|ideal candidate|we(?:'|’)re looking for|we are looking for|must have|what we(?:'|’)re looking for)\b/i;
/** Investor and funding text speaks about the company's backers, not its practice. */
const INVESTOR_TEXT =
  /\b(?:backed by|our investors|investors? (?:include|like)|raised \$|seed round|series [a-e] (?:round|funding)|funding round|angel investors?)\b/i;

export interface PageAnatomy {
  /** For each line of the page's mainText, what it may be evidence for. */
  lineScopes: LineScope[];
  /** The page's links that are content: not chrome and not repeated across most pages. */
  contentLinks: LinkArtifact[];
}

/** Counts, for each value, on how many of the pages it appears (each page once). */
function pagesHolding<T>(pages: readonly PageArtifact[], valuesOf: (page: PageArtifact) => Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const page of pages) {
    for (const value of new Set(valuesOf(page))) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

function repeatedOnMostPages<T>(pages: readonly PageArtifact[], valuesOf: (page: PageArtifact) => Iterable<T>): (value: T) => boolean {
  if (pages.length < PAGES_TO_JUDGE_REPETITION) return () => false;
  const counts = pagesHolding(pages, valuesOf);
  const threshold = pages.length * BOILERPLATE_SHARE;
  return (value) => (counts.get(value) ?? 0) > threshold;
}

function isStatementLine(line: string, kind: 'text' | 'item'): boolean {
  return line.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length >= MIN_WORDS[kind];
}

function scopeOfProse(line: string, kinds: ReadonlySet<PageKind>): LineScope {
  if (INVESTOR_TEXT.test(line)) return NONE;
  if (kinds.has('changelog') && DEFECT_DESCRIPTION.test(line)) return { kind: 'families', families: ['changelog'] };
  if (kinds.has('careers') && WISHED_FOR_SKILL.test(line)) return { kind: 'families', families: ['careers'] };
  return ANY;
}

/** A price with its period or unit standing as a line of its own ("$12 / year"): a plan's price wherever it is shown. */
const PRICE_LINE = /^(?:[^\d\n]{0,20})?(?:[$€£]|USD|EUR|GBP)\s?\d[\d,.]*\s?(?:\/|per|a)\s?(?:month|mo|year|yr|user|seat)\b/i;

/** The families a short data line of a page of these kinds speaks for, if any. */
function scopeOfData(line: string, kinds: ReadonlySet<PageKind>): LineScope {
  const families = [...kinds].flatMap((kind) => DATA_PAGE_FAMILIES[kind] ?? []);
  if (families.length === 0 && PRICE_LINE.test(line)) return { kind: 'families', families: ['pricing'] };
  return families.length > 0 ? { kind: 'families', families } : NONE;
}

/** Sub-headings this long are sentences (a hero's sub-headline), not the name of a topic. */
const MIN_STATEMENT_HEADING_WORDS = 10;

/**
 * The anatomy of every page, judged together: repetition is a property of
 * the crawl, not of one page. `kindsOf` gives each page's kinds.
 */
export function pageAnatomies(pages: readonly PageArtifact[], kindsOf: (page: PageArtifact) => ReadonlySet<PageKind>): Map<PageArtifact, PageAnatomy> {
  // Split once: the repetition count and the per-line judgement read the same lines.
  const linesOf = new Map(pages.map((page) => [page, page.mainText.split('\n')]));
  const isRepeatedLine = repeatedOnMostPages(pages, (page) => linesOf.get(page)!);
  const isRepeatedLink = repeatedOnMostPages(pages, (page) => page.links.map((link) => link.href));
  const anatomies = new Map<PageArtifact, PageAnatomy>();
  for (const page of pages) {
    const kinds = kindsOf(page);
    // A line that is all one link's text is a table of contents or a menu in the content: it names a page, it says nothing.
    const linkTexts = new Set(page.links.map((link) => link.text).filter(Boolean));
    // A page's title (its h1) names it, however long; a long sub-heading can be a sentence of its own.
    const titles = new Set(page.headings.filter((heading) => heading.level === 1).map((heading) => heading.text));
    const lineScopes = linesOf.get(page)!.map((line, index) => {
      const kind = page.lineKinds[index] ?? 'text';
      if (isRepeatedLine(line) || BARE_ADDRESS.test(line) || CODE_LIKE.test(line) || linkTexts.has(line) || DATED_BYLINE.test(line)) return NONE;
      if (kind === 'quotation' || OPENS_WITH_QUOTATION.test(line)) return isStatementLine(line, 'text') ? VOICE : NONE;
      if (isAttribution(line, kinds)) return NONE;
      if (kind === 'heading' && !titles.has(line) && line.split(' ').length >= MIN_STATEMENT_HEADING_WORDS) return scopeOfProse(line, kinds);
      if (kind !== 'text' && kind !== 'item' && kind !== 'cell') return NONE;
      return kind !== 'cell' && isStatementLine(line, kind) ? scopeOfProse(line, kinds) : scopeOfData(line, kinds);
    });
    const contentLinks = page.links.filter((link) => !link.chrome && !isRepeatedLink(link.href));
    anatomies.set(page, { lineScopes, contentLinks });
  }
  return anatomies;
}

/** The family of a signal id (<family>.<metric>): the detector family that emits it. */
export function familyOf(signal: string): string {
  return signal.slice(0, signal.indexOf('.'));
}

/** Whether a line of this scope may be evidence for `signal`. */
export function scopeAllows(scope: LineScope, signal: string): boolean {
  if (scope.kind === 'any') return true;
  if (scope.kind === 'none') return false;
  return scope.families.includes(familyOf(signal));
}

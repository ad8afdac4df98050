/**
 * The small declarative rules most detector families are made of, and the
 * one place that turns a rule's hit into a Finding. A family that needs more
 * than a rule (counting prices, measuring cadence) writes a function beside
 * its rules and builds findings with `finding()` too.
 */
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import type { Evidence, Finding, LinkArtifact, PageArtifact } from '../artifacts.ts';
import { isAffirmedClaim, pageSpeaksFor, speaksForCompany } from './claim-context.ts';
import { scopeAllows, type LineScope } from './page-anatomy.ts';
import { isCompanyHost, type SiteIdentity } from './site-identity.ts';
import type { PageKind } from './page-kinds.ts';
import { quoteAround, quoteOf, sentenceAround } from './quote.ts';
import type { PageTextIndex } from './text-index.ts';

/** A page with its kinds, anatomy and text index worked out once, shared by every detector. */
export interface PageContext {
  page: PageArtifact;
  site: SiteIdentity;
  kinds: ReadonlySet<PageKind>;
  /** Indexes only the lines that may be evidence for some signal. */
  text: PageTextIndex;
  /** For each line of mainText, what it may be evidence for (page-anatomy.ts). */
  lineScopes: readonly LineScope[];
  /** Links in the page's content: not chrome, not repeated across most pages. */
  contentLinks: readonly LinkArtifact[];
}

/** A detector family: pages in canonical order -> findings. */
export type SignalDetector = (pages: readonly PageContext[]) => Finding[];

/** A phrase in the page's text. The first match on a page is quoted. */
export interface TextRule {
  signal: SignalId;
  /**
   * Matched line by line, without the g flag; `\b` word boundaries keep
   * "SOC 2" from matching "SOC 20".
   */
  pattern: RegExp;
  /**
   * Trigger words (lower case): every match of `pattern` contains a token
   * starting with one of them, so only lines holding one are tried.
   */
  words: readonly string[];
  /** When set, the rule only reads pages of these kinds. */
  onlyOn?: readonly PageKind[];
  /** When set, the rule never reads pages of these kinds (another rule reads them better). */
  exceptOn?: readonly PageKind[];
  /** A sentence this also matches is about something else ("up to $12,000 per month" of a salary is no price). */
  unless?: RegExp;
  /**
   * Sentences the rule matches (`pattern`, and not `unless`): what it is
   * for. text-rules.test.ts checks every one, so a change to the pattern
   * that loses one fails there.
   */
  examples: readonly string[];
  /** Sentences the rule must not match: where it stops (a near miss, a word it must not take). */
  nonExamples: readonly string[];
}

/** The page itself is the evidence (a pricing page, a roadmap): its top heading is quoted. */
export interface PageKindRule {
  signal: SignalId;
  kind: PageKind;
}

/**
 * A page whose title says what it is (a round-up of a market's tools, a look
 * back on a year, a preview of what comes next): the page is the evidence,
 * quoted by its first statement.
 */
export interface TitleRule {
  signal: SignalId;
  /** Tested against the page's top heading, else its title. */
  title: RegExp;
  /** When set, only pages of these kinds are read. */
  onlyOn?: readonly PageKind[];
  /** When set, pages of these kinds are never read. */
  exceptOn?: readonly PageKind[];
}

/** A link on the page (navigation and footer included): its address is the observation. */
export interface LinkRule {
  signal: SignalId;
  href?: RegExp;
  text?: RegExp;
  /** Only a link to one of the company's own hosts counts (a docs.* link to another company's docs does not). */
  companyHostOnly?: boolean;
}

export function finding(signal: SignalId, page: PageArtifact, evidence: Evidence, strength = 1): Finding {
  return { signal, dimensionId: signalType(signal).dimensionId, strength, evidence, url: page.finalUrl };
}

/**
 * A family's text rules, checked as the family loads. Their trigger words
 * are indexed because detector-catalogue.ts lists the family, not by loading
 * it.
 */
export function textRules(rules: readonly TextRule[]): readonly TextRule[] {
  for (const rule of rules) {
    if (rule.pattern.global || rule.pattern.sticky) throw new Error(`${rule.signal}: text rule patterns are stateless (no g or y flag)`);
    if (rule.words.length === 0) throw new Error(`${rule.signal}: a text rule needs trigger words`);
  }
  return rules;
}

function applies(rule: TextRule, context: PageContext): boolean {
  if (rule.exceptOn?.some((kind) => context.kinds.has(kind))) return false;
  return !rule.onlyOn || rule.onlyOn.some((kind) => context.kinds.has(kind));
}

/**
 * Whether the phrase at [start, end) of line `line` may be evidence for
 * `signal`: the line is prose that may speak for it, the page and the
 * sentence speak for the company, and the sentence affirms the claim as
 * current.
 */
export function isEvidenceFor(signal: string, context: PageContext, line: number, start: number, end: number): boolean {
  if (!scopeAllows(context.lineScopes[line] ?? { kind: 'none' }, signal) || !pageSpeaksFor(signal, context.kinds)) return false;
  const text = context.text.lines[line]!;
  const [sentenceStart, sentenceEnd] = sentenceAround(text, start, end);
  const sentence = text.slice(sentenceStart, sentenceEnd);
  return speaksForCompany(sentence, context.kinds) && isAffirmedClaim(signal, sentence, start - sentenceStart);
}

function sentenceMatches(pattern: RegExp, context: PageContext, line: number, start: number, end: number): boolean {
  const text = context.text.lines[line]!;
  const [sentenceStart, sentenceEnd] = sentenceAround(text, start, end);
  return pattern.test(text.slice(sentenceStart, sentenceEnd));
}

/** The quote for a match at [start, end) of the page's text, when it may be evidence for `signal`. */
export function evidenceQuoteAt(signal: string, context: PageContext, start: number, end: number): string | null {
  const line = context.text.lineAt(start);
  const lineStart = context.text.lineStarts[line]!;
  if (!isEvidenceFor(signal, context, line, start - lineStart, end - lineStart)) return null;
  return quoteAround(context.page.mainText, start, end);
}

export function detectByTextRules(pages: readonly PageContext[], rules: readonly TextRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of rules) {
      if (!applies(rule, context) || !pageSpeaksFor(rule.signal, context.kinds)) continue;
      const match = context.text.firstMatch(
        rule.pattern,
        rule.words,
        (line, start, end) =>
          isEvidenceFor(rule.signal, context, line, start, end) && !(rule.unless && sentenceMatches(rule.unless, context, line, start, end)),
      );
      const text = match && quoteAround(context.page.mainText, match.start, match.end);
      if (text) findings.push({ ...finding(rule.signal, context.page, { kind: 'quote', text }), phrase: context.page.mainText.slice(match.start, match.end) });
    }
  }
  return findings;
}

/** A line that asks the reader to act ("Subscribe to our newsletter") says nothing of what the page holds. */
const CALL_TO_ACTION =
  /^(?:subscribe|sign up|join|follow|share|read more|get started|get the latest|receive|stay (?:up to date|in the loop|tuned)|contact us|book a demo|try)\b/i;

/** A page that is only headings says what it is about, not what it holds: it counts for half. */
const HEADING_ONLY_STRENGTH = 0.5;

/**
 * The evidence that stands for a whole page (a pricing page, a roadmap): the
 * first full statement on it, else the first data line that speaks for the
 * signal ("Free", "$49/mo"), at full strength; failing both, its top heading
 * at half strength.
 */
export function pageStatement(signal: string, context: PageContext): { evidence: Evidence; strength: number } | null {
  const { page, text, lineScopes } = context;
  const statement = lineScopes.findIndex((scope, line) => scope.kind === 'any' && !CALL_TO_ACTION.test(text.lines[line]!));
  const line = statement !== -1 ? statement : lineScopes.findIndex((scope) => scopeAllows(scope, signal));
  if (line !== -1) {
    const start = text.lineStarts[line]!;
    const quote = quoteAround(page.mainText, start, start + text.lines[line]!.length);
    if (quote) return { evidence: { kind: 'quote', text: quote }, strength: 1 };
  }
  const heading = page.headings.find((h) => h.level === 1) ?? page.headings[0];
  const quoted = heading ? quoteOf(page.mainText, heading.text) : null;
  return quoted ? { evidence: { kind: 'quote', text: quoted }, strength: HEADING_ONLY_STRENGTH } : null;
}

export function detectByPageKind(pages: readonly PageContext[], rules: readonly PageKindRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of rules) {
      if (!context.kinds.has(rule.kind) || !pageSpeaksFor(rule.signal, context.kinds)) continue;
      const statement = pageStatement(rule.signal, context);
      if (statement) findings.push(finding(rule.signal, context.page, statement.evidence, statement.strength));
    }
  }
  return findings;
}

function linkMatches(rule: LinkRule, link: LinkArtifact, context: PageContext): boolean {
  return (
    (!rule.href || rule.href.test(link.href)) && (!rule.text || rule.text.test(link.text)) && (!rule.companyHostOnly || isCompanyHost(link.href, context.site))
  );
}

/** The name a page gives itself: its top heading, else its title. */
export function pageTitle({ page }: PageContext): string {
  return page.headings.find((h) => h.level === 1)?.text ?? page.title;
}

export function detectByTitle(pages: readonly PageContext[], rules: readonly TitleRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of rules) {
      if (rule.exceptOn?.some((kind) => context.kinds.has(kind)) || (rule.onlyOn && !rule.onlyOn.some((kind) => context.kinds.has(kind)))) continue;
      if (!rule.title.test(pageTitle(context))) continue;
      const statement = pageStatement(rule.signal, context);
      if (statement) findings.push(finding(rule.signal, context.page, statement.evidence, statement.strength));
    }
  }
  return findings;
}

/** Links in the page's content only: a navigation or footer link on every page is not evidence. */
export function detectByLinks(pages: readonly PageContext[], rules: readonly LinkRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of rules) {
      if (!pageSpeaksFor(rule.signal, context.kinds)) continue;
      const link = context.contentLinks.find((l) => linkMatches(rule, l, context));
      if (link) findings.push(finding(rule.signal, context.page, { kind: 'observation', source: 'link', text: link.href }));
    }
  }
  return findings;
}

/**
 * A link anywhere on the site, its navigation and footer included, found
 * once: a surface the company runs elsewhere (its status page, its docs host,
 * its community server) exists whether the link sits in a footer or in a
 * paragraph. The first page, in canonical order, that links to it is cited.
 */
export function detectBySiteLinks(pages: readonly PageContext[], rules: readonly LinkRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    for (const context of pages) {
      if (!pageSpeaksFor(rule.signal, context.kinds)) continue;
      const link = context.page.links.find((l) => linkMatches(rule, l, context));
      if (link) {
        findings.push(finding(rule.signal, context.page, { kind: 'observation', source: 'link', text: link.href }));
        break;
      }
    }
  }
  return findings;
}

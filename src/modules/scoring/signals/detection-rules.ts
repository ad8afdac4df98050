/**
 * The small declarative rules most detector families are made of, and the
 * one place that turns a rule's hit into a Finding. A family that needs more
 * than a rule (counting prices, measuring cadence) writes a function beside
 * its rules and builds findings with `finding()` too.
 */
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import type { Evidence, Finding, PageArtifact } from '../artifacts.ts';
import type { PageKind } from './page-kinds.ts';
import { quoteAround, quoteOf } from './quote.ts';
import { registerTriggerWords, type PageTextIndex } from './text-index.ts';

/** A page with its kinds and text index worked out once, shared by every detector. */
export interface PageContext {
  page: PageArtifact;
  kinds: ReadonlySet<PageKind>;
  text: PageTextIndex;
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
}

/** The page itself is the evidence (a pricing page, a roadmap): its top heading is quoted. */
export interface PageKindRule {
  signal: SignalId;
  kind: PageKind;
}

/** A link on the page (navigation and footer included): its address is the observation. */
export interface LinkRule {
  signal: SignalId;
  href?: RegExp;
  text?: RegExp;
}

export function finding(signal: SignalId, page: PageArtifact, evidence: Evidence, strength = 1): Finding {
  return { signal, dimensionId: signalType(signal).dimensionId, strength, evidence, url: page.finalUrl };
}

/** A family's text rules, checked and with their trigger words registered for indexing. */
export class TextRuleSet {
  readonly rules: readonly TextRule[];
  constructor(rules: readonly TextRule[]) {
    for (const rule of rules) {
      if (rule.pattern.global || rule.pattern.sticky) throw new Error(`${rule.signal}: text rule patterns are stateless (no g or y flag)`);
      if (rule.words.length === 0) throw new Error(`${rule.signal}: a text rule needs trigger words`);
      registerTriggerWords(rule.words);
    }
    this.rules = rules;
  }
}

function applies(onlyOn: readonly PageKind[] | undefined, context: PageContext): boolean {
  return !onlyOn || onlyOn.some((kind) => context.kinds.has(kind));
}

export function detectByTextRules(pages: readonly PageContext[], ruleSet: TextRuleSet): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of ruleSet.rules) {
      if (!applies(rule.onlyOn, context)) continue;
      const match = context.text.firstMatch(rule.pattern, rule.words);
      const text = match && quoteAround(context.page.mainText, match.start, match.end);
      if (text) findings.push(finding(rule.signal, context.page, { kind: 'quote', text }));
    }
  }
  return findings;
}

/** The quote that stands for a whole page: its first top heading, else its first line. */
function pageHeadingQuote(page: PageArtifact): string | null {
  const heading = page.headings.find((h) => h.level === 1) ?? page.headings[0];
  const quoted = heading ? quoteOf(page.mainText, heading.text) : null;
  if (quoted) return quoted;
  const firstLineEnd = page.mainText.indexOf('\n');
  return quoteAround(page.mainText, 0, firstLineEnd === -1 ? page.mainText.length : firstLineEnd);
}

export function detectByPageKind(pages: readonly PageContext[], rules: readonly PageKindRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const context of pages) {
    for (const rule of rules) {
      if (!context.kinds.has(rule.kind)) continue;
      const text = pageHeadingQuote(context.page);
      if (text) findings.push(finding(rule.signal, context.page, { kind: 'quote', text }));
    }
  }
  return findings;
}

export function detectByLinks(pages: readonly PageContext[], rules: readonly LinkRule[]): Finding[] {
  const findings: Finding[] = [];
  for (const { page } of pages) {
    for (const rule of rules) {
      const link = page.links.find((l) => (!rule.href || rule.href.test(l.href)) && (!rule.text || rule.text.test(l.text)));
      if (link) findings.push(finding(rule.signal, page, { kind: 'observation', source: 'link', text: link.href }));
    }
  }
  return findings;
}

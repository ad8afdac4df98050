/**
 * Customer evidence: case studies, outcomes with numbers, testimonials,
 * adoption claims and third-party reviews. Outcomes count on customer pages,
 * or anywhere inside a quoted customer statement; a testimonial is a line
 * that is one quotation.
 */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, finding, TextRuleSet, type PageContext, type SignalDetector } from './detection-rules.ts';
import { scopeAllows } from './page-anatomy.ts';
import { quoteAround } from './quote.ts';

const OUTCOME_WORDS = [
  'increase', 'reduce', 'cut', 'save', 'grew', 'improve', 'boost', 'double', 'triple', 'lower', 'shorten', 'raise', 'decrease',
  'faster', 'quicker', 'more', 'less', 'fewer', 'higher', 'growth', 'reduction', 'cheaper',
];

const TEXT_RULES = new TextRuleSet([
  { signal: 'customers.case_studies', words: ['case', 'stor'], pattern: /\bcase stud(?:y|ies)\b|\b(?:customer|success) stor(?:y|ies)\b/i },
  {
    signal: 'customers.quantified_outcomes',
    words: OUTCOME_WORDS,
    pattern:
      /\b(?:increased|reduced|cut|saved|grew|improved|boosted|doubled|tripled|lowered|shortened|raised|decreased)\b[^.\n]{0,80}?\d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b|hours\b|days\b|minutes\b|weeks\b)|\b\d+(?:\.\d+)?\s?(?:%|x|×) (?:faster|quicker|more|less|fewer|higher|lower|increase|reduction|growth|improvement|cheaper)\b/i,
    onlyOn: ['customers'],
  },
  { signal: 'customers.testimonials', words: ['testimonial', 'say'], pattern: /\btestimonials?\b|\bwhat (?:our )?customers (?:say|are saying)\b/i },
  {
    signal: 'customers.logo_wall',
    words: ['trust', 'used', 'use', 'rely', 'choose', 'love', 'join'],
    pattern:
      /\btrusted by\b|\bused by (?:teams|companies|[\d,]+)\b|\b(?:[\d,]+\+?|thousands of|hundreds of|millions of) (?:teams|companies|customers|organi[sz]ations|businesses|developers) (?:use|rely on|trust|choose|love)\b|\bjoin (?:[\d,]+\+?|thousands of) (?:teams|companies|customers)\b/i,
  },
  {
    signal: 'customers.reviews',
    words: ['g2', 'capterra', 'trustpilot', 'gartner', 'out', 'stars'],
    pattern: /\b(?:G2|Capterra|Trustpilot|Gartner Peer Insights)\b|\b[45]\.\d (?:out of 5|stars)\b/,
  },
]);

const MIN_TESTIMONIAL_CHARS = 30;
/** A testimonial line: one quotation, long enough to say something. */
const TESTIMONIAL_LINE = /^[“"][^\n]{30,}[”"]$/;
/** A figure with a unit of outcome inside a quotation. */
const QUOTED_OUTCOME = /[“"][^”"\n]{0,200}?\b\d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b|hours\b)[^”"\n]{0,200}[”"]/;

/**
 * Testimonials: a quotation (<blockquote>, or a line in quotation marks) long
 * enough to say something. Quotations in articles are the story's speakers,
 * not customers vouching for the product.
 */
function quotationFindings(context: PageContext): Finding[] {
  const { page, text, lineScopes, kinds } = context;
  if (kinds.has('blog')) return [];
  const findings: Finding[] = [];
  const isTestimonial = (line: string, i: number) =>
    (TESTIMONIAL_LINE.test(line) || (page.lineKinds[i] === 'quotation' && line.length >= MIN_TESTIMONIAL_CHARS)) && scopeAllows(lineScopes[i]!, 'customers.testimonials');
  const testimonial = text.lines.findIndex(isTestimonial);
  if (testimonial !== -1) {
    const start = text.lineStarts[testimonial]!;
    const quote = quoteAround(page.mainText, start, start + text.lines[testimonial]!.length);
    if (quote) findings.push(finding('customers.testimonials', page, { kind: 'quote', text: quote }));
  }
  for (let i = 0; i < text.lines.length; i++) {
    const line = text.lines[i]!;
    if ((!line.includes('“') && !line.includes('"')) || !scopeAllows(lineScopes[i]!, 'customers.quantified_outcomes')) continue;
    const match = QUOTED_OUTCOME.exec(line);
    if (!match) continue;
    const start = text.lineStarts[i]! + match.index;
    const quote = quoteAround(page.mainText, start, start + match[0].length);
    if (quote) findings.push(finding('customers.quantified_outcomes', page, { kind: 'quote', text: quote }));
    break;
  }
  return findings;
}

/** An aggregate rating in JSON-LD, anywhere in the blocks. */
function ratingFindings({ page }: PageContext): Finding[] {
  const visit = (value: unknown, depth: number): string | null => {
    if (depth > 6 || value === null || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const rating = record['aggregateRating'] as Record<string, unknown> | undefined;
    const ratingValue = rating?.['ratingValue'];
    if (typeof ratingValue === 'string' || typeof ratingValue === 'number') return String(ratingValue);
    for (const child of Object.values(record)) {
      const found = visit(child, depth + 1);
      if (found) return found;
    }
    return null;
  };
  const text = visit(page.jsonLd, 0);
  return text ? [finding('customers.reviews', page, { kind: 'observation', source: 'jsonld', text })] : [];
}

export const detectCustomersSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'customers.case_studies', kind: 'customers' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...pages.flatMap(quotationFindings),
  ...pages.flatMap(ratingFindings),
];

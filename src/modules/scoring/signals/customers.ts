/**
 * Customer evidence: case studies, outcomes with numbers, testimonials,
 * adoption claims and third-party reviews. Outcomes count on customer pages,
 * or anywhere inside a quoted customer statement; a testimonial is a line
 * that is one quotation.
 */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, finding, textRules, type PageContext, type SignalDetector } from './detection-rules.ts';
import { isByline, scopeAllows } from './page-anatomy.ts';
import { quoteAround } from './quote.ts';

const OUTCOME_WORDS = [
  'increase',
  'reduce',
  'cut',
  'save',
  'grew',
  'improve',
  'boost',
  'double',
  'triple',
  'lower',
  'shorten',
  'raise',
  'decrease',
  'faster',
  'quicker',
  'more',
  'less',
  'fewer',
  'higher',
  'growth',
  'reduction',
  'cheaper',
];

export const TEXT_RULES = textRules([
  {
    signal: 'customers.case_studies',
    words: ['case', 'stor'],
    pattern: /\bcase stud(?:y|ies)\b|\b(?:customer|success) stor(?:y|ies)\b/i,
    examples: ['Read our case studies.', 'Customer stories from around the world.'],
    nonExamples: ['A study of cases.'],
  },
  {
    signal: 'customers.quantified_outcomes',
    words: OUTCOME_WORDS,
    pattern:
      /\b(?:increased|reduced|cut|saved|grew|improved|boosted|doubled|tripled|lowered|shortened|raised|decreased)\b[^.\n]{0,80}?\d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b|hours\b|days\b|minutes\b|weeks\b)|\b\d+(?:\.\d+)?\s?(?:%|x|×) (?:faster|quicker|more|less|fewer|higher|lower|increase|reduction|growth|improvement|cheaper)\b/i,
    onlyOn: ['customers'],
    examples: ['Acme cut its close time by 40%.', '3x faster onboarding.'],
    nonExamples: ['We cut the ribbon in 2020.'],
  },
  {
    signal: 'customers.testimonials',
    words: ['testimonial', 'say'],
    pattern: /\btestimonials?\b|\bwhat (?:our )?customers (?:say|are saying)\b/i,
    examples: ['Read the testimonials.', 'What our customers say.'],
    nonExamples: ['What our founders say.'],
  },
  {
    signal: 'customers.logo_wall',
    words: [
      'trust',
      'used',
      'use',
      'rely',
      'relied',
      'choose',
      'love',
      'join',
      'embedded',
      'adopted',
      'customers',
      'users',
      'teams',
      'companies',
      'organi',
      'businesses',
      'over',
      'more',
    ],
    pattern:
      /\btrusted by\b|\bused by (?:teams|companies|\d[\d,]*)\b|\b(?:\d[\d,]*\+?|thousands of|hundreds of|millions of) (?:teams|companies|customers|organi[sz]ations|businesses|developers) (?:use|rely on|trust|choose|love)\b|\bjoin (?:\d[\d,]*\+?|thousands of) (?:teams|companies|customers)\b|\b(?:used|embedded|adopted|relied on) by [A-Z][\w.-]+(?:,? (?:and |to )?[A-Z][\w.-]+)+|\b(?:over |more than )?\d[\d,.]*k?\+? (?:paying )?(?:customers|teams|companies|organi[sz]ations|businesses)\b(?! (?:per|a|each) )/i,
    examples: ['Trusted by 4,000 teams.', 'Used by Stripe, Vercel and Linear.', 'Over 10,000 customers.'],
    nonExamples: ['Used by default.'],
  },
  {
    // What the company does with what customers tell it: feedback reviewed on a rhythm, everyone on support.
    signal: 'customers.feedback_synthesis',
    words: ['review', 'feedback', 'insights', 'requests', 'customer', 'everyone', 'all', 'support'],
    pattern:
      /\breview(?:s|ed|ing)? (?:the |all |customer |user |incoming )?(?:feedback|requests|insights|support tickets)\b|\b(?:feedback|insights|requests) (?:is|are) (?:reviewed|triaged|tracked|collected|synthesi[sz]ed|tagged|prioriti[sz]ed)\b|\bcustomer (?:obsession|insights? (?:meetings?|reviews?))\b|\b(?:everyone|all (?:staff|employees)) (?:in the company )?(?:does|do|works?|is encouraged to do) (?:\w+ )?(?:customer )?support\b|\b(?:customer )?support shifts\b/i,
    examples: ['We review customer feedback every week.', 'Everyone in the company does support.'],
    nonExamples: ['Reviews from our users.'],
  },
  {
    signal: 'customers.reviews',
    words: ['g2', 'capterra', 'trustpilot', 'gartner', 'out', 'stars'],
    pattern: /\b(?:G2|Capterra|Trustpilot|Gartner Peer Insights)\b|\b[45]\.\d (?:out of 5|stars)\b/,
    examples: ['Rated 4.8 stars on G2.', '4.7 out of 5 on average.'],
    nonExamples: ['Great reviews everywhere.'],
  },
]);

const MIN_TESTIMONIAL_CHARS = 30;
/** A testimonial line: one quotation, long enough to say something. */
const TESTIMONIAL_LINE = /^[“"][^\n]{30,}[”"]$/;
/** A figure with a unit of outcome inside a quotation. */
const QUOTED_OUTCOME = /[“"][^”"\n]{0,200}?\b\d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b|hours\b)[^”"\n]{0,200}[”"]/;
/** An outcome with its figure, as a customer tells it in a testimonial: "conversion rate from 14% to 43%", "cut our costs by 40%". */
const OUTCOME_FIGURE =
  /\bfrom \d+(?:\.\d+)?\s?% to \d+(?:\.\d+)?\s?%|\bby \d+(?:\.\d+)?\s?(?:%|x\b|×|percent\b)|\b\d+(?:\.\d+)?\s?(?:%|x|×) (?:faster|quicker|more|less|fewer|higher|lower|increase|reduction|growth|improvement|cheaper)\b|\b(?:saved|saves|cut|reduced|increased|doubled|tripled|grew) [^.\n]{0,60}?\b\d+(?:\.\d+)?\s?(?:%|x\b|hours\b|days\b|weeks\b)/i;
/**
 * Pages whose quotations are notes, maxims or examples rather than customers:
 * a docs callout, a handbook's motto, a changelog's quoted message.
 */
const NO_TESTIMONIAL_KINDS = ['blog', 'docs', 'handbook', 'support', 'changelog', 'careers', 'legal'] as const;
/** How many lines after (or one before) a quotation its byline may stand. */
const BYLINE_REACH = 2;

/**
 * Testimonials: a quotation (<blockquote>, or a line in quotation marks) long
 * enough to say something, with someone standing behind it: a byline beside
 * it, or a customers page around it. Quotations in articles are the story's
 * speakers, not customers vouching for the product; in docs and handbooks
 * they are notes and maxims.
 */
function quotationFindings(context: PageContext): Finding[] {
  const { page, text, lineScopes, kinds } = context;
  if (NO_TESTIMONIAL_KINDS.some((kind) => kinds.has(kind))) return [];
  const findings: Finding[] = [];
  const isQuotation = (line: string, i: number) =>
    (TESTIMONIAL_LINE.test(line) || (page.lineKinds[i] === 'quotation' && line.length >= MIN_TESTIMONIAL_CHARS)) &&
    scopeAllows(lineScopes[i]!, 'customers.testimonials');
  const hasByline = (i: number) => {
    for (let k = Math.max(0, i - 1); k <= Math.min(text.lines.length - 1, i + BYLINE_REACH); k++) if (k !== i && isByline(text.lines[k]!)) return true;
    return false;
  };
  const vouched = (line: string, i: number) => isQuotation(line, i) && (kinds.has('customers') || hasByline(i));
  const testimonial = text.lines.findIndex(vouched);
  if (testimonial !== -1) {
    const start = text.lineStarts[testimonial]!;
    const quote = quoteAround(page.mainText, start, start + text.lines[testimonial]!.length);
    if (quote) findings.push(finding('customers.testimonials', page, { kind: 'quote', text: quote }));
  }
  for (let i = 0; i < text.lines.length; i++) {
    const line = text.lines[i]!;
    if (!scopeAllows(lineScopes[i]!, 'customers.quantified_outcomes')) continue;
    const inQuotes = line.includes('“') || line.includes('"') ? QUOTED_OUTCOME.exec(line) : null;
    const match = inQuotes ?? (vouched(line, i) ? OUTCOME_FIGURE.exec(line) : null);
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

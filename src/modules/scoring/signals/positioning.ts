/** Positioning and messaging: the home page's headline, a named audience, use-case pages, quantified value. */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, evidenceQuoteAt, finding, type PageContext, type SignalDetector, textRules } from './detection-rules.ts';

const AUDIENCE =
  '(?:teams|developers|engineers|startups|enterprises|agencies|marketers|founders|businesses|companies|designers|analysts|operators|creators|accountants|freelancers|professionals|organi[sz]ations|individuals|groups|committees|publishers|bloggers|educators|schools|clinics|retailers|merchants|sellers|researchers|writers)';
/** What a product is, named as a kind of product: "an open-source analytics platform". */
const PRODUCT_CATEGORY = '(?:platform|tool|app|software|service|workspace|API|SDK|solution|system|suite)';

export const TEXT_RULES = textRules([
  {
    // "built for product teams", "helps one-person companies ...", "the scheduling tool for small businesses".
    signal: 'positioning.target_audience',
    words: ['for', 'help', 'ideal', 'our', 'target'],
    pattern: new RegExp(
      `\\bideal customer (?:profile|persona)\\b|\\b(?:our|target) (?:customers|audience|buyers|users) (?:are|is|include)\\b|\\b(?:built|made|designed) for (?:[\\w-]+ ){0,3}${AUDIENCE}\\b|\\bfor (?:modern |growing |small |fast-moving |distributed )?(?:[\\w-]+ )?${AUDIENCE} (?:who|that|of every size)\\b|\\bhelps? (?:[\\w-]+ ){0,3}${AUDIENCE}\\b|\\b${PRODUCT_CATEGORY} for (?:[\\w-]+ ){0,3}${AUDIENCE}\\b`,
      'i',
    ),
    examples: ['Built for finance teams.', 'For developers who ship fast.'],
    nonExamples: ['Built in 2019.'],
  },
  {
    // "Acme is an open-source analytics platform ...", "A business workspace for ...": the product named as a kind.
    signal: 'positioning.category',
    words: ['platform', 'tool', 'app', 'software', 'service', 'workspace', 'api', 'sdk', 'solution', 'system', 'suite'],
    pattern: new RegExp(`^(?:[A-Z][\\w.-]*(?: [A-Z][\\w.-]*)? is )?(?:an?|the) (?:[\\w-]+ ){0,5}${PRODUCT_CATEGORY}\\b`, 'i'),
    onlyOn: ['home', 'about'],
    examples: ['Acme is an open-source analytics platform.', 'The collaborative workspace for docs.'],
    nonExamples: ['We are happy to help.'],
  },
  {
    signal: 'positioning.quantified_value',
    words: ['faster', 'quicker', 'cheaper', 'more', 'less', 'fewer', 'higher', 'lower', 'sav'],
    pattern:
      /\b\d+(?:\.\d+)?\s?(?:x|×|%) (?:faster|quicker|cheaper|more|less|fewer|higher|lower)\b|\b(?:save|saves|saving) (?:\d+|hours|days)\b[^.\n]{0,20}\b(?:a|per|every) (?:week|month|day)\b/i,
    examples: ['3x faster builds.', 'Save 5 hours a week on reporting.'],
    nonExamples: ['Save the date.'],
  },
]);

/**
 * The product named as a kind of product in apposition, on any page: "I'm
 * building Soonlist, a new community platform to gather ...", "Excalidraw,
 * the virtual whiteboard app for sketching ...". The company's own name makes
 * it the company's product, wherever the sentence stands.
 */
function appositionFindings(context: PageContext): Finding[] {
  const name = context.site.companyName?.split(/\s+/)[0];
  if (!name || name.length < 3 || context.kinds.has('home') || context.kinds.has('about')) return [];
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const apposition = new RegExp(`\\b${escaped}[+]?, (?:the|an?) (?:[\\w-]+ ){0,5}${PRODUCT_CATEGORY}\\b`, 'g');
  for (const match of context.page.mainText.matchAll(apposition)) {
    const quote = evidenceQuoteAt('positioning.category', context, match.index, match.index + match[0].length);
    if (quote) return [finding('positioning.category', context.page, { kind: 'quote', text: quote })];
  }
  return [];
}

export const detectPositioningSignals: SignalDetector = (pages) => [
  // A handbook's front page introduces the handbook, not the product.
  ...detectByPageKind(
    pages.filter((context) => !context.kinds.has('handbook')),
    [{ signal: 'positioning.headline', kind: 'home' }],
  ),
  ...detectByPageKind(pages, [{ signal: 'positioning.use_case_pages', kind: 'solutions' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...pages.flatMap(appositionFindings),
];

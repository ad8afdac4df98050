/** Positioning and messaging: the home page's headline, a named audience, use-case pages, quantified value. */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const AUDIENCE =
  '(?:teams|developers|engineers|startups|enterprises|agencies|marketers|founders|businesses|companies|designers|analysts|operators|creators|accountants|freelancers|professionals|organi[sz]ations|individuals|groups|committees|publishers|bloggers|educators|schools|clinics|retailers|merchants|sellers|researchers|writers)';
/** What a product is, named as a kind of product: "an open-source analytics platform". */
const PRODUCT_CATEGORY = '(?:platform|tool|app|software|service|workspace|API|SDK|solution|system|suite)';

const TEXT_RULES = new TextRuleSet([
  {
    // "built for product teams", "helps one-person companies ...", "the scheduling tool for small businesses".
    signal: 'positioning.target_audience', words: ['for', 'help'],
    pattern: new RegExp(
      `\\b(?:built|made|designed) for (?:[\\w-]+ ){0,3}${AUDIENCE}\\b|\\bfor (?:modern |growing |small |fast-moving |distributed )?(?:[\\w-]+ )?${AUDIENCE} (?:who|that|of every size)\\b|\\bhelps? (?:[\\w-]+ ){0,3}${AUDIENCE}\\b|\\b${PRODUCT_CATEGORY} for (?:[\\w-]+ ){0,3}${AUDIENCE}\\b`,
      'i',
    ),
  },
  {
    // "Acme is an open-source analytics platform ...", "A business workspace for ...": the product named as a kind.
    signal: 'positioning.category', words: ['platform', 'tool', 'app', 'software', 'service', 'workspace', 'api', 'sdk', 'solution', 'system', 'suite'],
    pattern: new RegExp(`^(?:[A-Z][\\w.-]*(?: [A-Z][\\w.-]*)? is )?(?:an?|the) (?:[\\w-]+ ){0,5}${PRODUCT_CATEGORY}\\b`, 'i'),
    onlyOn: ['home', 'about'],
  },
  {
    signal: 'positioning.quantified_value', words: ['faster', 'quicker', 'cheaper', 'more', 'less', 'fewer', 'higher', 'lower', 'sav'],
    pattern: /\b\d+(?:\.\d+)?\s?(?:x|×|%) (?:faster|quicker|cheaper|more|less|fewer|higher|lower)\b|\b(?:save|saves|saving) (?:\d+|hours|days)\b[^.\n]{0,20}\b(?:a|per|every) (?:week|month|day)\b/i,
  },
]);

export const detectPositioningSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [
    { signal: 'positioning.headline', kind: 'home' },
    { signal: 'positioning.use_case_pages', kind: 'solutions' },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
];

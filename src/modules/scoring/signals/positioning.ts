/** Positioning and messaging: the home page's headline, a named audience, use-case pages, quantified value. */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const AUDIENCE = '(?:teams|developers|engineers|startups|enterprises|agencies|marketers|founders|businesses|companies|designers|analysts|operators|creators|accountants|freelancers)';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'positioning.target_audience', words: ['for'],
    pattern: new RegExp(`\\b(?:built|made|designed) for (?:[\\w-]+ ){0,3}${AUDIENCE}\\b|\\bfor (?:modern |growing |small |fast-moving |distributed )?(?:[\\w-]+ )?${AUDIENCE} (?:who|that|of every size)\\b`, 'i'),
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

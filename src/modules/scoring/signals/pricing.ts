/**
 * Pricing structure, read from pricing pages: published tiers, usage-based
 * and per-seat prices, enterprise and annual options, and the sales-led path
 * whose presence without any price is the "hidden pricing" anti-pattern.
 */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, finding, type PageContext, type SignalDetector, TextRuleSet } from './detection-rules.ts';
import { quoteAround } from './quote.ts';

/** A price as written: "$49", "€1,200", "$0.25", "49 USD". */
const PRICE = /[$€£]\s?\d[\d,]*(?:\.\d{1,2})?|\b\d[\d,]*(?:\.\d{1,2})?\s?(?:USD|EUR|GBP)\b/g;
/** Distinct prices on a pricing page for tiers to count, and for full strength. */
const PRICES_FOR_TIERS = 2;
const PRICES_FOR_FULL_TIERS = 3;
const PARTIAL_TIERS_STRENGTH = 0.6;

const USAGE_UNIT =
  '(?:API (?:calls?|requests?)|requests?|events?|GB|gigabytes?|minutes?|messages?|emails?|SMS|tasks?|runs?|transactions?|MAUs?|monthly active users|credits?|seconds?|compute hours?)';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'pricing.usage_based', words: ['per', 'pay', 'usage', 'metered'],
    pattern: new RegExp(`\\bper (?:\\d[\\d,.]*\\s?[KkMm]?\\s)?${USAGE_UNIT}\\b|\\bpay[- ]as[- ]you[- ]go\\b|\\bpay (?:only )?for what you use\\b|\\busage[- ]based (?:pricing|billing|plans?)\\b|\\bmetered (?:billing|pricing|usage)\\b`, 'i'),
    onlyOn: ['pricing', 'home'],
  },
  { signal: 'pricing.seat_based', words: ['per', 'user', 'seat'], pattern: /\bper (?:user|seat|member|editor|agent|teammate)\b|\/\s?(?:user|seat)\b/i, onlyOn: ['pricing'] },
  { signal: 'pricing.enterprise_plan', words: ['enterprise'], pattern: /\bEnterprise\b/, onlyOn: ['pricing'] },
  {
    signal: 'pricing.annual_discount', words: ['billed', 'save', 'annual', 'yearly', 'months'],
    pattern: /\bbilled (?:annually|yearly)\b|\bsave (?:up to )?\d+%|\b\d+% off (?:annual|yearly)\b|\bannual (?:billing|plans?|subscriptions?)\b|\b(?:two|2) months free\b/i,
    onlyOn: ['pricing'],
  },
  {
    signal: 'pricing.plan_comparison', words: ['compare', 'comparison', 'included'],
    pattern: /\bcompare (?:all )?(?:plans|features|tiers)\b|\b(?:feature|plan) comparison\b|\bwhat(?:'|’)s included\b/i,
    onlyOn: ['pricing'],
  },
  {
    signal: 'pricing.contact_sales', words: ['sales', 'request', 'quote', 'contact'],
    pattern: /\b(?:contact|talk to|speak (?:to|with)|chat with) (?:our |the )?sales(?: team)?\b|\brequest (?:a )?(?:quote|pricing)\b|\bget a (?:custom )?quote\b|\bpricing (?:is )?available on request\b|\bcontact us for (?:a )?(?:pricing|quote)\b/i,
  },
]);

/** The distinct prices written on a page, with the first one's position. */
export function pricesOn(text: string): { distinct: number; firstIndex: number; firstLength: number } {
  const amounts = new Set<string>();
  let firstIndex = -1;
  let firstLength = 0;
  for (const match of text.matchAll(PRICE)) {
    amounts.add(match[0].replace(/[\s,]/g, ''));
    if (firstIndex === -1) {
      firstIndex = match.index;
      firstLength = match[0].length;
    }
  }
  return { distinct: amounts.size, firstIndex, firstLength };
}

function tierFindings({ page, kinds }: PageContext): Finding[] {
  if (!kinds.has('pricing')) return [];
  const prices = pricesOn(page.mainText);
  if (prices.distinct < PRICES_FOR_TIERS) return [];
  const text = quoteAround(page.mainText, prices.firstIndex, prices.firstIndex + prices.firstLength);
  const strength = prices.distinct >= PRICES_FOR_FULL_TIERS ? 1 : PARTIAL_TIERS_STRENGTH;
  return text ? [finding('pricing.tiers', page, { kind: 'quote', text }, strength)] : [];
}

export const detectPricingSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'pricing.public_page', kind: 'pricing' }]),
  ...pages.flatMap(tierFindings),
  ...detectByTextRules(pages, TEXT_RULES),
];

/**
 * Pricing structure, read from pricing pages: published tiers, usage-based
 * and per-seat prices, enterprise and annual options, and the sales-led path
 * whose presence without any price is the "hidden pricing" anti-pattern.
 */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, evidenceQuoteAt, finding, type PageContext, type SignalDetector, textRules } from './detection-rules.ts';
import { quoteAround } from './quote.ts';

/** A price as written, in any common currency: "$49", "€1,200", "₹500", "$0.25", "49 USD", "CHF 20". */
const CURRENCY_SYMBOL = '[$€£¥₹₩₽₺₦₱]|R\\$|A\\$|C\\$|NZ\\$|HK\\$|S\\$';
const CURRENCY_CODE = '(?:USD|EUR|GBP|INR|JPY|CNY|CAD|AUD|NZD|CHF|SEK|NOK|DKK|PLN|BRL|MXN|SGD|HKD|ZAR|KRW)';
const AMOUNT = '\\d[\\d,]*(?:\\.\\d{1,2})?';
const PRICE = new RegExp(`(?:${CURRENCY_SYMBOL})\\s?${AMOUNT}|\\b${AMOUNT}\\s?${CURRENCY_CODE}\\b|\\b${CURRENCY_CODE}\\s?${AMOUNT}`, 'g');
/**
 * A plan offered without a number: a free tier, or a custom price on request.
 * Written as the whole line (a plan card's price slot) or as a phrase.
 */
const UNPRICED_PLANS =
  /^(?:free|custom|contact us|let(?:'|’)s talk|talk to us|get a quote)$|(?<![\w-])free (?:tier|plan)\b|\bcustom (?:pricing|plans?|quote)\b/gim;
/** Distinct prices on a pricing page for tiers to count, and for full strength. */
const PRICES_FOR_TIERS = 2;
const PRICES_FOR_FULL_TIERS = 3;
const PARTIAL_TIERS_STRENGTH = 0.6;

const USAGE_UNIT =
  '(?:API (?:calls?|requests?)|requests?|events?|GB|gigabytes?|minutes?|messages?|emails?|SMS|tasks?|runs?|transactions?|MAUs?|monthly active users|credits?|seconds?|compute hours?)';

/** Trigger words of USAGE_UNIT: a "/ 100k events" price holds no other. */
const USAGE_UNIT_WORDS = [
  'api',
  'request',
  'event',
  'gb',
  'gigabyte',
  'minute',
  'message',
  'email',
  'sms',
  'task',
  'run',
  'transaction',
  'mau',
  'monthly',
  'credit',
  'second',
  'compute',
];

export const TEXT_RULES = textRules([
  {
    // "per 1,000 API calls", "$8 / 100k events", "we charge based on usage", "pay only for what you use".
    signal: 'pricing.usage_based',
    words: ['per', 'pay', 'usage', 'metered', 'charge', 'bill', 'price', 'additional', 'included', ...USAGE_UNIT_WORDS],
    pattern: new RegExp(
      `\\bper (?:\\d[\\d,.]*\\s?[KkMm]?\\s)?${USAGE_UNIT}\\b|\\/\\s?\\d[\\d,.]*\\s?[KkMm]?\\s${USAGE_UNIT}\\b|\\b\\d[\\d,.]*\\s?[KkMm]?\\s${USAGE_UNIT}\\s?(?:\\/|per|a|each) (?:month|mo)\\b[^\\n]{0,20}\\bincluded\\b|\\bpay[- ]as[- ]you[- ]go\\b|\\bpay (?:only )?for what you use\\b|\\busage[- ]based (?:pricing|billing|plans?)\\b|\\bmetered (?:billing|pricing|usage)\\b|\\b(?:charge|bill|price)[ds]? (?:you )?(?:based on|by|according to) (?:your )?(?:usage|consumption|volume)\\b|\\badditional usage\\b`,
      'i',
    ),
    onlyOn: ['pricing', 'home'],
    examples: ['$0.10 per 1,000 requests.', 'Pay as you go.', 'Usage-based pricing.'],
    nonExamples: ['Pay once, own it forever.'],
  },
  {
    signal: 'pricing.seat_based',
    words: ['per', 'user', 'seat'],
    pattern: /\bper (?:user|seat|member|editor|agent|teammate)\b|\/\s?(?:user|seat)\b/i,
    onlyOn: ['pricing'],
    examples: ['$8 per user per month.', '$12 / seat.'],
    nonExamples: ['One user, one account.'],
  },
  {
    signal: 'pricing.enterprise_plan',
    words: ['enterprise', 'custom'],
    pattern: /\bEnterprise\b|^Custom$/m,
    onlyOn: ['pricing'],
    examples: ['Enterprise', 'Custom'],
    nonExamples: ['Built for the enterprise.', 'Custom domains on every plan.'],
  },
  {
    signal: 'pricing.annual_discount',
    words: ['billed', 'save', 'annual', 'yearly', 'months', 'pay'],
    pattern:
      /\bbilled (?:annually|yearly)\b|\bpay (?:annually|yearly)\b|\bsave (?:up to )?\d+%|\b\d+% off (?:annual|yearly)\b|\bannual (?:billing|plans?|subscriptions?)\b|\byearly (?:billing|plans?)\b|\b(?:two|2) months free\b/i,
    onlyOn: ['pricing'],
    examples: ['Billed annually.', 'Save 20% with yearly billing.'],
    nonExamples: ['Save your work.'],
  },
  {
    signal: 'pricing.plan_comparison',
    words: ['compare', 'comparison', 'included'],
    pattern: /\bcompare (?:all )?(?:plans|features|tiers)\b|\b(?:feature|plan) comparison\b|\bwhat(?:'|’)s included\b/i,
    onlyOn: ['pricing'],
    examples: ['Compare plans.', "What's included"],
    nonExamples: ['Compare yourself to others.'],
  },
  {
    // A price stated off the pricing page: in a launch post, on the home page's plan card ("$12 / year").
    signal: 'pricing.stated_price',
    words: ['usd', 'eur', 'gbp', 'per', 'month', 'mo', 'year', 'yr', 'user', 'seat'],
    pattern: /(?:[$€£]|\b(?:USD|EUR|GBP))\s?\d[\d,.]*\s?(?:\/\s?|(?:per|a)\s)(?:month|mo|year|yr|user|seat)\b/i,
    // The pricing page's prices are its tiers (tierFindings).
    // Careers and benefits pages speak of pay, not of prices.
    exceptOn: ['pricing', 'careers'],
    // Money the company pays out or reimburses is no price of its product.
    unless:
      /\b(?:salary|salaries|stipend|allowance|reimburs\w*|bonus|benefits?|insurance|per diem|expenses?|budget|donat\w*|sponsor\w*|household|per employee|contribution)\b/i,
    examples: ['Pro is $7/month.', 'Only $149 per year.'],
    nonExamples: ['A $500 stipend per month for your home office.', 'Costs $7 today.'],
  },
  {
    signal: 'pricing.contact_sales',
    words: ['sales', 'request', 'quote', 'contact'],
    pattern:
      /\b(?:contact|talk to|speak (?:to|with)|chat with) (?:our |the )?sales(?: team)?\b|\brequest (?:a )?(?:quote|pricing)\b|\bget a (?:custom )?quote\b|\bpricing (?:is )?available on request\b|\bcontact us for (?:a )?(?:pricing|quote)\b/i,
    examples: ['Contact sales for a quote.', 'Request a quote.'],
    nonExamples: ['Sales are up 20%.'],
  },
]);

/**
 * The distinct price points written on a page, with the first written
 * price's position; a free or custom plan counts as one more price point.
 */
export function pricesOn(text: string): { distinct: number; firstIndex: number; firstLength: number } {
  const amounts = new Set<string>();
  for (const match of text.matchAll(UNPRICED_PLANS)) amounts.add(match[0].toLowerCase().startsWith('free') ? 'free' : 'custom');
  let firstIndex = -1;
  let firstLength = 0;
  for (const match of text.matchAll(PRICE)) {
    const amount = match[0].replace(/[\s,]/g, '');
    // A written zero is the free plan.
    amounts.add(/^\D*0(?:\.0+)?\D*$/.test(amount) ? 'free' : amount);
    if (firstIndex === -1) {
      firstIndex = match.index;
      firstLength = match[0].length;
    }
  }
  // Without any written price there is no price structure to show, whatever the plans are called.
  return { distinct: firstIndex === -1 ? 0 : amounts.size, firstIndex, firstLength };
}

/**
 * A plan card's price slot whose amount the page fills in with a script
 * ("/month" beside a currency switch): the plans are public even though the
 * crawled markup holds no number.
 */
const PRICE_SLOT = /^\/\s?(?:mo(?:nth)?|yr|year|seat|user)\b.*$/gim;

function tierFindings(context: PageContext): Finding[] {
  const { page, kinds } = context;
  if (!kinds.has('pricing')) return [];
  const prices = pricesOn(page.mainText);
  if (prices.distinct < PRICES_FOR_TIERS) return slotTierFindings(context);
  // Prices are data: quote the first one stated in a sentence, else the first one written.
  const stated = [...page.mainText.matchAll(PRICE)].find((match) => evidenceQuoteAt('pricing.tiers', context, match.index, match.index + match[0].length));
  const at = stated ? { index: stated.index, length: stated[0].length } : { index: prices.firstIndex, length: prices.firstLength };
  const text = quoteAround(page.mainText, at.index, at.index + at.length);
  const strength = prices.distinct >= PRICES_FOR_FULL_TIERS ? 1 : PARTIAL_TIERS_STRENGTH;
  return text ? [finding('pricing.tiers', page, { kind: 'quote', text }, strength)] : [];
}

/** Tiers shown as several price slots without amounts: partial strength, the first slot quoted. */
function slotTierFindings({ page }: PageContext): Finding[] {
  const slots = [...page.mainText.matchAll(PRICE_SLOT)];
  if (slots.length < PRICES_FOR_TIERS) return [];
  const first = slots[0]!;
  const text = quoteAround(page.mainText, first.index, first.index + first[0].length);
  return text ? [finding('pricing.tiers', page, { kind: 'quote', text }, PARTIAL_TIERS_STRENGTH)] : [];
}

export const detectPricingSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'pricing.public_page', kind: 'pricing' }]),
  ...pages.flatMap(tierFindings),
  ...detectByTextRules(pages, TEXT_RULES),
];

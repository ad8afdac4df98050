/**
 * Product analytics as the company practises it on its own product: usage it
 * measures, telemetry it collects, product metrics it names. The tools that
 * show in a page's markup are read by tech.ts; analytics roles by careers.ts.
 * A product that sells analytics describes funnels and retention as features
 * ("track your funnels"): claim-context.ts keeps those out.
 */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'analytics.instrumentation',
    words: ['we', 'our', 'anonymous', 'anonymi', 'conversion', 'retention', 'activation'],
    pattern:
      /\bwe (?:track|measure|monitor|instrument|analy[sz]e|look at|review)(?:ed)? (?:\w+ ){0,3}?(?:usage|events|funnels?|retention|activation|conversion|engagement|adoption|how (?:customers|users|people) use)\b|\b(?:anonymous|anonymi[sz]ed) (?:usage|telemetry) (?:data|statistics|stats|metrics)\b|\bwe collect (?:anonymous |anonymi[sz]ed )?(?:usage )?telemetry\b|\bour (?:product|usage) metrics\b|\b(?:conversion|retention|activation) rates? (?:of|for) our (?:product|users|customers|accounts|sign-?ups)\b/i,
    examples: ['We track feature usage to decide what to build.', 'We collect anonymous telemetry.'],
    nonExamples: ['Track your funnels with ease.'],
  },
]);

export const detectAnalyticsSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

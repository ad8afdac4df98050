/** Decision quality: principles, written rationale, public RFCs, metrics that drive decisions. */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'decision.product_principles', words: ['principles'], pattern: /\b(?:product|design|engineering|operating|company) principles\b/i },
  {
    signal: 'decision.rationale_writing', words: ['why', 'decided', 'chose', 'trade'],
    pattern: /\bwhy we (?:built|chose|decided|moved|switched|rewrote|changed|stopped|bet)\b|\bwe (?:decided|chose) (?:to|not to|against)\b|\btrade-?offs? we\b|\bthe trade-?offs?\b/i,
  },
  { signal: 'decision.public_rfcs', words: ['rfc', 'adr'], pattern: /\bRFCs?\b|\bADRs?\b/ },
  { signal: 'decision.public_rfcs', words: ['decision', 'design'], pattern: /\barchitecture decision records?\b|\bdecision log\b|\bdesign docs?\b/i },
  {
    signal: 'decision.metrics_driven', words: ['north', 'success', 'guardrail', 'data', 'measured'],
    pattern: /\bnorth[- ]star metric\b|\bsuccess metrics?\b|\bguardrail metrics?\b|\bthe data (?:showed|shows|told us)\b|\bwe measured\b/i,
  },
]);

export const detectDecisionSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

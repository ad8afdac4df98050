/**
 * Delivery as the company describes it: how often it ships or deploys ("we
 * ship weekly", "deploys 40 times a day"). The record behind such a claim,
 * dated changelog entries and their cadence, is read by changelog.ts.
 */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'delivery.shipping_claims', words: ['ship', 'weekly', 'daily', 'deploy'],
    pattern: /\b(?:we )?ship(?:s|ping)? (?:new (?:features|improvements) )?(?:weekly|daily|every (?:week|day))\b|\b(?:weekly|daily) releases\b|\bdeploy(?:s|ing)? (?:to production )?[\d,]+ times (?:a|per) (?:day|week)\b/i,
  },
]);

export const detectDeliverySignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

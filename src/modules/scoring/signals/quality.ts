/** Quality and experimentation practice as described in text; the tools themselves are fingerprinted elsewhere. */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'quality.experimentation_practice', words: ['test', 'experiment', 'split', 'holdout', 'multivariate'],
    pattern: /\bA\/B[- ]test(?:s|ing|ed)?\b|\bexperiment(?:s|ation)? (?:platform|program(?:me)?|culture|velocity|results)\b|\bsplit[- ]tests?\b|\bholdouts?\b|\bmultivariate tests?\b/i,
  },
  {
    signal: 'quality.staged_rollouts', words: ['roll', 'canary', 'feature', 'staged', 'gradual', 'phased', 'progressive', 'percentage'],
    pattern: /\b(?:staged|gradual|phased|progressive|percentage) roll-?outs?\b|\bcanary (?:releases?|deploy(?:s|ments?)?)\b|\bfeature flags?\b|\brolling out (?:gradually|to all|to \d+%)/i,
  },
  { signal: 'quality.qa_practice', words: ['test', 'quality'], pattern: /\b(?:automated|end-to-end|regression|integration) test(?:s|ing|suites?)\b|\btest coverage\b|\bquality assurance\b/i },
]);

export const detectQualitySignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

/** Quality and experimentation practice as described in text; the tools themselves are fingerprinted elsewhere. */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'quality.experimentation_practice',
    words: ['test', 'experiment', 'split', 'holdout', 'multivariate'],
    pattern:
      /\bA\/B[- ]test(?:s|ing|ed)?\b|\bexperiment(?:s|ation)? (?:platform|program(?:me)?|culture|velocity|results)\b|\bsplit[- ]tests?\b|\bholdouts?\b|\bmultivariate tests?\b/i,
    examples: ['We A/B test every onboarding change.', 'Our experimentation platform runs hundreds of tests.'],
    nonExamples: ['An experiment in cooking.'],
  },
  {
    // Releasing to a few first: staged, canary and flagged releases, "open the feature to internal users first",
    // "a controlled feature release so that we can measure the impact". Rolling out to everyone is a launch, not a stage.
    signal: 'quality.staged_rollouts',
    words: [
      'roll',
      'canary',
      'feature',
      'staged',
      'gradual',
      'phased',
      'progressive',
      'percentage',
      'controlled',
      'internal',
      'beta',
      'select',
      'early',
      'dogfood',
      'measur',
      'first',
    ],
    pattern:
      /\b(?:staged|gradual|phased|progressive|percentage|controlled) (?:roll-?outs?|releases?|feature releases?|launch(?:es)?)\b|\bcanary (?:releases?|deploy(?:s|ments?)?|builds?)\b|\bfeature flags?\b|\brolling out (?:gradually|to \d+%)|\broll(?:ed|ing|s)? out to [\w\s]{1,40}? first\b|\b(?:internal|beta|select|early|a few) users first\b|\bdogfood(?:ing|s)?\b|\b(?:measure|measuring) the impact\b/i,
    examples: ['Staged rollouts for every release.', 'We use feature flags.', 'We roll out to internal users first.'],
    nonExamples: ['Roll out the red carpet.'],
  },
  {
    signal: 'quality.qa_practice',
    words: [
      'test',
      'quality',
      'qa',
      'unit',
      'e2e',
      'synthetic',
      'load',
      'smoke',
      'field',
      'extensive',
      'thorough',
      'rigorous',
      'tested',
      'error',
      'crash',
      'code',
      'testing',
      'monitor',
      'log',
      'critical',
    ],
    pattern:
      /\b(?:automated|end-to-end|e2e|regression|integration|unit|synthetic|load|smoke|field) test(?:s|ing|suites?)?\b|\btest coverage\b|\bquality assurance\b|\b(?:product )?QA (?:team|process|engineers?|function|cycle|standards?)\b|\b(?:extensive|thorough|rigorous|strong) (?:tests|testing)\b|\btested (?:before|prior to) (?:release|rollout|deploy(?:ment)?)\b|\b(?:error|crash) (?:reporting|tracking|monitoring)\b|\bcode reviews?\b|\b[A-Za-z]+-tested (?:updates|releases|builds)\b|\btesting (?:firms?|process|discipline)\b|\b(?:test(?:s|ed|ing)?|monitor(?:s|ed|ing)?|log(?:s|ged|ging)?) (?:\w+ ){0,3}?(?:for|of|on) (?:all |our |the )?critical (?:flows|paths|journeys|user journeys)\b/i,
    examples: ['Automated tests run on every commit.', 'Every change gets a code review.'],
    nonExamples: ['Test drive a car.'],
  },
]);

export const detectQualitySignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

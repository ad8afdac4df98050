/** Decision quality: principles, written rationale, public RFCs, metrics that drive decisions. */
import { detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'decision.product_principles',
    words: ['principles', 'philosophy', 'tenets', 'values', 'manifesto', 'doctrine'],
    pattern:
      /\b(?:product|design|engineering|operating|company|guiding|core|leadership|founding|our) (?:principles|philosophy|tenets|values)\b|\bprinciples (?:we|that guide|behind)\b|\bmanifesto\b|\bdoctrine\b/i,
    examples: ['Our product principles guide every release.', 'Read the manifesto.'],
    nonExamples: ['The principal engineer joined in May.'],
  },
  {
    // Reasons given for a choice: "we decided not to pursue ...", "we stand by our decision to ...", trade-offs named.
    signal: 'decision.rationale_writing',
    words: [
      'why',
      'decided',
      'decision',
      'chose',
      'opted',
      'trade',
      'considered',
      'weighed',
      'thought',
      'stand',
      'went',
      'settled',
      'make',
      'making',
      'made',
      'rejected',
      'alternative',
      'choice',
      'evaluated',
    ],
    pattern:
      /\bwhy we (?:built|chose|decided|moved|switched|rewrote|changed|stopped|bet|started|made|dropped)\b|\bwe(?:'ve| have)? (?:decided|chose|opted|settled on|went with) (?:to|not to|against|for)\b|\b(?:our|the|this|that) (?:business |product |technical |calculated |deliberate |conscious |difficult |tough |strategic )?decision to\b|\b(?:calculated|deliberate|conscious|difficult|tough|business|strategic|architectural) (?:decision|choice)\b|\btrade-?offs?\b|\b(?:make|making|made) (?:big |product |key |hard )?decisions about\b|\bwe (?:considered|weighed|evaluated) (?:several |other |many |the |different )?(?:options|alternatives|approaches|paths)\b|\brejected (?:the )?alternatives?\b|\balternatives? (?:we|that were) (?:considered|rejected)\b|\bwhy we rejected\b|\bthought long and hard\b|\bwe stand by (?:our|the|this|that) (?:decision|choice)\b/i,
    examples: ['Why we chose Postgres over MongoDB.', 'We decided not to build a mobile app.', 'Every design has trade-offs.'],
    nonExamples: ['We decide together on Fridays.'],
  },
  {
    signal: 'decision.public_rfcs',
    words: ['rfc', 'adr'],
    pattern: /\bRFCs?\b|\bADRs?\b/,
    examples: ['Read the RFCs on GitHub.', 'Each change starts with an ADR.'],
    nonExamples: ['Support for the RFCX protocol.'],
  },
  {
    signal: 'decision.public_rfcs',
    words: ['decision', 'design'],
    pattern: /\barchitecture decision records?\b|\bdecision (?:log|records?)\b|\bdesign docs?\b/i,
    examples: ['We keep architecture decision records in the repository.', 'Design docs are shared with everyone.'],
    nonExamples: ['The decision was hard.'],
  },
  {
    signal: 'decision.metrics_driven',
    words: ['north', 'success', 'guardrail', 'data', 'measured', 'measure', 'decision', 'evidence', 'track'],
    pattern:
      /\bnorth[- ]star metric\b|\bsuccess metrics?\b|\bguardrail metrics?\b|\bthe data (?:showed|shows|told us)\b|\bwe measured\b|\b(?:use|uses|using) data (?:in|to (?:make|inform|guide|drive))\b|\bdata[- ]driven (?:decisions?|approach|culture|product)\b|\bdecisions? (?:are|is) (?:based on|driven by|backed by|informed by) (?:data|evidence|metrics|usage)\b|\bwe (?:measure|measured|track) (?:the )?(?:impact|success|outcome)s?\b/i,
    examples: ['Our north star metric is weekly active teams.', 'The data showed a clear drop.', 'We track the impact of each change.'],
    nonExamples: ['We store your data securely.'],
  },
]);

export const detectDecisionSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [
    { signal: 'decision.product_principles', kind: 'principles' },
    { signal: 'decision.public_rfcs', kind: 'rfc' },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
];

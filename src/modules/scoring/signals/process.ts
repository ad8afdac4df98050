/** Process iteration: public handbooks, postmortems, retrospectives, operating cadence, written async culture. */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'process.public_handbook', words: ['handbook', 'how'], pattern: /\b(?:our|public|company|team|employee|open) handbook\b|\bhow we work\b/i },
  { signal: 'process.postmortems', words: ['post', 'incident', 'root'], pattern: /\bpost-?mortems?\b|\bincident (?:reports?|reviews?|write-?ups?)\b|\broot[- ]cause (?:analysis|analyses)\b/i },
  { signal: 'process.retrospectives', words: ['retro', 'lessons', 'learned'], pattern: /\bretrospectives?\b|\bretros\b|\blessons learned\b|\bwhat we learned\b/i },
  { signal: 'process.operating_cadence', words: ['okr', 'shape'], pattern: /\bOKRs?\b|\bShape Up\b/ },
  {
    signal: 'process.operating_cadence', words: ['week', 'monthly', 'quarterly', 'planning'],
    pattern: /\b(?:two|2|six|6)-week (?:sprints|cycles)\b|\b(?:weekly|monthly|quarterly) (?:planning|demos?|product reviews?|business reviews?)\b|\bplanning cycles?\b/i,
  },
  { signal: 'process.async_culture', words: ['async', 'written', 'remote', 'writing'], pattern: /\basync(?:hronous)?(?:-first)? (?:communication|work|culture|by default)\b|\bwritten culture\b|\bremote-first\b|\bwriting-first\b/i },
]);

export const detectProcessSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'process.public_handbook', kind: 'handbook' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

/** Process iteration: public handbooks, postmortems, retrospectives, operating cadence, written async culture. */
import { detectByPageKind, detectByTextRules, detectByTitle, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'process.public_handbook',
    words: ['handbook', 'how'],
    pattern: /\b(?:our|public|company|team|employee|open) handbook\b|\bhow we work\b/i,
    examples: ['Read our company handbook.', 'This is how we work.'],
    nonExamples: ['A handbook for travellers.'],
  },
  {
    signal: 'process.postmortems',
    words: ['post', 'incident', 'root', 'outage'],
    pattern: /\bpost-?mortems?\b|\bincident (?:reports?|reviews?|write-?ups?)\b|\broot[- ]cause (?:analysis|analyses)?\b|\boutage (?:reports?|reviews?)\b/i,
    examples: ['Read the postmortem for the outage.', 'Incident reports are public.'],
    nonExamples: ['Post a message.'],
  },
  {
    signal: 'process.retrospectives',
    words: ['retro', 'lessons', 'learned', 'look', 'year', 'reflect'],
    pattern:
      /\bretrospectives?\b|\bretros\b|\blessons learned\b|\bwhat we learned\b|\bwe look back on\b|\blooking back (?:on|at)\b|\byear in review\b|\breflect(?:ing|ions?) on\b/i,
    examples: ['We hold retrospectives after every project.', 'Lessons learned from our launch.'],
    nonExamples: ['The retro look is back.'],
  },
  {
    signal: 'process.operating_cadence',
    words: ['okr', 'shape'],
    pattern: /\bOKRs?\b|\bShape Up\b/,
    examples: ['We set OKRs every quarter.', 'We use Shape Up.'],
    nonExamples: ['Get in shape.'],
  },
  {
    signal: 'process.operating_cadence',
    words: ['week', 'monthly', 'quarterly', 'planning', 'weekly', 'heartbeat', 'kickoff', 'four', 'workweek', 'town', 'all'],
    pattern:
      /\b(?:two|2|six|6)-week (?:sprints|cycles)\b|\b(?:weekly|monthly|quarterly) (?:planning|demos?|product reviews?|business reviews?|check-ins|all-hands|town ?halls?|retros?)\b|\bplanning cycles?\b|\bheartbeats?\b|\bkickoffs?\b|\b(?:four|4)-day (?:work ?)?weeks?\b|\btown ?halls?\b/i,
    examples: ['We work in six-week cycles.', 'Weekly planning on Mondays.', 'We work a four-day week.'],
    nonExamples: ['A week in Paris.'],
  },
  {
    signal: 'process.async_culture',
    words: ['async', 'written', 'remote', 'writing', 'work', 'distributed', 'fully'],
    pattern:
      /\basync(?:hronous)?(?:-first)? (?:communication|work|culture|by default)\b|\bwritten culture\b|\bremote-first\b|\bwriting-first\b|\b(?:fully |100% )?remote (?:team|company|work|culture)\b|\bwork(?:ing)? (?:fully )?remotely\b|\bdistributed (?:team|company)\b/i,
    examples: ['We are a remote-first company.', 'Async communication by default.'],
    nonExamples: ['Remote controls for TVs.'],
  },
]);

/** A post that looks back on how a period went ("Year in review", "2023 wrapped", "Recap", "Reflections on ..."). */
const LOOK_BACK_TITLE =
  /\byear in review\b|\bwrapped\b|\brecap\b|\breflections?\b|\bretrospective\b|\blooking back\b|\blessons\b|\byear (?:one|two|three|four|five|\d+)\b|\bone year of\b/i;

export const detectProcessSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [
    { signal: 'process.public_handbook', kind: 'handbook' },
    { signal: 'process.postmortems', kind: 'postmortem' },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByTitle(pages, [{ signal: 'process.retrospectives', title: LOOK_BACK_TITLE, exceptOn: ['release', 'docs'] }]),
];

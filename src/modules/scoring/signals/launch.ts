/** Launch execution: announcements, launch events, press material, launch posts on the blog. */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'launch.announcements', words: ['announcing', 'introducing'], pattern: /\b(?:Announcing|Introducing)\b/ },
  {
    signal: 'launch.announcements', words: ['now', 'generally', 'excited', 'thrilled', 'proud', 'happy'],
    pattern: /\bnow (?:generally )?available\b|\bgenerally available\b|\bwe(?:'|’)re (?:excited|thrilled|proud|happy) to (?:announce|launch|introduce|share)\b/i,
  },
  { signal: 'launch.launch_events', words: ['launch', 'hunt', 'keynote', 'conference', 'webinar', 'livestream'], pattern: /\blaunch week\b|\bProduct Hunt\b|\bkeynote\b|\buser conference\b|\bwebinars?\b|\blivestream\b/i },
  { signal: 'launch.press', words: ['press', 'media', 'news'], pattern: /\bpress releases?\b|\bpress kit\b|\bmedia kit\b|\bin the news\b/i },
  { signal: 'launch.release_posts', words: ['launch'], pattern: /\blaunch(?:ed|es|ing)?\b/i, onlyOn: ['blog'] },
]);

export const detectLaunchSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'launch.press', kind: 'press' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

/** Launch execution: announcements, launch events, press material, launch posts on the blog. */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, finding, pageStatement, type PageContext, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'launch.announcements',
    words: ['announcing', 'introducing'],
    pattern: /\b(?:Announcing|Introducing)\b/,
    examples: ['Introducing Acme 2.0.', 'Announcing our Series A.'],
    nonExamples: ['We are introducing a new onboarding flow for hires.', 'Reintroducing the classic editor.'],
  },
  {
    signal: 'launch.announcements',
    words: ['now', 'generally', 'excited', 'thrilled', 'proud', 'happy', 'just', 'unveil', 'today'],
    pattern:
      /\bnow (?:generally )?available\b|\bgenerally available\b|\b(?:we(?:'|’)re|we are) (?:excited|thrilled|proud|happy) to (?:announce|launch|introduce|share|unveil|release)\b|\b(?:we )?just (?:released|launched|shipped)\b|\bunveil(?:s|ed|ing)?\b|\btoday (?:marks|we(?:'|’)re (?:launching|releasing)|we (?:launch|release))\b/i,
    examples: ['Now generally available.', "We're excited to announce our new editor."],
    nonExamples: ['Available on request.'],
  },
  {
    // How launches are run: a release-announcement process, a launch plan or checklist, a timeline counted down.
    signal: 'launch.launch_process',
    words: ['release', 'launch', 'go', 'minus', 'announcement'],
    pattern:
      /\brelease announcements?\b|\blaunch (?:plans?|checklists?|process|timelines?|calendar|playbooks?|reviews?)\b|\bgo-to-market (?:plans?|launch(?:es)?|process)\b|\bT-minus\b|\bannouncement (?:blog posts?|emails?|tweets?)\b/i,
    examples: ['Our launch checklist covers every step.', 'Write the release announcement.'],
    nonExamples: ['Launch the rocket.'],
  },
  {
    signal: 'launch.launch_events',
    words: ['launch', 'hunt', 'keynote', 'conference', 'webinar', 'livestream'],
    pattern: /\blaunch week\b|\bProduct Hunt\b|\bkeynote\b|\buser conference\b|\bwebinars?\b|\blivestream\b/i,
    examples: ['Join us for launch week.', 'Register for the webinar.'],
    nonExamples: ['A week of launches.'],
  },
  {
    signal: 'launch.press',
    words: ['press', 'media', 'news'],
    pattern: /\bpress releases?\b|\bpress kit\b|\bmedia kit\b|\bin the news\b/i,
    examples: ['Read our press releases.', 'Download the press kit.'],
    nonExamples: ['Press the button.'],
  },
  {
    signal: 'launch.release_posts',
    words: ['launch'],
    pattern: /\blaunch(?:ed|es|ing)?\b/i,
    onlyOn: ['blog'],
    examples: ['We launched the new editor.'],
    nonExamples: ['Lunch is served.'],
  },
]);

/** The title of a post that announces a release: "Introducing Weekly Insights", "Rallly Pro is here". */
const LAUNCH_TITLE = /\b(?:introducing|announcing|launch(?:ing|ed|es)?|now (?:generally )?available|is here|meet the new)\b/i;

/**
 * A post or update whose title (or an entry's title, on an updates page)
 * announces a release is a launch post; its first statement, which says
 * what was released, is the evidence.
 */
function launchPostFindings(context: PageContext): Finding[] {
  if (!context.kinds.has('blog') && !context.kinds.has('changelog')) return [];
  const titles = [context.page.title, ...context.page.headings.filter((h) => h.level <= 2).map((h) => h.text)];
  if (!titles.some((title) => LAUNCH_TITLE.test(title))) return [];
  const statement = pageStatement('launch.release_posts', context);
  return statement ? [finding('launch.release_posts', context.page, statement.evidence, statement.strength)] : [];
}

export const detectLaunchSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'launch.press', kind: 'press' }]),
  ...pages.flatMap(launchPostFindings),
  ...detectByTextRules(pages, TEXT_RULES),
];

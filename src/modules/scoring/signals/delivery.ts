/**
 * Delivery as the company describes it and as its blog records it: how often
 * it ships or deploys ("we ship weekly", "a new version once a month",
 * "6-week cycles"), and dated release posts, a changelog written as blog
 * posts. The changelog pages themselves, their dated entries and cadence, are
 * read by changelog.ts.
 */
import type { Finding } from '../artifacts.ts';
import { findDateMentions } from '../extract/dates.ts';
import { cadenceStrength, medianGapDays } from './changelog.ts';
import { detectByTextRules, evidenceQuoteAt, finding, pageStatement, type PageContext, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'delivery.shipping_claims',
    words: [
      'ship',
      'release',
      'publish',
      'what',
      'just',
      'weekly',
      'daily',
      'monthly',
      'bi',
      'fortnightly',
      'deploy',
      'two',
      'three',
      'four',
      'six',
      '2',
      '3',
      '4',
      '6',
      'made',
    ],
    pattern:
      /\b(?:we )?ship(?:s|ping)? (?:new (?:features|improvements|updates|versions?) )?(?:weekly|daily|monthly|every (?:week|day|month|two weeks|\d+ (?:days|weeks)))\b|\b(?:ships|releases?|publish(?:es)?) (?:with )?a new (?:version|release)(?: [\w-]+){0,5} (?:once a|every) (?:week|month|day|quarter|\d+ (?:weeks|days))\b|\b(?:weekly|daily|monthly|bi-?weekly|fortnightly) releases?\b|\brelease (?:cadence|schedule|cycle|train)\b|\b(?:two|2|three|3|four|4|six|6)-week (?:cycles|sprints|release cycles?)\b|\bmade \d+ (?:official )?releases\b|\bwhat we(?:'|’)ve shipped\b|\bwhat we (?:have )?shipped\b|\bwe just (?:released|shipped|launched)\b|\b\d+ releases (?:in|this|last|per) (?:year|20\d\d|month)\b|\bdeploy(?:s|ing)? (?:to production )?\d[\d,]* times (?:a|per) (?:day|week)\b/i,
    examples: ['We ship new features weekly.', 'Weekly releases since 2019.', 'We deploy 40 times a day.'],
    nonExamples: ['Shipping to Europe takes a week.'],
  },
]);

/** One dated post is a release shipped; this many make a record at full strength. */
const MIN_RELEASE_POSTS = 1;
const RELEASE_POSTS_FOR_FULL_STRENGTH = 4;
/** With this many dated posts their cadence counts too, on the changelog's curve. */
const RELEASE_POSTS_FOR_CADENCE = 3;

/** A release post's date: the first full date in its text (posts open with their date), else the first in its markup. */
export function releasePostDate({ mainText, dates }: { mainText: string; dates: readonly string[] }): string | null {
  return findDateMentions(mainText)[0]?.date ?? dates[0] ?? null;
}

/** The newest post's date as it is written, else the post's first statement. */
function postEvidence(context: PageContext, date: string): { evidence: Finding['evidence']; strength: number } | null {
  const mention = findDateMentions(context.page.mainText).find((m) => m.date === date);
  const quote = mention && evidenceQuoteAt('delivery.release_posts', context, mention.index, mention.index + mention.length);
  if (quote) return { evidence: { kind: 'quote', text: quote }, strength: 1 };
  return pageStatement('delivery.release_posts', context);
}

/**
 * Dated release posts across the blog: strength grows with their number and,
 * once there are enough, with how closely their dates follow each other (the
 * changelog's cadence curve), whichever says more.
 */
function releasePostFindings(pages: readonly PageContext[]): Finding[] {
  const posts = pages
    .filter((context) => context.kinds.has('release'))
    .map((context) => ({ context, date: releasePostDate(context.page) }))
    .filter((post): post is { context: PageContext; date: string } => post.date !== null)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (posts.length < MIN_RELEASE_POSTS) return [];
  const newest = posts.at(-1)!;
  const cited = postEvidence(newest.context, newest.date);
  if (!cited) return [];
  const countStrength = Math.min(1, posts.length / RELEASE_POSTS_FOR_FULL_STRENGTH);
  const gap = posts.length >= RELEASE_POSTS_FOR_CADENCE ? medianGapDays(posts.map((post) => post.date)) : null;
  const strength = Math.max(countStrength, gap === null ? 0 : cadenceStrength(gap)) * cited.strength;
  return [finding('delivery.release_posts', newest.context.page, cited.evidence, strength)];
}

export const detectDeliverySignals: SignalDetector = (pages) => [...detectByTextRules(pages, TEXT_RULES), ...releasePostFindings(pages)];

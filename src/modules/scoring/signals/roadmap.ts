/**
 * Roadmap discipline: a public roadmap (crawled or linked), items grouped by
 * status or timeframe, how the roadmap is planned, previews of what comes
 * next, and a roadmap that links to what shipped.
 */
import type { Finding } from '../artifacts.ts';
import {
  detectByLinks,
  detectByPageKind,
  detectByTextRules,
  detectByTitle,
  finding,
  pageStatement,
  textRules,
  type PageContext,
  type SignalDetector,
} from './detection-rules.ts';

/**
 * A roadmap item's status, as a line of its own or a mark on the item:
 * "Now", "In progress", "Shipped", "Done", "(next)", "✅". Status words only
 * count in pairs ("Next" alone is a button label), on a page that carries a
 * roadmap: a roadmap page, or any page (a community page, a docs page) with a
 * heading that names a roadmap.
 */
const STATUS_WORDS =
  'Now|Next|Later|Planned|In progress|In development|Shipped|Released|Pre-release|Under consideration|Exploring|Considering|Done|Completed|Up next|Beta|Backlog|Launched';
const STATUS_LINE = new RegExp(`^(?:${STATUS_WORDS})\\b|\\((?:${STATUS_WORDS})\\)|\\[(?:${STATUS_WORDS})\\]|(?:—|–|-|:) (?:${STATUS_WORDS})$`, 'gim');
/** Emoji that mark an item's status on many public roadmaps: done, in progress, next. */
const STATUS_EMOJI = /^(?:✅|✔️|☑️|🚧|⏳|🔜|🟢|🟡|⚪)/gmu;
const DISTINCT_STATUSES_NEEDED = 2;
const ROADMAP_HEADING = /\broadmap\b/i;
const CHANGELOG_HREF = /\/(?:changelog|release-notes|releases|whats-new)(?:[/?.]|$)/i;

export const TEXT_RULES = textRules([
  {
    signal: 'roadmap.timeframes',
    words: ['q1', 'q2', 'q3', 'q4', 'h1', 'h2'],
    pattern: /\b(?:Q[1-4]|H[12]) 20\d\d\b/,
    onlyOn: ['roadmap'],
    examples: ['Dark mode ships in Q3 2026.'],
    nonExamples: ['Q3 was a busy quarter.'],
  },
  {
    // How the roadmap is made and kept: "three different roadmap views", "quarterly roadmapping".
    signal: 'roadmap.planning_practice',
    words: ['roadmap', 'quarterly', 'annual', 'yearly', 'planning', 'scheduled', 'planned'],
    pattern:
      /\broadmap (?:views?|planning|process|reviews?|prioriti[sz]ation|updates?|horizons?)\b|\broadmapping\b|\b(?:quarterly|annual|yearly) (?:roadmap|planning)\b|\bplanning (?:cycles?|process|sessions?)\b|\b(?:scheduled|planned) for the (?:upcoming|next) (?:cycle|quarter|release)\b/i,
    examples: ['We run quarterly roadmap planning with customers.', 'Our roadmap process is public.'],
    nonExamples: ['See the roadmap.'],
  },
  {
    // A look ahead offered to readers: "check what we will be working on in the next few weeks".
    // "What's coming next" in passing is excitement, not a roadmap.
    signal: 'roadmap.preview',
    words: ['what'],
    pattern: /\bwhat we(?:'re|’re| are| will be| plan to be) working on (?:next|in the (?:next|coming))\b/i,
    examples: ['Here is what we are working on next.'],
    nonExamples: ['What we worked on last year.'],
  },
]);

/** Whether the page carries a roadmap: it is one, or a heading of it names one. */
function carriesRoadmap({ kinds, page }: PageContext): boolean {
  return kinds.has('roadmap') || page.headings.some((h) => h.level <= 3 && ROADMAP_HEADING.test(h.text));
}

function statusFindings(context: PageContext): Finding[] {
  if (!carriesRoadmap(context)) return [];
  const statuses = new Set<string>();
  for (const match of context.page.mainText.matchAll(STATUS_LINE))
    statuses.add(
      match[0]
        .replace(/[^\p{L} ]/gu, '')
        .trim()
        .toLowerCase(),
    );
  for (const match of context.page.mainText.matchAll(STATUS_EMOJI)) statuses.add(match[0]);
  if (statuses.size < DISTINCT_STATUSES_NEEDED) return [];
  const statement = pageStatement('roadmap.status_columns', context);
  return statement ? [finding('roadmap.status_columns', context.page, statement.evidence, statement.strength)] : [];
}

/** A roadmap on a page that is not a roadmap page (a docs or community page with a roadmap section) is a public roadmap too. */
function roadmapSectionFindings(context: PageContext): Finding[] {
  if (context.kinds.has('roadmap') || !carriesRoadmap(context) || statusFindings(context).length === 0) return [];
  const statement = pageStatement('roadmap.public_page', context);
  return statement ? [finding('roadmap.public_page', context.page, statement.evidence, statement.strength)] : [];
}

/** A post that looks ahead ("What is coming in v3") previews the roadmap. */
const PREVIEW_TITLE = /^(?:what(?:'s|’s| is) (?:coming|next)|coming (?:soon|next)|sneak peek)\b/i;

function deliveryLinkFindings({ page, kinds, contentLinks }: PageContext): Finding[] {
  if (!kinds.has('roadmap')) return [];
  const link = contentLinks.find((l) => CHANGELOG_HREF.test(l.href));
  return link ? [finding('roadmap.linked_delivery', page, { kind: 'observation', source: 'link', text: link.href })] : [];
}

export const detectRoadmapSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'roadmap.public_page', kind: 'roadmap' }]),
  ...pages.flatMap(roadmapSectionFindings),
  ...detectByLinks(pages, [
    { signal: 'roadmap.link', text: /\broadmap\b/i },
    { signal: 'roadmap.link', href: /\/roadmap\b|^https?:\/\/roadmap\./i },
  ]),
  ...pages.flatMap(statusFindings),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByTitle(pages, [{ signal: 'roadmap.preview', title: PREVIEW_TITLE, onlyOn: ['blog', 'changelog'] }]),
  ...pages.flatMap(deliveryLinkFindings),
];

/**
 * Which pages to fetch first. Deterministic: the same candidates give the
 * same order whatever order they were found in; ties are broken by URL.
 *
 * A page's rank, as rankPage and rankSections compute it:
 *
 *   rank = weight of the best evidence category its path or link text names (0..10)
 *        - 1 per path segment beyond the first (DEPTH_PENALTY_PER_SEGMENT),
 *            date segments not counted: /blog/2024/05/launch is as deep as /blog/launch
 *        - 2 with a query string (QUERY_PENALTY)
 *        + 0.5 when the site's sitemap lists it (SITEMAP_BONUS)
 *        - 1 for each page of its section (first path segment) handed out before
 *            it or ahead of it in the same round (SECTION_CROWDING_PENALTY)
 *
 * For example /handbook/on-call, listed in the sitemap: 10 - 1 + 0.5 = 9.5; a
 * link-only /features/legacy that turns out dead: 8 - 1 = 7; the sixth post of
 * a blog, /blog/2024/05/notes: 5 - 1 - 5 = -1, below a top-level /contact (0).
 *
 * Why these terms:
 * - Weights. Pricing is the richest page for the market-facing dimensions
 *   (packaging, trial, usage pricing, sales motion) and the practice pages
 *   (handbook, RFCs, direction, postmortems, security, engineering and
 *   research, principles and process) are the richest for the internal ones
 *   (how the company decides, ships and learns): both 10. Product, customer,
 *   changelog and launch pages come next (positioning, proof, delivery
 *   cadence); then the developer, integration and roadmap surfaces; then
 *   company pages; status and blog pages last, because one of them says
 *   little on its own.
 * - A sitemap listing is the site's word that a page exists; a link may be
 *   dead. Half a point lets a listed page beat a link-only page of the same
 *   path rank, never one a whole point of evidence or depth better.
 * - Date segments are how an archive is filed, not how buried a page is, so
 *   dated posts are not pushed below undated ones.
 * - Crowding keeps one big section (a blog of 200 posts, a docs tree) from
 *   taking the whole page budget: its n-th page pays n points, so after a few
 *   of its best pages the other sections come first. Within a section the
 *   order that decides who pays is: rank, then the newest date in the path
 *   (recent posts say more about the company as it is), then URL.
 */

export interface EvidenceCategory {
  name: string;
  weight: number;
  /** Whole words or phrases, lower case, matched in the path's words and in link text. */
  phrases: string[];
}

export const EVIDENCE_CATEGORIES: readonly EvidenceCategory[] = [
  { name: 'pricing', weight: 10, phrases: ['pricing', 'prices', 'price', 'plans', 'plan'] },
  { name: 'handbook', weight: 10, phrases: ['handbook', 'handbooks', 'how we work', 'ways of working', 'principles', 'process', 'processes'] },
  { name: 'rfcs', weight: 10, phrases: ['rfc', 'rfcs', 'design docs', 'adr', 'adrs', 'decision records'] },
  { name: 'direction', weight: 10, phrases: ['direction', 'strategy', 'vision'] },
  {
    name: 'postmortems',
    weight: 10,
    phrases: ['postmortem', 'postmortems', 'post mortem', 'post mortems', 'incident', 'incidents', 'incident report', 'retrospective', 'retrospectives'],
  },
  { name: 'security', weight: 10, phrases: ['security', 'trust', 'trust center', 'compliance', 'soc 2', 'soc2', 'gdpr'] },
  { name: 'engineering', weight: 10, phrases: ['engineering', 'research'] },
  { name: 'product', weight: 8, phrases: ['product', 'products', 'features', 'feature', 'platform', 'solutions', 'how it works', 'capabilities'] },
  { name: 'customers', weight: 8, phrases: ['customers', 'customer stories', 'case studies', 'case study', 'success stories', 'testimonials'] },
  { name: 'changelog', weight: 8, phrases: ['changelog', 'change log', 'release notes', 'releases', 'what s new', 'whats new', 'product updates'] },
  {
    name: 'launches',
    weight: 8,
    phrases: ['release', 'launch', 'launches', 'launched', 'launch week', 'introducing', 'announcing', 'now available', 'generally available'],
  },
  { name: 'docs', weight: 7, phrases: ['docs', 'documentation', 'developers', 'developer', 'api', 'api reference', 'sdk', 'sdks'] },
  { name: 'integrations', weight: 7, phrases: ['integrations', 'integration', 'marketplace', 'apps', 'partners', 'ecosystem'] },
  { name: 'roadmap', weight: 7, phrases: ['roadmap'] },
  { name: 'comparison', weight: 6, phrases: ['compare', 'comparison', 'vs', 'versus', 'alternative', 'alternatives'] },
  { name: 'about', weight: 6, phrases: ['about', 'about us', 'company', 'team', 'mission'] },
  { name: 'careers', weight: 6, phrases: ['careers', 'career', 'jobs', 'hiring', 'join us', 'work with us'] },
  { name: 'status', weight: 5, phrases: ['status', 'uptime', 'system status'] },
  { name: 'blog', weight: 5, phrases: ['blog', 'news', 'articles', 'insights', 'reports', 'resources'] },
];

/** Each path segment beyond the first costs this much: /pricing (10 - 0) beats /pricing/enterprise/faq (10 - 2). */
export const DEPTH_PENALTY_PER_SEGMENT = 1;
/** A query string usually means a filtered or paginated view of a page we can reach without one. */
export const QUERY_PENALTY = 2;
/** For a page the sitemap lists: less than one point, so it only settles ties of path rank. */
export const SITEMAP_BONUS = 0.5;
/** For each page of the same section ranked before this one. */
export const SECTION_CROWDING_PENALTY = 1;

export interface RankedPage {
  url: URL;
  rank: number;
}

/** A page's rank before crowding: evidence, depth, query and provenance. */
export function rankPage(url: URL, linkTexts: readonly string[], listedInSitemap = false): number {
  const texts = [wordsOf(decodePath(url.pathname)), ...linkTexts.map(wordsOf)];
  let best = 0;
  for (const category of EVIDENCE_CATEGORIES) {
    if (category.weight > best && category.phrases.some((phrase) => texts.some((text) => text.includes(` ${phrase} `)))) {
      best = category.weight;
    }
  }
  const depthPenalty = DEPTH_PENALTY_PER_SEGMENT * Math.max(0, undatedSegments(url.pathname) - 1);
  return best - depthPenalty - (url.search === '' ? 0 : QUERY_PENALTY) + (listedInSitemap ? SITEMAP_BONUS : 0);
}

/**
 * The pages in fetch order, each rank lowered by crowding: the n-th page of a
 * section (counting `handedOut(section)` pages handed out in earlier rounds)
 * loses n x SECTION_CROWDING_PENALTY.
 */
export function rankSections(pages: readonly RankedPage[], handedOut: (section: string) => number): RankedPage[] {
  const sections = new Map<string, { page: RankedPage; date: string }[]>();
  for (const page of pages) {
    const section = sectionOf(page.url);
    const members = sections.get(section) ?? [];
    if (members.length === 0) sections.set(section, members);
    members.push({ page, date: pathDate(page.url.pathname) });
  }
  const crowded: RankedPage[] = [];
  for (const [section, members] of sections) {
    members.sort((a, b) => b.page.rank - a.page.rank || compareText(b.date, a.date) || compareText(a.page.url.href, b.page.url.href));
    const before = handedOut(section);
    members.forEach(({ page }, index) => crowded.push({ url: page.url, rank: page.rank - SECTION_CROWDING_PENALTY * (before + index) }));
  }
  return crowded.sort(compareRanked);
}

/** The first path segment, lower case ('' for the home page): /blog/2024/x is in section 'blog'. */
export function sectionOf(url: URL): string {
  const first = url.pathname.split('/').find(Boolean) ?? '';
  return decodePath(first).toLowerCase();
}

/** Higher rank first; equal ranks in URL order. */
export function compareRanked(a: RankedPage, b: RankedPage): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  return compareText(a.url.href, b.url.href);
}

/** Path segments that count toward depth: a year (19xx, 20xx) and up to two 1- or 2-digit segments after it (month, day) do not. */
function undatedSegments(pathname: string): number {
  let counted = 0;
  let dateParts = 0;
  for (const segment of pathname.split('/').filter(Boolean)) {
    if (/^(?:19|20)\d{2}$/.test(segment)) dateParts = 1;
    else if (dateParts > 0 && dateParts < 3 && /^\d{1,2}$/.test(segment)) dateParts++;
    else {
      dateParts = 0;
      counted++;
    }
  }
  return counted;
}

/** The first date a path names, as segments (/2024/05/12/) or in a slug (2024-05-12-launch), as 'YYYY-MM-DD' ('00' for a missing part); '' for none. */
function pathDate(pathname: string): string {
  const match = /(?:^|[/-])((?:19|20)\d{2})(?:[/-](\d{1,2}))?(?:[/-](\d{1,2}))?(?=$|[/-])/.exec(pathname);
  if (match === null) return '';
  const [, year, month = '0', day = '0'] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lower-case words separated by single spaces, padded with a space each side for whole-word matching. */
function wordsOf(text: string): string {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return ` ${words.join(' ')} `;
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

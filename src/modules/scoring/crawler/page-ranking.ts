/**
 * Which pages to fetch first: a rank from the kind of evidence a page is
 * expected to carry (read from its URL path and the text of links to it),
 * minus a penalty for depth and for query strings. Deterministic; ties are
 * broken by URL.
 *
 * Weights run 0..10. Pricing is the single richest page for scoring
 * (packaging, trial, usage pricing, sales motion); product, customer and
 * changelog pages come next (positioning, proof, delivery cadence); then
 * the developer, trust, integration and roadmap surfaces; then company pages;
 * status and blog pages last, because one of them says little on its own.
 */

export interface EvidenceCategory {
  name: string;
  weight: number;
  /** Whole words or phrases, lower case, matched in the path's words and in link text. */
  phrases: string[];
}

export const EVIDENCE_CATEGORIES: readonly EvidenceCategory[] = [
  { name: 'pricing', weight: 10, phrases: ['pricing', 'prices', 'price', 'plans', 'plan'] },
  { name: 'product', weight: 8, phrases: ['product', 'products', 'features', 'feature', 'platform', 'solutions', 'how it works', 'capabilities'] },
  { name: 'customers', weight: 8, phrases: ['customers', 'customer stories', 'case studies', 'case study', 'success stories', 'testimonials'] },
  { name: 'changelog', weight: 8, phrases: ['changelog', 'change log', 'release notes', 'releases', 'what s new', 'whats new', 'product updates'] },
  { name: 'docs', weight: 7, phrases: ['docs', 'documentation', 'developers', 'developer', 'api', 'api reference', 'sdk', 'sdks'] },
  { name: 'security', weight: 7, phrases: ['security', 'trust', 'trust center', 'compliance', 'soc 2', 'soc2', 'gdpr'] },
  { name: 'integrations', weight: 7, phrases: ['integrations', 'integration', 'marketplace', 'apps', 'partners', 'ecosystem'] },
  { name: 'roadmap', weight: 7, phrases: ['roadmap'] },
  { name: 'comparison', weight: 6, phrases: ['compare', 'comparison', 'vs', 'versus', 'alternative', 'alternatives'] },
  { name: 'about', weight: 6, phrases: ['about', 'about us', 'company', 'team', 'mission'] },
  { name: 'careers', weight: 6, phrases: ['careers', 'career', 'jobs', 'hiring', 'join us', 'work with us'] },
  { name: 'status', weight: 5, phrases: ['status', 'uptime', 'system status'] },
  { name: 'blog', weight: 5, phrases: ['blog', 'news', 'articles', 'insights', 'research', 'reports', 'resources'] },
];

/** Each path segment beyond the first costs this much: /pricing (8 - 0) beats /blog/2019/old-post. */
export const DEPTH_PENALTY_PER_SEGMENT = 1;
/** A query string usually means a filtered or paginated view of a page we can reach without one. */
export const QUERY_PENALTY = 2;

export function rankPage(url: URL, linkTexts: readonly string[]): number {
  const texts = [wordsOf(decodePath(url.pathname)), ...linkTexts.map(wordsOf)];
  let best = 0;
  for (const category of EVIDENCE_CATEGORIES) {
    if (category.weight > best && category.phrases.some((phrase) => texts.some((text) => text.includes(` ${phrase} `)))) {
      best = category.weight;
    }
  }
  const segments = url.pathname.split('/').filter(Boolean).length;
  const depthPenalty = DEPTH_PENALTY_PER_SEGMENT * Math.max(0, segments - 1);
  return best - depthPenalty - (url.search === '' ? 0 : QUERY_PENALTY);
}

/** Higher rank first; equal ranks in URL order. */
export function compareRanked(a: { rank: number; url: URL }, b: { rank: number; url: URL }): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  return a.url.href < b.url.href ? -1 : a.url.href > b.url.href ? 1 : 0;
}

/** Lower-case words separated by single spaces, padded with a space each side for whole-word matching. */
function wordsOf(text: string): string {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return ` ${words.join(' ')} `;
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

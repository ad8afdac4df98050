/**
 * How a result says what it read. A quick score reads the start page and a
 * few more, so its levels rest on less evidence and often come out a tier
 * lower than the full score of the same site: wherever one is shown (the
 * result page, the image card, the app, the digest, the command's report) it
 * carries this label. A full score carries none.
 */
import type { ScoreDepth, ScoringResult } from './result-schema.ts';

/** The pages a result read: its crawl statistics, else the pages it lists; null when it says neither. */
export function pagesRead(result: Pick<ScoringResult, 'crawlStats' | 'crawledPages'>): number | null {
  return result.crawlStats?.pagesAnalyzed ?? result.crawledPages?.length ?? null;
}

/** "Quick score: 6 pages read" for a quick result; null for a full one. */
export function quickScoreLabel(result: { depth: ScoreDepth; pagesRead: number | null }): string | null {
  if (result.depth !== 'quick') return null;
  if (result.pagesRead === null) return 'Quick score: a few pages read';
  return `Quick score: ${result.pagesRead} ${result.pagesRead === 1 ? 'page' : 'pages'} read`;
}

/** quickScoreLabel of a whole result. */
export function quickScoreLabelOf(result: Pick<ScoringResult, 'depth' | 'crawlStats' | 'crawledPages'>): string | null {
  return quickScoreLabel({ depth: result.depth, pagesRead: pagesRead(result) });
}

/**
 * What changed between two scores beyond normal variation (issue 28, item 3),
 * as a pure function of the two results. The default engine is deterministic:
 * the same site gives the same levels, so any level lost is the site's doing,
 * not noise. Three rules, published in docs/DECISIONS.md ("Anomalies"):
 *
 * - a dimension down a level or more (two or more: high severity);
 * - the total down by TOTAL_DROP_MARGIN points or more (twice that: high);
 * - a page that carried evidence gone: cited in the earlier result's evidence,
 *   read by its crawl, and not read by this one (high when a dimension it
 *   carried fell, else medium).
 *
 * Only scores of the same depth are compared (a quick score reads six pages:
 * against a full one every page "goes").
 */
import type { DimensionId } from '../../framework/dimensions.ts';
import type { ScoringResult } from '../scoring/result-schema.ts';

/** The total's fall that is an anomaly on its own: three levels lost, net. */
export const TOTAL_DROP_MARGIN = 3;

export const ANOMALY_KINDS = ['dimension_down', 'total_down', 'evidence_page_gone', 'signal_out_of_band'] as const;
export type AnomalyKind = (typeof ANOMALY_KINDS)[number];
export const ANOMALY_SEVERITIES = ['high', 'medium'] as const;
export type AnomalySeverity = (typeof ANOMALY_SEVERITIES)[number];

/** One side of an anomaly: what the earlier or the later score showed. */
export interface AnomalySide {
  /** The score; null for a signal's side. */
  resultId: string | null;
  /** When the score was made or the value observed (before: the newest earlier value). */
  scoredAt: string;
  /** The dimension's level, the total, or the signal's value (before: the band's median); null for a page. */
  value: number | null;
  /** The evidence: a dimension's evidence text, the tier, the page's address, or the signal's band. */
  evidence: string;
}

export interface DetectedAnomaly {
  kind: AnomalyKind;
  /** What it is about: a dimension id, `total`, or the page's path. */
  subject: string;
  severity: AnomalySeverity;
  /** One sentence a product leader reads in a list or a mail. */
  summary: string;
  before: AnomalySide;
  after: AnomalySide;
  /** The dimensions concerned (a page's: those it carried evidence for). */
  dimensionIds: DimensionId[];
}

type Comparable = Pick<ScoringResult, 'id' | 'url' | 'totalScore' | 'stageName' | 'depth' | 'dimensions' | 'crawledPages' | 'createdAt'>;

/** The anomalies `current` shows against `previous`, the score of the same product and depth before it. */
export function detectAnomalies(previous: Comparable, current: Comparable): DetectedAnomaly[] {
  if (previous.depth !== current.depth) return [];
  const side = (result: Comparable, value: number | null, evidence: string): AnomalySide => ({
    resultId: result.id,
    scoredAt: result.createdAt,
    value,
    evidence,
  });
  const found: DetectedAnomaly[] = [];

  const before = new Map(previous.dimensions.map((dimension) => [dimension.dimensionId, dimension]));
  const fell = new Set<DimensionId>();
  for (const now of current.dimensions) {
    const then = before.get(now.dimensionId);
    if (!then || now.score >= then.score) continue;
    fell.add(now.dimensionId);
    const drop = then.score - now.score;
    found.push({
      kind: 'dimension_down',
      subject: now.dimensionId,
      severity: drop >= 2 ? 'high' : 'medium',
      summary: `${now.dimensionName} fell from level ${then.score} to ${now.score}.`,
      before: side(previous, then.score, then.evidence),
      after: side(current, now.score, now.evidence),
      dimensionIds: [now.dimensionId],
    });
  }

  const totalDrop = previous.totalScore - current.totalScore;
  if (totalDrop >= TOTAL_DROP_MARGIN) {
    found.push({
      kind: 'total_down',
      subject: 'total',
      severity: totalDrop >= 2 * TOTAL_DROP_MARGIN ? 'high' : 'medium',
      summary: `The total fell ${totalDrop} points, from ${previous.totalScore} (${previous.stageName}) to ${current.totalScore} (${current.stageName}).`,
      before: side(previous, previous.totalScore, previous.stageName),
      after: side(current, current.totalScore, current.stageName),
      dimensionIds: [],
    });
  }

  // A crawl that lists no pages says nothing about which pages went.
  if (previous.crawledPages?.length && current.crawledPages?.length) {
    const readNow = new Set(current.crawledPages.map(pageKey));
    const readThen = new Set(previous.crawledPages.map(pageKey));
    for (const [page, dimensionIds] of evidencePages(previous)) {
      if (!readThen.has(page) || readNow.has(page)) continue;
      const carriedAFall = dimensionIds.some((id) => fell.has(id));
      const names = dimensionIds.map((id) => before.get(id)!.dimensionName);
      found.push({
        kind: 'evidence_page_gone',
        subject: page,
        severity: carriedAFall ? 'high' : 'medium',
        summary: `${page} carried evidence for ${listWords(names)} and was not found this time.`,
        before: side(previous, null, pageAddress(previous.crawledPages, page)),
        after: side(current, null, `not among the ${current.crawledPages.length} pages read`),
        dimensionIds,
      });
    }
  }
  return found;
}

/** The pages an earlier result quotes as evidence (the address in brackets after each item), with the dimensions each carried. */
function evidencePages(result: Comparable): Map<string, DimensionId[]> {
  const pages = new Map<string, DimensionId[]>();
  for (const dimension of result.dimensions) {
    for (const match of dimension.evidence.matchAll(/\((https?:\/\/[^\s()]+)\)/g)) {
      const page = pageKey(match[1]!);
      const list = pages.get(page) ?? [];
      if (!list.includes(dimension.dimensionId)) list.push(dimension.dimensionId);
      pages.set(page, list);
    }
  }
  return pages;
}

/** A page's path without its trailing slash: the same page whether or not the host redirects to the slash form. */
export function pageKey(address: string): string {
  try {
    const path = new URL(address).pathname.replace(/\/+$/, '');
    return path === '' ? '/' : path;
  } catch {
    return address;
  }
}

function pageAddress(pages: readonly string[], key: string): string {
  return pages.find((page) => pageKey(page) === key) ?? key;
}

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * How a scored company compares with its peers (issue 15, part 2), as the
 * result page and the dashboard show it: the result's percentile within the
 * segment it was placed in, the segment's median total and quartiles, and
 * each dimension's median level. Read through BenchmarkService, under its
 * rule: nothing while fewer than 5 paid accounts, other than the result's
 * and the viewer's, contributed to the segment.
 */
import type { DimensionId } from '../../framework/dimensions.ts';
import { SEGMENTS } from '../../framework/segments.ts';
import { MINIMUM_CONTRIBUTING_ACCOUNTS, type BenchmarkService } from '../../modules/benchmarks/benchmark-service.ts';
import type { Quartiles } from '../../modules/benchmarks/statistics.ts';
import { html } from '../view.ts';

export type PeerComparison =
  | {
      available: true;
      segmentKey: string;
      segmentLabel: string;
      /** The result's total as a percentile rank within the segment's pool (0 to 100). */
      percentile: number;
      companies: number;
      total: Quartiles;
      /** Each dimension's median level within the pool. */
      medians: ReadonlyMap<DimensionId, number>;
    }
  /** Placed in a segment, but fewer than 5 accounts contributed to it yet. */
  | { available: false; segmentKey: string; segmentLabel: string };

export type PeerSource = Pick<BenchmarkService, 'comparisonOf'>;

function segmentLabel(key: string): string {
  return SEGMENTS.find((segment) => segment.key === key)?.label ?? key;
}

/**
 * Each result's comparison, by id: null for a result with no segment (or
 * none stored). The pool leaves out the result's own account and the one
 * looking (`askingAccountId`), under BenchmarkService's rule.
 */
export async function peerComparisons(
  source: PeerSource,
  resultIds: readonly string[],
  askingAccountId: string | null = null,
): Promise<Map<string, PeerComparison | null>> {
  const entries = await Promise.all(
    resultIds.map(async (resultId): Promise<[string, PeerComparison | null]> => {
      const outcome = await source.comparisonOf(resultId, askingAccountId);
      if (!outcome.ok || outcome.segment === null) return [resultId, null];
      const segment = { segmentKey: outcome.segment, segmentLabel: segmentLabel(outcome.segment) };
      const { standing, figures } = outcome;
      if (!standing.available || !figures.available) return [resultId, { available: false, ...segment }];
      const medians = new Map(figures.dimensions.map((dimension) => [dimension.dimensionId, dimension.quartiles.p50]));
      return [resultId, { available: true, ...segment, percentile: standing.total.percentile, companies: figures.companies, total: figures.total, medians }];
    }),
  );
  return new Map(entries);
}

export async function peerComparisonOf(source: PeerSource, resultId: string, askingAccountId: string | null = null): Promise<PeerComparison | null> {
  return (await peerComparisons(source, [resultId], askingAccountId)).get(resultId) ?? null;
}

/** Quartiles of whole scores are multiples of 0.25: 58, 58.5, 52.25. */
export function figure(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * "In B2B SaaS: percentile 62 of peers; median total 58 (quartiles 52–66),
 * from 7 companies." For the owner, a segment under the rule gets one quiet
 * line saying when the comparison will appear; anyone else sees nothing.
 */
export function PeerLine({ comparison, owner, className = 'peer-line' }: { comparison: PeerComparison | null; owner: boolean; className?: string }) {
  if (!comparison) return null;
  if (!comparison.available) {
    return owner
      ? html`<p class=${`${className} peer-pending muted`}>
          The comparison with peers in ${comparison.segmentLabel} appears once ${MINIMUM_CONTRIBUTING_ACCOUNTS} other accounts on a paid plan have scored companies in it.
        </p>`
      : null;
  }
  const { total, companies } = comparison;
  // One line of text: htm drops the whitespace of a line break between a value and the text after it.
  const figures = `median total ${figure(total.p50)} (quartiles ${figure(total.p25)}–${figure(total.p75)}), from ${companies} ${companies === 1 ? 'company' : 'companies'}.`;
  return html`<p class=${className}>In ${comparison.segmentLabel}: <strong>percentile ${comparison.percentile}</strong> of peers; ${figures}</p>`;
}

/** Beside a dimension's level: the segment's median level of it, compact. */
export function PeerMedian({ comparison, dimensionId }: { comparison: PeerComparison | null; dimensionId: DimensionId }) {
  if (!comparison?.available) return null;
  const median = comparison.medians.get(dimensionId);
  if (median === undefined) return null;
  return html`<span class="peer-median">Peers' median ${figure(median)}<span class="visually-hidden"> in ${comparison.segmentLabel}</span></span>`;
}

/**
 * The usage marks an account is told about (the usage.threshold webhook
 * event): 80% and 100% of the period's credits or scores. Pure, so the
 * arithmetic is tested without a database; the admission gate records each
 * crossing once per period.
 */
import type { UsageCounts, UsageLimits } from './credit-ledger.ts';

export const USAGE_THRESHOLDS = [80, 100] as const;
export type UsageThreshold = (typeof USAGE_THRESHOLDS)[number];

export const THRESHOLD_METRICS = ['credits', 'scores'] as const;
export type ThresholdMetric = (typeof THRESHOLD_METRICS)[number];

export interface ThresholdCrossing {
  metric: ThresholdMetric;
  /** Percent of the limit. */
  threshold: UsageThreshold;
  /** Used in the period once the charge was made. */
  used: number;
  limit: number;
}

/**
 * The marks a charge of `cost` carried usage across: at or above after it,
 * below before it. An unlimited metric, or one the charge did not touch,
 * crosses nothing. Integer arithmetic: 80% of 25 credits is reached at 20.
 */
export function thresholdsCrossed(cost: UsageCounts, usedAfter: UsageCounts, limits: UsageLimits): ThresholdCrossing[] {
  const crossings: ThresholdCrossing[] = [];
  for (const metric of THRESHOLD_METRICS) {
    const limit = limits[metric];
    const after = usedAfter[metric];
    const before = after - cost[metric];
    if (limit === null || limit <= 0 || cost[metric] === 0) continue;
    for (const threshold of USAGE_THRESHOLDS) {
      if (before * 100 < threshold * limit && after * 100 >= threshold * limit) crossings.push({ metric, threshold, used: after, limit });
    }
  }
  return crossings;
}

/**
 * The peer benchmark update (issue 15, part 2; category
 * peer_benchmark_updates of the lifecycle issue), as pure functions: which
 * accounts a segment's figures concern, when they changed materially, and
 * what the mail says.
 */
import { escapeHtml } from '../../escape-html.ts';
import { MINIMUM_CONTRIBUTING_ACCOUNTS } from '../benchmarks/benchmark-service.ts';
import type { Quartiles } from '../benchmarks/statistics.ts';
import type { CompanyScore } from '../scoring/segment-scores.ts';
import type { MailContent } from './score-decay-mail.ts';

/**
 * A move of the total's median or of a quartile by at least this many points
 * (on the 27 to 108 scale) is material. One point is the smallest move of a
 * single score, and quartiles move in quarter points as companies come and
 * go: a smaller threshold would mail on noise, a larger one would stay silent
 * while a segment drifts a point at a time (each move is measured from the
 * figures last mailed, not from the sweep before).
 */
export const MATERIAL_CHANGE_POINTS = 1;

const QUARTILE_KEYS = ['p25', 'p50', 'p75'] as const;

/** Whether `now` is worth a mail to someone last told `before` (null: never told, so yes). */
export function materiallyChanged(before: Quartiles | null, now: Quartiles): boolean {
  if (!before) return true;
  return QUARTILE_KEYS.some((key) => Math.abs(now[key] - before[key]) >= MATERIAL_CHANGE_POINTS);
}

/**
 * The accounts a segment's figures concern: those that made the latest score
 * of some company in its pool, each with the newest of those scores (the one
 * its mail ranks).
 */
export function subscribersOf(pool: readonly CompanyScore[]): Map<string, CompanyScore> {
  const newest = new Map<string, CompanyScore>();
  for (const score of pool) {
    const known = newest.get(score.accountId);
    const newer =
      !known ||
      score.scoredAt.getTime() > known.scoredAt.getTime() ||
      (score.scoredAt.getTime() === known.scoredAt.getTime() && score.resultId > known.resultId);
    if (newer) newest.set(score.accountId, score);
  }
  return newest;
}

export interface PeerBenchmarkUpdate {
  segmentLabel: string;
  /** Companies in the pool, as GET /api/benchmarks shows. */
  companies: number;
  total: Quartiles;
  /** The figures last mailed to this account; null for its first update. */
  before: Quartiles | null;
  /** The account's newest score in the segment and its percentile rank there (GET /api/scores/<id>/percentile). */
  own: { resultId: string; company: string; totalScore: number; percentile: number };
}

/** 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st ... 100th. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export function peerBenchmarkMailFor(update: PeerBenchmarkUpdate, publicBaseUrl: string): MailContent {
  const { total, before } = update;
  const was = (text: string) => (before ? ` (was ${text})` : '');
  const opening = before
    ? `The peer benchmark for ${update.segmentLabel} has moved. It now covers the latest scores of ${update.companies} companies.`
    : `The peer benchmark for ${update.segmentLabel} covers the latest scores of ${update.companies} companies, one from each of ${update.companies} other accounts on a paid plan (at least ${MINIMUM_CONTRIBUTING_ACCOUNTS}).`;
  const median = `Median total: ${total.p50}${was(`${before?.p50}`)}.`;
  const middle = `Middle half of the segment (25th to 75th percentile): ${total.p25} to ${total.p75}${was(`${before?.p25} to ${before?.p75}`)}.`;
  const own = `Your latest score in this segment, ${update.own.company}: ${update.own.totalScore}, at the ${ordinal(update.own.percentile)} percentile.`;
  const resultUrl = `${publicBaseUrl}/r/${update.own.resultId}`;
  const text = [opening, '', median, middle, '', own, `The result, with each dimension: ${resultUrl}`].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(opening)}</p>`,
    `<ul><li>${escapeHtml(median)}</li><li>${escapeHtml(middle)}</li></ul>`,
    `<p>${escapeHtml(own)} <a href="${escapeHtml(resultUrl)}">${escapeHtml('See the result, with each dimension')}</a></p>`,
    '</body></html>',
  ].join('');
  const subject = before ? `Peer benchmark update: ${update.segmentLabel}` : `Your peer benchmark: ${update.segmentLabel}`;
  return { subject, text, html };
}

/**
 * The weekly digest (issue 13, point 5), as pure functions: which week a
 * sweep reports, and what the digest says. Like with like: each score is
 * compared with the one of the same depth before it (ScoringService.changeOf),
 * and a quick score is labelled with its page count.
 */
import { escapeHtml } from '../../escape-html.ts';
import { quickScoreLabel } from '../scoring/result-depth.ts';
import { describeDelta, type ScoreChange } from '../scoring/score-change.ts';
import type { ScoreSummary } from '../scoring/score-history.ts';
import { dayOf, type MailContent } from './score-decay-mail.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Scores listed in one digest; more are counted, not listed (the history has them all). */
export const DIGEST_SCORE_LIMIT = 50;

export interface IsoWeek {
  /** e.g. 2026-W47 */
  label: string;
  /** Monday 00:00 UTC. */
  start: Date;
  /** The next Monday 00:00 UTC (exclusive). */
  end: Date;
}

/** The ISO 8601 week (Monday to Sunday, UTC) that holds `at`. */
export function isoWeekOf(at: Date): IsoWeek {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const start = new Date(midnight - weekday * DAY_MS);
  // The week belongs to the year of its Thursday.
  const thursday = new Date(start.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { label: `${year}-W${String(week).padStart(2, '0')}`, start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The week a digest sent at `now` reports: the last whole ISO week before the current one. */
export function reportedWeek(now: Date): IsoWeek {
  return isoWeekOf(new Date(isoWeekOf(now).start.getTime() - DAY_MS));
}

/** A score of the week as its history lists it (pagesAnalyzed: null when the result does not say). */
export interface DigestScore extends Omit<ScoreSummary, 'productId' | 'createdAt'> {
  /** Against the product's (or address's) score of the same depth before it; null when unknown. */
  change: ScoreChange | null;
}

/** Moved dimensions named per score; the result page has the rest. */
export const DIGEST_MOVES_LISTED = 5;

/** One sentence on what changed since the score of the same depth before, or null when there is nothing to compare. */
export function changeSentence(change: ScoreChange | null): string | null {
  if (!change) return null;
  const quick = change.depth === 'quick';
  if (!change.previous || change.totalDelta === null) {
    return quick ? 'The first quick score of this product: not compared with full scores.' : 'The first score of this product.';
  }
  const since = `${describeDelta(change.totalDelta)} since ${quick ? 'the quick score of ' : ''}${dayOf(new Date(change.previous.createdAt))} (${change.previous.totalScore}, ${change.previous.stageName})`;
  if (change.moved.length === 0) return `${capitalise(since)}; no dimension moved.`;
  const listed = change.moved.slice(0, DIGEST_MOVES_LISTED).map((move) => `${move.dimensionName} ${move.from} to ${move.to}`);
  const more = change.moved.length > listed.length ? ` and ${change.moved.length - listed.length} more` : '';
  return `${capitalise(since)}; moved: ${listed.join(', ')}${more}.`;
}

/** " (Quick score: 6 pages read)" after a quick score's total; nothing after a full one. */
function quickNote(score: DigestScore): string {
  const label = quickScoreLabel({ depth: score.depth, pagesRead: score.pagesAnalyzed });
  return label ? ` (${label})` : '';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface DigestUsage {
  periodStart: string;
  periodEnd: string;
  scores: { used: number; limit: number | null };
  credits: { used: number; limit: number | null };
}

function usedOf(meter: { used: number; limit: number | null }): string {
  return meter.limit === null ? `${meter.used} (no limit)` : `${meter.used} of ${meter.limit}`;
}

export function weeklyDigestFor(week: IsoWeek, scores: DigestScore[], usage: DigestUsage, publicBaseUrl: string): MailContent {
  const listed = scores.slice(0, DIGEST_SCORE_LIMIT);
  const heading = `Your week ${week.label} (${dayOf(week.start)} to ${dayOf(new Date(week.end.getTime() - DAY_MS))}): ${scores.length} ${scores.length === 1 ? 'score' : 'scores'}.`;
  const lines = listed.map((score) => ({
    line: `${score.companyName ?? score.url}: ${score.totalScore}, ${score.stageName}${quickNote(score)}`,
    url: `${publicBaseUrl}/r/${score.id}`,
    change: changeSentence(score.change),
  }));
  const more = scores.length > listed.length ? `And ${scores.length - listed.length} more in your score history.` : null;
  const period = `Usage this billing period (${dayOf(new Date(usage.periodStart))} to ${dayOf(new Date(usage.periodEnd))}):`;
  const meters = [`Scores: ${usedOf(usage.scores)}`, `Credits: ${usedOf(usage.credits)}`];
  const text = [
    heading,
    '',
    ...lines.map((entry) => `- ${entry.line}: ${entry.url}${entry.change ? `\n  ${entry.change}` : ''}`),
    ...(more ? [more] : []),
    '',
    period,
    ...meters.map((meter) => `- ${meter}`),
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(heading)}</p>`,
    `<ul>${lines.map((entry) => `<li><a href="${escapeHtml(entry.url)}">${escapeHtml(entry.line)}</a>${entry.change ? `<br>${escapeHtml(entry.change)}` : ''}</li>`).join('')}</ul>`,
    more ? `<p>${escapeHtml(more)}</p>` : '',
    `<p>${escapeHtml(period)}</p>`,
    `<ul>${meters.map((meter) => `<li>${escapeHtml(meter)}</li>`).join('')}</ul>`,
    '</body></html>',
  ].join('');
  return { subject: `Your weekly digest: ${week.label}`, text, html };
}

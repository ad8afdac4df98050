/**
 * The score decay reminder (issue 13, point 5), as pure functions: when a
 * product's latest score counts as stale, and what the reminder says.
 */
import { escapeHtml } from '../../escape-html.ts';

/**
 * A score older than this is stale. 90 days is a quarter: teams plan and
 * ship in quarters, so after one a score no longer describes the product, and
 * a reminder sooner would nag accounts that score on a quarterly rhythm.
 */
export const SCORE_DECAY_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * A reminder is due while the latest score turned stale this recently. The
 * sweep runs daily, so one day would do; a week lets it catch up after
 * every instance was down for days. Beyond it, a product that went stale is
 * not reminded late (as trial mail is never sent late), and the sweep reads
 * only the scores that turned stale in the window, not every product's
 * history (issue 29).
 */
export const SCORE_DECAY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface DecayedScore {
  productId: string;
  productName: string;
  productUrl: string;
  resultId: string;
  totalScore: number;
  stageName: string;
  scoredAt: Date;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The day a score was made, as the mail names it (UTC, YYYY-MM-DD: unambiguous in every locale). */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function scoreDecayMailFor(score: DecayedScore, publicBaseUrl: string): MailContent {
  const resultUrl = `${publicBaseUrl}/r/${score.resultId}`;
  const days = Math.floor(SCORE_DECAY_AGE_MS / (24 * 60 * 60 * 1000));
  const summary = `The latest score of ${score.productName} (${score.productUrl}) is from ${dayOf(score.scoredAt)}, more than ${days} days ago: ${score.totalScore}, ${score.stageName}.`;
  const why = 'A score that old may no longer describe the product. Score it again to see where it stands now.';
  // The product's page in the app has the Rescore button; API clients get the call too.
  const productUrl = `${publicBaseUrl}/app/products/${score.productId}`;
  const how = `Rescore it from its page (one score from your plan): ${productUrl}`;
  const api = `Or through the API: POST /api/score/product with {"productId": "${score.productId}"}.`;
  const text = [summary, '', why, how, api, '', `The last result: ${resultUrl}`].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(summary)}</p>`,
    `<p>${escapeHtml(why)}</p>`,
    `<p><a href="${escapeHtml(productUrl)}">Rescore ${escapeHtml(score.productName)}</a> from its page (one score from your plan). ${escapeHtml(api)}</p>`,
    `<p><a href="${escapeHtml(resultUrl)}">${escapeHtml('The last result')}</a></p>`,
    '</body></html>',
  ].join('');
  return { subject: `Time to rescore ${score.productName}`, text, html };
}

/**
 * The mail that tells an account's owners and admins what changed beyond
 * normal variation (issue 28, item 3): one mail per detection, every anomaly in it,
 * the most severe first, each with its evidence before and after. Pure.
 */
import { escapeHtml } from '../../escape-html.ts';
import type { MailContent } from '../lifecycle-mail/score-decay-mail.ts';
import type { AnomalySide, DetectedAnomaly } from './anomaly-rules.ts';

export function anomalyMailFor(
  subjectName: string,
  anomalies: readonly (Pick<DetectedAnomaly, 'severity' | 'summary'> & { before: AnomalySide; after: AnomalySide })[],
  resultLink: string,
): MailContent {
  const ordered = [...anomalies].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'high' ? -1 : 1));
  const subject = `${subjectName}: ${ordered.length === 1 ? ordered[0]!.summary.replace(/\.$/, '') : `${ordered.length} changes beyond normal variation`}`;
  const items = ordered.map((anomaly) => ({
    headline: `${anomaly.severity === 'high' ? 'High' : 'Medium'}: ${anomaly.summary}`,
    before: `Before: ${anomaly.before.evidence}`,
    after: `Now: ${anomaly.after.evidence}`,
  }));
  const intro = `${subjectName}: ${ordered.length === 1 ? 'a change' : `${ordered.length} changes`} beyond normal variation.`;
  const text = [intro, ...items.map((item) => `${item.headline}\n${item.before}\n${item.after}`), `Where to look: ${resultLink}`].join('\n\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>${escapeHtml(intro)}</p>`,
    ...items.map((item) => `<p><strong>${escapeHtml(item.headline)}</strong><br>${escapeHtml(item.before)}<br>${escapeHtml(item.after)}</p>`),
    `<p><a href="${escapeHtml(resultLink)}">Where to look</a></p>`,
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

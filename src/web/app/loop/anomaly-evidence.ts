/**
 * One anomaly as people read it (issue 28, item 3): how serious, what
 * changed, when it was found, and what was shown before and what is shown
 * now. The product page's "Changes to look at" and the Changes page both
 * show it so; `children` adds what a list needs beside it (its state, its
 * buttons).
 */
import type { Anomaly } from '../../../modules/anomalies/anomaly-service.ts';
import type { AnomalySeverity } from '../../../modules/anomalies/anomaly-rules.ts';
import { html, type ComponentChildren } from '../../view.ts';
import { ScoreMoment } from '../dashboard/score-dates.ts';

export const SEVERITY_WORDS: Readonly<Record<AnomalySeverity, string>> = { high: 'High', medium: 'Medium' };

export function AnomalyEvidence({ anomaly, children }: { anomaly: Anomaly; children?: ComponentChildren }) {
  return html`<p><strong>${SEVERITY_WORDS[anomaly.severity]}:</strong> ${anomaly.summary}${children}</p>
    <p class="muted">Found <${ScoreMoment} iso=${anomaly.detectedAt.toISOString()} />. Before: ${anomaly.before.evidence}</p>
    <p class="muted">Now: ${anomaly.after.evidence}</p>`;
}

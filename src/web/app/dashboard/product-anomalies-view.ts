/**
 * The product page's "Changes to look at": the product's anomalies still open
 * or acknowledged (issue 28, item 3), most recent first, each with what was
 * shown before and what is shown now, so a leader sees the drop and
 * its evidence without leaving the page. Resolved ones are left out: a later
 * score mended them, or someone dealt with them.
 */
import type { Anomaly } from '../../../modules/anomalies/anomaly-service.ts';
import { html } from '../../view.ts';
import { ScoreMoment } from './score-dates.ts';

export function ProductAnomaliesSection({ anomalies }: { anomalies: readonly Anomaly[] }) {
  if (anomalies.length === 0) return null;
  return html`<section aria-labelledby="anomalies-heading" data-anomalies>
    <h2 id="anomalies-heading">Changes to look at</h2>
    <p class="muted">What changed beyond normal variation: a level lost, the total down, a page with evidence gone, or a measured signal outside its usual band.</p>
    <ul class="anomaly-list">
      ${anomalies.map(
        (anomaly) => html`<li data-anomaly=${anomaly.kind}>
          <p><strong>${anomaly.severity === 'high' ? 'High' : 'Medium'}:</strong> ${anomaly.summary}
            ${anomaly.state === 'acknowledged' ? html` <span class="muted">(acknowledged)</span>` : null}</p>
          <p class="muted">Found <${ScoreMoment} iso=${anomaly.detectedAt.toISOString()} />. Before: ${anomaly.before.evidence}</p>
          <p class="muted">Now: ${anomaly.after.evidence}</p>
        </li>`,
      )}
    </ul>
  </section>`;
}

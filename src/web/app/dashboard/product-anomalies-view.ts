/**
 * The product page's "Changes to look at": the product's anomalies still open
 * or acknowledged (issue 28, item 3), most recent first, each with what was
 * shown before and what is shown now, so a leader sees the drop and
 * its evidence without leaving the page. Resolved ones are left out: a later
 * score mended them, or someone dealt with them. Acknowledging and resolving
 * are on the Changes page (/app/anomalies), which the section links to.
 */
import type { Anomaly } from '../../../modules/anomalies/anomaly-service.ts';
import { html } from '../../view.ts';
import { APP_PATHS } from '../app-layout.ts';
import { AnomalyEvidence } from '../loop/anomaly-evidence.ts';

export function ProductAnomaliesSection({ anomalies }: { anomalies: readonly Anomaly[] }) {
  if (anomalies.length === 0) return null;
  return html`<section aria-labelledby="anomalies-heading" data-anomalies>
    <h2 id="anomalies-heading">Changes to look at</h2>
    <p class="muted">What changed beyond normal variation: a level lost, the total down, a page with evidence gone, or a measured signal outside its usual band.</p>
    <ul class="anomaly-list">
      ${anomalies.map(
        (anomaly) => html`<li data-anomaly=${anomaly.kind}>
          <${AnomalyEvidence} anomaly=${anomaly}>${anomaly.state === 'acknowledged' ? html` <span class="muted">(acknowledged)</span>` : null}<//>
        </li>`,
      )}
    </ul>
    <p><a href=${APP_PATHS.changes}>Acknowledge or resolve them on the Changes page</a></p>
  </section>`;
}

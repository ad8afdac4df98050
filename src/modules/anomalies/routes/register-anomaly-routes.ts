import type { App } from '../../../http/app-types.ts';
import type { AnomalyService } from '../anomaly-service.ts';
import { registerGetAnomalies } from './get-anomalies.ts';
import { registerPatchAnomaly } from './patch-anomaly.ts';

/** The Anomalies routes (issue 28, item 3). */
export function registerAnomalyRoutes(app: App, deps: { anomalies: AnomalyService; publicBaseUrl: string }): void {
  registerGetAnomalies(app, deps);
  registerPatchAnomaly(app, deps);
}

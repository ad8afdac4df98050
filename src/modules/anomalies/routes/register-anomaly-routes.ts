import type { App } from '../../../http/app-types.ts';
import type { AnomalyService } from '../anomaly-service.ts';
import type { SlackAlerts } from '../slack-alerts.ts';
import { registerDeleteSlackTarget } from './delete-slack-target.ts';
import { registerGetAnomalies } from './get-anomalies.ts';
import { registerGetSlackTarget } from './get-slack-target.ts';
import { registerPatchAnomaly } from './patch-anomaly.ts';
import { registerPutSlackTarget } from './put-slack-target.ts';

/** The Anomalies routes (issue 28, item 3). The Slack routes come first: `slack` is not an anomaly's id. */
export function registerAnomalyRoutes(app: App, deps: { anomalies: AnomalyService; slack: SlackAlerts; publicBaseUrl: string }): void {
  registerGetSlackTarget(app, deps);
  registerPutSlackTarget(app, deps);
  registerDeleteSlackTarget(app, deps);
  registerGetAnomalies(app, deps);
  registerPatchAnomaly(app, deps);
}

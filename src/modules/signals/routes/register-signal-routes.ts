/** The signals API (/api/signals, /api/signal-types), one endpoint a file, gathered so the composition root stays short. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import type { SignalService } from '../signal-service.ts';
import { registerGetSignals } from './get-signals.ts';
import { registerListSignalTypes } from './list-signal-types.ts';
import { registerPostSignals } from './post-signals.ts';
import { registerPutSignalType } from './put-signal-type.ts';

export function registerSignalRoutes(app: App, deps: { signals: SignalService; admissionGate: AdmissionGate }): void {
  registerPostSignals(app, deps);
  registerGetSignals(app, deps);
  registerPutSignalType(app, deps);
  registerListSignalTypes(app, deps);
}

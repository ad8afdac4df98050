/** The feedback API: giving and reading feedback on a result. Gathered for the composition root. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import type { FeedbackService } from '../feedback-service.ts';
import { registerGetFeedback } from './get-feedback.ts';
import { registerPostFeedback } from './post-feedback.ts';

export function registerFeedbackRoutes(app: App, deps: { feedback: FeedbackService; admissionGate: Pick<AdmissionGate, 'throttle'> }): void {
  registerPostFeedback(app, deps);
  registerGetFeedback(app, { feedback: deps.feedback });
}

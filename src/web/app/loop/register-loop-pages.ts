/** The loop's pages (issue 28, item 6): the Changes page (/app/anomalies) and the forms of its buttons. */
import type { App } from '../../../http/app-types.ts';
import { registerAnomalyStateSubmit } from './anomaly-state-submit.ts';
import { registerChangesPage } from './changes-page.ts';
import type { LoopDeps } from './loop-deps.ts';

export type { LoopDeps };

export function registerLoopPages(app: App, deps: LoopDeps): void {
  registerChangesPage(app, deps);
}

/** Registered in the scope that parses form bodies (register-pages.ts). */
export function registerLoopForms(forms: App, deps: LoopDeps): void {
  registerAnomalyStateSubmit(forms, deps);
}

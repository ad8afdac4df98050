/** The loop's pages (issue 28, item 6): Changes (/app/anomalies), Moves (/app/moves) and Intelligence (/app/intelligence), and their forms. */
import type { App } from '../../../http/app-types.ts';
import { registerAnomalyStateSubmit } from './anomaly-state-submit.ts';
import { registerChangesPage } from './changes-page.ts';
import { registerIntelligencePage } from './intelligence-page.ts';
import type { LoopDeps } from './loop-deps.ts';
import { registerMoveApproveSubmit } from './move-approve-submit.ts';
import { registerMoveDismissSubmit } from './move-dismiss-submit.ts';
import { registerMoveSettingsSubmit } from './move-settings-submit.ts';
import { registerMovesPage } from './moves-page.ts';

export type { LoopDeps };

export function registerLoopPages(app: App, deps: LoopDeps): void {
  registerChangesPage(app, deps);
  registerMovesPage(app, deps);
  registerIntelligencePage(app, deps);
}

/** Registered in the scope that parses form bodies (register-pages.ts). */
export function registerLoopForms(forms: App, deps: LoopDeps): void {
  registerAnomalyStateSubmit(forms, deps);
  registerMoveSettingsSubmit(forms, deps);
  registerMoveApproveSubmit(forms, deps);
  registerMoveDismissSubmit(forms, deps);
}

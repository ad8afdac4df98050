import type { App } from '../../../http/app-types.ts';
import type { MoveService } from '../move-service.ts';
import { registerApproveMove } from './approve-move.ts';
import { registerDismissMove } from './dismiss-move.ts';
import { registerGetIntelligence } from './get-intelligence.ts';
import { registerGetMoveSettings } from './get-move-settings.ts';
import { registerGetMoves } from './get-moves.ts';
import { registerPutMoveSettings } from './put-move-settings.ts';

/** The Moves and Intelligence routes (issue 28, items 4 and 5). The settings come first: `settings` is not a move's id. */
export function registerMoveRoutes(app: App, deps: { moves: MoveService }): void {
  registerGetMoveSettings(app, deps);
  registerPutMoveSettings(app, deps);
  registerGetMoves(app, deps);
  registerApproveMove(app, deps);
  registerDismissMove(app, deps);
  registerGetIntelligence(app, deps);
}

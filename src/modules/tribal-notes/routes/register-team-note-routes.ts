/** The team notes API (/api/team-notes), one endpoint a file, gathered so the composition root stays short. */
import type { App } from '../../../http/app-types.ts';
import type { TribalNoteService } from '../tribal-note-service.ts';
import { registerDeleteTeamNote } from './delete-team-note.ts';
import { registerListTeamNotes } from './list-team-notes.ts';
import { registerPostTeamNote } from './post-team-note.ts';

export function registerTeamNoteRoutes(
  app: App,
  deps: { notes: TribalNoteService; productInAccount: (accountId: string, productId: string) => Promise<boolean> },
): void {
  registerPostTeamNote(app, deps);
  registerListTeamNotes(app, deps);
  registerDeleteTeamNote(app, deps);
}

/** The sources API (/api/sources...), one endpoint a file; this only gathers them, so the composition root stays short. */
import type { App } from '../../../http/app-types.ts';
import type { SourceConnections } from '../source-connections.ts';
import { registerConnectSource } from './connect-source.ts';
import { registerDeleteSource } from './delete-source.ts';
import { registerListSourceResources } from './list-source-resources.ts';
import { registerListSources, type FedSummary } from './list-sources.ts';
import { registerPutSourceScopes } from './put-source-scopes.ts';
import { registerSourceCallback } from './source-callback.ts';
import { registerSyncSource } from './sync-source.ts';

export function registerSourceRoutes(app: App, deps: { sources: SourceConnections; fedSummary: FedSummary }): void {
  registerListSources(app, deps);
  registerConnectSource(app, deps);
  registerSourceCallback(app, deps);
  registerListSourceResources(app, deps);
  registerPutSourceScopes(app, deps);
  registerSyncSource(app, deps);
  registerDeleteSource(app, deps);
}

/** Settings: the account (rename, delete), the team and API keys (issue 14, point 4). */
import type { App } from '../../../http/app-types.ts';
import type { ApiKeyService } from '../../../modules/api-keys/api-key-service.ts';
import type { AppPageDeps } from '../app-visit.ts';
import { registerAccountPage } from './account-page.ts';
import { registerApiKeysPage } from './api-keys-page.ts';
import { registerTeamPage } from './team-page.ts';

export interface SettingsDeps extends AppPageDeps {
  apiKeys: ApiKeyService;
}

export function registerSettingsPages(app: App, deps: SettingsDeps): void {
  registerAccountPage(app, deps);
  registerTeamPage(app, deps);
  registerApiKeysPage(app, deps);
}

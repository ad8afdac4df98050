/** Settings: the account (rename, delete), the team, API keys (issue 14, point 4) and webhooks (issue 23, part 7). */
import type { App } from '../../../http/app-types.ts';
import type { InvitationService } from '../../../modules/accounts/invitations.ts';
import type { ApiKeyService } from '../../../modules/api-keys/api-key-service.ts';
import type { WebhookDeliveries } from '../../../modules/webhooks/webhook-deliveries.ts';
import type { WebhookService } from '../../../modules/webhooks/webhook-service.ts';
import type { AppPageDeps } from '../app-visit.ts';
import { registerAccountPage } from './account-page.ts';
import { registerApiKeysPage } from './api-keys-page.ts';
import { registerTeamPage } from './team-page.ts';
import { registerWebhooksPage } from './webhooks-page.ts';
import { registerSourcesPage } from './sources-page.ts';
import type { SourceConnections } from '../../../modules/integrations/source-connections.ts';
import type { ProductService } from '../../../modules/products/product-service.ts';
import type { SignalService } from '../../../modules/signals/signal-service.ts';

export interface SettingsDeps extends AppPageDeps {
  apiKeys: ApiKeyService;
  webhooks: WebhookService;
  webhookDeliveries: WebhookDeliveries;
  invitations: InvitationService;
  sources: SourceConnections;
  signals: SignalService;
  products: ProductService;
}

export function registerSettingsPages(app: App, deps: SettingsDeps): void {
  registerAccountPage(app, deps);
  registerTeamPage(app, deps);
  registerApiKeysPage(app, deps);
  registerWebhooksPage(app, deps);
  registerSourcesPage(app, deps);
}

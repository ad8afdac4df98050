/**
 * buildApp(config, deps): the one composition root. Every infrastructure
 * concern (database, clock, identity, payment provider, ...) is chosen here,
 * from the configuration or from what a test hands in, and every module is
 * wired to its collaborators here and nowhere else.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { installApiDocument } from './http/api-document.ts';
import type { App } from './http/app-types.ts';
import { installAuthentication, type RouteAccess } from './http/authentication.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { registerHealthRoutes } from './http/health.ts';
import { installMetrics } from './http/metrics.ts';
import { loadOrCreateDevKey, type DevSigningKey } from './identity/dev-identity.ts';
import { createTokenVerifier } from './identity/token-verifier.ts';
import { AccountService } from './modules/accounts/account-service.ts';
import { registerDeleteAccount } from './modules/accounts/routes/delete-account.ts';
import { registerGetAccount } from './modules/accounts/routes/get-account.ts';
import { registerListMembers } from './modules/accounts/routes/list-members.ts';
import { registerPutAccount } from './modules/accounts/routes/put-account.ts';
import { BillingService, CANCEL_SUBSCRIPTION_TOPIC } from './modules/billing/billing-service.ts';
import {
  createStripeClient,
  LocalPaymentProvider,
  StripePaymentProvider,
  type PaymentProvider,
} from './modules/billing/payment-provider.ts';
import { IntegrationService, REVOKE_TOKEN_TOPIC, revokeToken } from './modules/integrations/integration-service.ts';
import { registerGetAssessmentMetadata } from './modules/metadata/get-assessment-metadata.ts';
import { Outbox } from './outbox/outbox.ts';
import { registerHomePage } from './web/home-page.ts';
import { registerSignInPages } from './web/sign-in-pages.ts';

/** What a caller (main, the CLI, a test) may hand in instead of what the configuration selects. */
export interface AppDependencies {
  clock?: Clock;
  /** An opened database; the app then leaves closing it to the caller. */
  database?: DatabaseHandle;
  paymentProvider?: PaymentProvider;
  /** Background pollers (the outbox); tests drive them by hand. Default true. */
  backgroundWork?: boolean;
}

export interface Services {
  accounts: AccountService;
  billing: BillingService;
  integrations: IntegrationService;
  outbox: Outbox;
}

export interface BuiltApp {
  app: App;
  services: Services;
  database: DatabaseHandle;
  devKey: DevSigningKey | null;
  /** Every route with who may call it. */
  routes: RouteAccess[];
}

export async function buildApp(config: Config, deps: AppDependencies = {}): Promise<BuiltApp> {
  const clock = deps.clock ?? systemClock;
  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, schema: config.databaseSchema }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), schema: config.databaseSchema },
    ));
  await migrate(database);
  const devKey = config.identity.jwksUrl ? null : await loadOrCreateDevKey(config.dataDir);

  const app: App = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    ajv: { customOptions: { coerceTypes: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // An empty JSON body is an absent body: routes then report the missing field by name.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  await app.register(cookie);
  await app.register(formbody);
  installErrorHandling(app);
  await installApiDocument(app, config.publicBaseUrl);
  installMetrics(app);

  // Services.
  const log = app.log;
  const outbox = new Outbox(database.db, clock, log);
  const paymentProvider =
    deps.paymentProvider ??
    (config.payments.stripeSecretKey
      ? new StripePaymentProvider(createStripeClient({ secretKey: config.payments.stripeSecretKey, apiBase: config.payments.stripeApiBase }))
      : new LocalPaymentProvider());
  const billing = new BillingService({ db: database.db, provider: paymentProvider });
  const integrations = new IntegrationService();
  const accounts = new AccountService({
    db: database.db,
    clock,
    outbox,
    hooks: { onAccountCreated: (tx, accountId) => billing.createRecord(tx, accountId) },
    erasureParticipants: [billing, integrations],
  });
  outbox.on(CANCEL_SUBSCRIPTION_TOPIC, (payload) => billing.cancelSubscription(payload));
  outbox.on(REVOKE_TOKEN_TOPIC, revokeToken);

  const verifier = createTokenVerifier(config.identity, devKey, clock, (reason) => log.debug({ reason }, 'token rejected'));
  const routes = installAuthentication(app, { verifier, resolveAccount: (identity) => accounts.resolve(identity) });

  // Routes, grouped by resource.
  registerHealthRoutes(app, [{ name: 'database', check: () => database.ping() }]);
  registerGetAccount(app, { accounts, billing });
  registerPutAccount(app, { accounts });
  registerDeleteAccount(app, { accounts });
  registerListMembers(app, { accounts });
  registerGetAssessmentMetadata(app);
  registerHomePage(app);
  registerSignInPages(app, { config, devKey, clock });
  if (devKey) {
    const jwks = { keys: [devKey.publicJwk] };
    app.get('/.well-known/jwks.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => jwks);
  }

  if (deps.backgroundWork !== false) {
    app.addHook('onReady', async () => outbox.start(config.outboxPollMs));
  }
  app.addHook('onClose', async () => {
    await outbox.stop();
    if (ownsDatabase) await database.close();
  });

  return { app, services: { accounts, billing, integrations, outbox }, database, devKey, routes };
}

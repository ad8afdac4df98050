/**
 * The API document: OpenAPI 3.1 generated from the route schemas (with the
 * statuses every route can answer, documented-responses.ts) at
 * GET /api/openapi.json. The reference page people read, /docs, is drawn
 * from it by web/pages/api-reference-page.ts.
 */
import swagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransformObject } from '@fastify/swagger';
import type { App, AuthMode } from './app-types.ts';
import { finishApiDocument } from './api-document-shape.ts';
import { documentedResponses } from './documented-responses.ts';

export const API_VERSION = '0.1.0';

const SECURITY_BY_AUTH: Record<AuthMode, Record<string, string[]>[] | undefined> = {
  // An explicit empty list: the operation needs no credential (a document-wide default could otherwise apply).
  public: [],
  optional: [{}, { bearerAuth: [] }, { sessionCookie: [] }],
  required: [{ bearerAuth: [] }, { sessionCookie: [] }],
  page: [{}, { sessionCookie: [] }],
};

/**
 * Must run before any route is registered: the document is built from routes
 * as they are added. `webhooks` is the OpenAPI 3.1 description of the
 * requests we send to subscribers' endpoints.
 */
export async function installApiDocument(app: App, publicBaseUrl: string, webhooks: Record<string, unknown>): Promise<void> {
  // The routes that honour Idempotency-Key, as the document spells them ("POST /api/score"), gathered as transform meets them.
  const idempotentOperations = new Set<string>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Maturity Scoring and Coaching Service',
        version: API_VERSION,
        description:
          'Scores the product maturity of a company from its web address on 27 dimensions, each backed by evidence quoted from the site, and coaches on the result.',
      },
      servers: [{ url: publicBaseUrl }],
      // Built from TypeBox schemas, which are JSON Schema as 3.1 takes it, not the openapi-types shapes the plugin declares.
      webhooks: webhooks as Extract<NonNullable<FastifyDynamicSwaggerOptions['openapi']>, { webhooks?: unknown }>['webhooks'],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session JWT from the identity provider, or an API key (Business and Enterprise).' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: '__session' },
        },
      },
    },
    transform: ({ schema, url, route }) => {
      if (schema?.hide) return { schema, url };
      const security = SECURITY_BY_AUTH[route.config?.auth ?? 'public'];
      const documented = { ...schema, response: documentedResponses(route) };
      if ((route.config as { idempotent?: boolean } | undefined)?.idempotent) {
        for (const method of [route.method].flat()) idempotentOperations.add(`${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
      }
      return { schema: security ? { ...documented, security } : documented, url };
    },
    // This app writes OpenAPI (never Swagger 2), so the document is always openapiObject.
    transformObject: (document) =>
      finishApiDocument((document as { openapiObject: Record<string, unknown> }).openapiObject, idempotentOperations) as ReturnType<SwaggerTransformObject>,
  });

  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

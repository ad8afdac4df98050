import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineReferences } from '../../src/http/api-document-shape.ts';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Routes that are not part of the API: pages, assets, probes' internals. */
const UNDOCUMENTED =
  /^\/(app(\/|$)|docs|sign-in|sign-up|sign-out|try|r\/|demo|compare|pricing|unsubscribe|invitations\/|dev\/inbox|assets\/|metrics|\.well-known|api\/openapi\.json|$)/;

describe('API document', () => {
  it('is OpenAPI 3.1 with version 0.1.0 and covers every API route that exists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(item)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const missing = t.routes
      .filter((route) => !UNDOCUMENTED.test(route.url) && !route.url.includes('*'))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect(documented.has('GET /api/account')).toBe(true);
  });

  it('marks protected operations with their security requirements', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/account'].get.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(document.paths['/healthz'].get.security).toEqual([]);
  });

  it('serves a reference page at /docs, drawn from the document, whose styles all come from this service and that runs no script of its own', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // What the page loads: scripts, stylesheets and the icon (links to pages, canonical and social tags are not loaded).
    const assets = [...page.body.matchAll(/<script[^>]* src="([^"]+)"|<link rel="(?:stylesheet|icon)" href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/docs').pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    // Every operation of the document is listed, linked to its resource's page, where it is in full.
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
    const pages = new Map<string, string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const section = `/docs/${operation.tags![0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
        const anchor = `${method}-${path
          .replace(/[^a-z0-9]+/gi, '-')
          .replace(/^-|-$/g, '')
          .toLowerCase()}`;
        expect(page.body, `${method} ${path}`).toContain(`href="${section}#${anchor}"`);
        if (!pages.has(section)) {
          const sectionPage = await t.app.inject({ method: 'GET', url: section });
          expect(sectionPage.statusCode, section).toBe(200);
          pages.set(section, sectionPage.body);
        }
        expect(pages.get(section), `${method} ${path}`).toContain(`id="${anchor}"`);
      }
    }
    expect(pages.get('/docs/scoring')).toContain('<code class="schema-name">url</code>');
    expect(page.body).toContain('href="/api/openapi.json"');
    expect((await t.app.inject({ method: 'GET', url: '/docs/webhooks-we-send' })).body).toContain('id="webhook-plan-changed"');
    expect((await t.app.inject({ method: 'GET', url: '/docs/no-such-resource', headers: { accept: 'text/html' } })).statusCode).toBe(404);
    // Swagger UI's old address leads to the page.
    const old = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe('/docs');
  });
});

type Operation = { requestBody?: unknown; responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> };
interface JsonSchema {
  type?: string;
  required?: string[];
  properties?: Record<string, JsonSchema>;
}

describe('API document: every status a route can answer', () => {
  async function operations(): Promise<[string, string, Operation][]> {
    // The shared error shapes and headers are components; these checks read them in place.
    const document = inlineReferences((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]): [string, string, Operation] => [method.toUpperCase(), path, operation]),
    );
  }

  const isFlat = (schema: JsonSchema | undefined) =>
    schema?.type === 'object' &&
    ['error', 'code', 'message'].every((field) => schema.required?.includes(field) && schema.properties?.[field]?.type === 'string');
  const isNested = (schema: JsonSchema | undefined) =>
    schema?.type === 'object' &&
    schema.required?.includes('error') === true &&
    ['code', 'message', 'action', 'retryable'].every((field) => schema.properties?.error?.required?.includes(field));

  it('declares 414 and 431 with the flat body on every operation, and gives every JSON error the flat or the nested shape', async () => {
    const missing: string[] = [];
    const misshapen: string[] = [];
    for (const [method, path, operation] of await operations()) {
      for (const status of ['414', '431']) {
        if (!isFlat(operation.responses[status]?.content?.['application/json']?.schema)) missing.push(`${method} ${path} ${status}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const schema = response.content?.['application/json']?.schema;
        // The readiness probe's 503 is its report (which checks failed), not an error.
        if (path === '/readyz' && status === '503') continue;
        if (Number(status) >= 400 && schema && !isFlat(schema) && !isNested(schema)) misshapen.push(`${method} ${path} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(misshapen).toEqual([]);
  });

  it('declares 413 and 415 on every operation that takes a body', async () => {
    const withBodies = (await operations()).filter(([method]) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method));
    expect(withBodies.map(([method, path]) => `${method} ${path}`)).toEqual(expect.arrayContaining(['PUT /api/account', 'POST /api/score', 'POST /api/keys']));
    const missing = withBodies.flatMap(([method, path, operation]) =>
      ['400', '413', '415']
        .filter((status) => !isFlat(operation.responses[status]?.content?.['application/json']?.schema))
        .map((status) => `${method} ${path} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it("declares the local checkout pages' 400 (flat body) and 404 (an HTML page)", async () => {
    const checkout = (await operations()).filter(([, path]) => path === '/payment/local-checkout');
    expect(checkout.map(([method]) => method).sort()).toEqual(['GET', 'POST']);
    for (const [method, , operation] of checkout) {
      expect(isFlat(operation.responses['400']?.content?.['application/json']?.schema), method).toBe(true);
      expect(operation.responses['404']?.content?.['text/html'], method).toBeDefined();
    }
  });
});

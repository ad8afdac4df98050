import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Routes that are not part of the API: pages, assets, probes' internals. */
const UNDOCUMENTED = /^\/(docs|sign-in|sign-up|sign-out|metrics|\.well-known|api\/openapi\.json|$)/;

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
    expect(document.paths['/healthz'].get.security).toBeUndefined();
  });

  it('serves a reference page at /docs whose scripts and styles all come from this service', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(asset, asset).not.toMatch(/^(https?:)?\/\//);
    for (const asset of assets.filter((a) => a.endsWith('.js') || a.endsWith('.css'))) {
      const url = new URL(asset, 'http://localhost/docs/').pathname;
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

import { MEASURED_SIGNAL_TYPES } from '../../../framework/measured-signals.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../../framework/dimensions.ts';
import { SIGNAL_TYPES } from '../../../framework/signal-types.ts';
import { FRAMEWORK_VERSION } from '../../../framework/version.ts';
import { SPEC_DIMENSION_IDS } from '../../../../test/spec-constants.ts';
import { AUTH_REQUIRED_BODY, startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  headers = await t.authHeaders({ sub: 'meta_user' });
});
afterAll(() => t.close());

describe('GET /api/assessment/metadata', () => {
  it('answers the framework: 27 dimensions with unique ids including the spec 24, six functions, six stages, segments, signal types, version and tier bands', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.frameworkVersion).toBe(FRAMEWORK_VERSION);
    expect(body.dimensions).toHaveLength(27);
    const ids = body.dimensions.map((d: { id: string }) => d.id);
    expect(new Set(ids).size).toBe(27);
    expect(ids).toEqual(expect.arrayContaining(SPEC_DIMENSION_IDS));
    expect(body.functions).toEqual(['strategy', 'design', 'development', 'intelligence', 'operations', 'gtm']);
    expect(body.lifecycleStages).toEqual(['specify', 'context', 'orchestrate', 'validate', 'ship', 'compound']);
    for (const d of body.dimensions) {
      expect(body.functions).toContain(d.function);
      expect(d.name).toBe(DIMENSIONS.find((x) => x.id === d.id)!.name);
    }
    expect(body.segments.length).toBeGreaterThan(0);
    for (const segment of body.segments) expect(Object.keys(segment).sort()).toEqual(['key', 'label']);
    // The site's types, then the measured ones (issue 27).
    expect(body.signalTypes).toEqual([...SIGNAL_TYPES, ...MEASURED_SIGNAL_TYPES.map((entry) => entry.type)]);
    for (const type of body.signalTypes) expect(type).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/);
    expect(body.tierBands.map((b: { stageName: string }) => b.stageName)).toEqual(['Foundation', 'Building', 'Scaling', 'Leading', 'Compounding']);
    expect(body.tierBands[0].minTotal).toBe(27);
    expect(body.tierBands.at(-1).maxTotal).toBe(108);
  });

  it('sends an ETag and answers 304 with no body to a matching If-None-Match (also in a list, weak, or *)', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    for (const ifNoneMatch of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const cached = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers: { ...headers, 'if-none-match': ifNoneMatch } });
      expect(cached.statusCode, ifNoneMatch).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(etag);
    }
    const stale = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers: { ...headers, 'if-none-match': '"1.0.0-stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('requires authentication, even with a matching ETag', async () => {
    const etag = (await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers })).headers.etag as string;
    const response = await t.app.inject({ method: 'GET', url: '/api/assessment/metadata', headers: { 'if-none-match': etag } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED_BODY);
  });
});

/** /r/<id> for an id that names no result: a 404 page, whether the id is well formed or not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /r/<id> without a result', () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-result', "1';drop table x;--"]) {
    it(`answers the 404 page for ${JSON.stringify(id)}`, async () => {
      const response = await t.app.inject({ method: 'GET', url: `/r/${encodeURIComponent(id)}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('We could not find that result');
      expect(response.body).toContain('<meta name="robots" content="noindex"/>');
    });
  }
});

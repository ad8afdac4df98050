import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /api/og', () => {
  it('answers 404 NOT_FOUND, as JSON, for an id no result has', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/og?id=9b2f8c1e-0000-4000-8000-000000000000' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ error: 'Not found', code: 'NOT_FOUND', message: 'No scoring result has this id.' });
  });

  it('answers 400 INVALID_REQUEST naming the field for an id that is not a uuid, before any lookup', async () => {
    for (const id of ['not-a-uuid', '', '------------------------------------', "1'%20OR%20'1'='1"]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/og?id=${id}` });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_REQUEST', details: [{ field: expect.stringContaining('id') }] });
    }
  });
});

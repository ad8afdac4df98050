import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await startTestApp();
  headers = await t.authHeaders({ sub: 'u_err', account: 'org_err', role: 'admin' });
});
afterAll(() => t.close());

describe('PUT /api/account errors', () => {
  const invalidBodies: [string, unknown, string][] = [
    ['a missing name', {}, 'body.name'],
    ['a name that is not a string', { name: 42 }, 'body.name'],
    ['an empty name', { name: '' }, 'body.name'],
    ['a name of only spaces', { name: '    ' }, 'body.name'],
    ['a name of 101 characters', { name: 'y'.repeat(101) }, 'body.name'],
    ['a body that is not an object', ['Acme'], 'body'],
  ];
  for (const [label, payload, field] of invalidBodies) {
    it(`answers 400 INVALID_REQUEST naming ${field} for ${label}`, async () => {
      const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers, payload: payload as object });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ error: 'Invalid request', code: 'INVALID_REQUEST' });
      expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  }

  it('answers 400 for malformed JSON, and the name is unchanged', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"name": "Half',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Invalid request', code: 'INVALID_REQUEST', message: 'The body is not valid JSON.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name).toBe(before);
  });

  it('answers 413 for an oversized body', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'z'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/account', headers: { ...headers, 'content-type': 'text/csv' }, payload: 'name\nAcme' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 415 for a form-encoded body, which a cross-site form could send with the session cookie', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Forged',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers })).json().name).not.toBe('Forged');
  });
});

describe('unknown routes and unexpected failures', () => {
  it('answers 404 NOT_FOUND in the flat shape for an unknown route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' });
  });
});

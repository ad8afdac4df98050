/**
 * Errors the HTTP layer gives before a route's handler runs: bodies that are
 * not JSON (415), an over-long URL (414 from the router, 431 from Node's
 * parser), oversized headers (431), a malformed URL or request (400). Each
 * answers the catalogue's flat body, with a `code`, over a real socket too.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../harness.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  port = Number(new URL(await t.listen()).port);
});
afterAll(() => t.close());

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` as is on a new connection and reads the whole answer (the request asks for the connection to close). */
function rawRequest(request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const get = (target: string, extraHeaders = '') => rawRequest(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraHeaders}Connection: close\r\n\r\n`);

function expectFlatBody(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body);
  expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message']);
  expect(body.code).toBe(code);
  expect(typeof body.error).toBe('string');
  expect(body.message.length).toBeGreaterThan(5);
}

describe('over a real socket', () => {
  it('answers 414 URI_TOO_LONG with the flat body for a path parameter over the router limit', async () => {
    expectFlatBody(await get(`/api/score/${'a'.repeat(500)}`), 414, 'URI_TOO_LONG');
  });

  it('answers 431 HEADERS_TOO_LARGE with the flat body for oversized headers', async () => {
    expectFlatBody(await get('/api/account', `X-Filler: ${'h'.repeat(20_000)}\r\n`), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers 431 HEADERS_TOO_LARGE with the flat body for a URL longer than the header limit', async () => {
    expectFlatBody(await get(`/api/scores?filler=${'q'.repeat(20_000)}`), 431, 'HEADERS_TOO_LARGE');
  });

  it('answers 400 INVALID_REQUEST with the flat body for a malformed percent-encoding in the path', async () => {
    expectFlatBody(await get('/api/score/%E0%A4%A'), 400, 'INVALID_REQUEST');
  });

  it('answers 400 INVALID_REQUEST with the flat body for a request that is not HTTP', async () => {
    expectFlatBody(await rawRequest('HELLO THERE\r\n\r\n'), 400, 'INVALID_REQUEST');
  });
});

describe('bodies that are not JSON', () => {
  /** Every API route that takes a body, with its path parameters filled in. */
  const bodyRoutes = () =>
    t.routes
      .filter((route) => route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
      // The webhook takes any bytes: it verifies the signature over the raw body.
      .filter((route) => route.url !== '/api/payment/webhook')
      .map((route) => ({ method: route.method as 'POST', url: route.url.replace(/:\w+/g, '9b2f8c1e-0000-4000-8000-000000000000') }));

  it('answers 415 UNSUPPORTED_MEDIA_TYPE on every API route that takes a body for text/plain and other types, and nothing changes', async () => {
    const routes = bodyRoutes();
    for (const expected of ['PUT /api/account', 'POST /api/score', 'POST /api/keys', 'POST /api/products', 'DELETE /api/account/delete']) {
      expect(routes.map((route) => `${route.method} ${route.url}`)).toContain(expected);
    }
    const auth = await t.authHeaders({ sub: 'media_owner', account: 'org_media', role: 'owner' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json();
    for (const [contentType, payload] of [
      ['text/plain', '{"name":"Acme"}'],
      ['text/plain; charset=utf-8', 'Acme'],
      ['application/xml', '<name>Acme</name>'],
    ] as const) {
      for (const route of routes) {
        const response = await t.app.inject({ ...route, headers: { ...auth, 'content-type': contentType }, payload });
        const label = `${route.method} ${route.url} with ${contentType}`;
        expect(response.statusCode, label).toBe(415);
        expect(response.json(), label).toEqual({
          error: 'Unsupported media type',
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Send the body as application/json.',
        });
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/account', headers: auth })).json()).toEqual(before);
  });

  it('answers 415 over a real socket for text/plain, and for a body without a Content-Type', async () => {
    const token = await t.token({ sub: 'media_socket' });
    const body = '{"name":"Acme"}';
    const put = (contentTypeLine: string) =>
      rawRequest(
        `PUT /api/account HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n${contentTypeLine}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    expectFlatBody(await put('Content-Type: text/plain\r\n'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFlatBody(await put(''), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

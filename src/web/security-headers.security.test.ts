/** Every HTML page refuses to be framed, is never sniffed, keeps its address to itself, and still works under its CSP. */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Policy = Map<string, string[]>;

function policyOf(response: LightMyRequestResponse): Policy {
  const header = response.headers['content-security-policy'];
  expect(header, 'content-security-policy').toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources]),
  );
}

/** The sources a fetch directive allows: its own list, else default-src's. */
function allowed(policy: Policy, directive: string): string[] {
  return policy.get(directive) ?? policy.get('default-src') ?? [];
}

function expectSecurityHeaders(response: LightMyRequestResponse, label: string): void {
  expect(policyOf(response).get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  expect(response.headers['referrer-policy'], label).toBe('same-origin');
  expect(response.headers['x-frame-options'], label).toBe('DENY');
}

function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * The page's scripts and stylesheets all load under its policy: external ones come from this origin
 * (allowed by 'self') and answer 200, inline ones are allowed by their hash. Returns the asset paths.
 */
async function expectAssetsAllowed(response: LightMyRequestResponse, pageUrl: string): Promise<string[]> {
  const policy = policyOf(response);
  const base = new URL(pageUrl, 'http://localhost');
  const external: { url: URL; directive: string }[] = [];
  for (const [, tag, attributes, body] of response.body.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/gi)) {
    const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
    const directive = `${tag!.toLowerCase()}-src`;
    if (src) external.push({ url: new URL(src, base), directive });
    else expect(allowed(policy, directive), `inline ${tag} on ${pageUrl}`).toContain(sha256Source(body!));
  }
  for (const [, href] of response.body.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/gi)) {
    external.push({ url: new URL(href!, base), directive: 'style-src' });
  }
  for (const { url, directive } of external) {
    expect(url.origin, `${url} on ${pageUrl}`).toBe(base.origin);
    expect(allowed(policy, directive), `${directive} for ${url.pathname}`).toContain("'self'");
    const asset = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(asset.statusCode, url.pathname).toBe(200);
  }
  expect(allowed(policy, 'script-src'), pageUrl).not.toContain("'unsafe-inline'");
  return external.map(({ url }) => url.pathname);
}

async function localCheckoutUrl(sub: string): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: await t.authHeaders({ sub }), payload: { plan: 'pro' } });
  expect(response.statusCode).toBe(200);
  const url = new URL(response.json().url as string);
  return `${url.pathname}${url.search}`;
}

describe('security headers on HTML pages', () => {
  it('every page the app serves as HTML forbids framing (CSP frame-ancestors and X-Frame-Options), sniffing and cross-origin referrers', async () => {
    const pages = new Map<string, LightMyRequestResponse>();
    // Every GET route without parameters, so a page added later is held to the same rule.
    for (const route of t.routes.filter((r) => r.method === 'GET' && !/[:*]/.test(r.url))) {
      const response = await t.app.inject({ method: 'GET', url: route.url });
      if (String(response.headers['content-type']).startsWith('text/html')) pages.set(route.url, response);
    }
    const checkout = await localCheckoutUrl('headers_checkout');
    pages.set(checkout, await t.app.inject({ method: 'GET', url: checkout }));
    pages.set('/docs/scoring', await t.app.inject({ method: 'GET', url: '/docs/scoring' }));
    pages.set('expired checkout', await t.app.inject({ method: 'GET', url: '/payment/local-checkout?session=forged.token' }));

    expect([...pages.keys()]).toEqual(expect.arrayContaining(['/', '/sign-in', '/sign-up', '/docs', '/docs/scoring', checkout, 'expired checkout']));
    for (const [url, response] of pages) {
      expect(String(response.headers['content-type']), url).toMatch(/^text\/html/);
      expectSecurityHeaders(response, url);
    }
  });

  it('lets every page load its one stylesheet and its scripts from this origin, with no inline script or style at all', async () => {
    const checkout = await localCheckoutUrl('headers_styles');
    for (const url of ['/', '/try', '/sign-in', '/sign-up', checkout]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toMatch(/<style\b|\sstyle="/i);
      expect(response.body, url).not.toMatch(/<script\b(?![^>]*\bsrc=)/i);
      expect(allowed(policyOf(response), 'style-src'), url).not.toContain("'unsafe-inline'");
      expect(await expectAssetsAllowed(response, url), url).toContain('/assets/app.css');
    }
  });

  it('keeps /docs under the policy: no inline script or style, its stylesheet from this origin', async () => {
    for (const url of ['/docs', '/docs/scoring']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response, url);
      expect(response.body, url).not.toMatch(/<style\b|\sstyle="/i);
      expect(response.body, url).not.toMatch(/<script\b(?![^>]*\bsrc=)/i);
      expect(await expectAssetsAllowed(response, url), url).toContain('/assets/app.css');
    }
  });

  it('gives JSON answers nosniff and no framing too', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, '/healthz');
  });
});

/** pageKey: when two addresses are one page. The fetched address is never a key (see frontier.test.ts for canonicalise). */
import { describe, expect, it } from 'vitest';
import { pageKey, siteScope } from './site-scope.ts';

const key = (href: string) => pageKey(new URL(href));

describe('pageKey', () => {
  it.each([
    ['a trailing slash', 'https://example.com/pricing', 'https://example.com/pricing/'],
    ['repeated trailing slashes', 'https://example.com/pricing', 'https://example.com/pricing//'],
    ['index.html', 'https://example.com/docs/', 'https://example.com/docs/index.html'],
    ['index.htm', 'https://example.com/docs', 'https://example.com/docs/index.htm'],
    ['the root index file', 'https://example.com/', 'https://example.com/index.html'],
    ['the default http port', 'http://example.com/a', 'http://example.com:80/a'],
    ['the default https port', 'https://example.com/a', 'https://example.com:443/a'],
    ['a fragment', 'https://example.com/pricing', 'https://example.com/pricing#plans'],
    ['utm_ parameters', 'https://example.com/pricing', 'https://example.com/pricing?utm_source=x&utm_medium=y&UTM_Campaign=z'],
    ['click ids', 'https://example.com/p?plan=pro', 'https://example.com/p?gclid=1&plan=pro&fbclid=2&msclkid=3&yclid=4'],
    ['mail and analytics parameters', 'https://example.com/p', 'https://example.com/p?mc_cid=1&mc_eid=2&ref=hn&_ga=3&_gl=4'],
    ['query order', 'https://example.com/p?a=1&b=2', 'https://example.com/p?b=2&a=1'],
    ['host case', 'https://example.com/a', 'https://EXAMPLE.Com/a'],
    ['www and the apex', 'https://example.com/a', 'https://www.example.com/a'],
    ['http and https', 'https://example.com/a', 'http://example.com/a'],
    ['http://www. and https:// apex, all at once', 'https://example.com/docs/?a=1&b=2', 'http://www.example.com:80/docs/index.html?b=2&utm_source=x&a=1#top'],
  ])('ignores %s', (_, a, b) => {
    expect(key(b)).toBe(key(a));
  });

  it.each([
    ['another path', 'https://example.com/pricing', 'https://example.com/plans'],
    ['path case', 'https://example.com/Pricing', 'https://example.com/pricing'],
    ['a meaningful parameter', 'https://example.com/p?plan=pro', 'https://example.com/p?plan=team'],
    ['a parameter only named like a tracking one', 'https://example.com/p?referrer=x', 'https://example.com/p'],
    ['a file that is not an index', 'https://example.com/docs/', 'https://example.com/docs/intro.html'],
    ['a non-default port', 'https://example.com/a', 'https://example.com:8443/a'],
    ['another subdomain', 'https://example.com/a', 'https://docs.example.com/a'],
  ])('tells apart %s', (_, a, b) => {
    expect(key(b)).not.toBe(key(a));
  });
});

describe('canonicalise keeps a real address', () => {
  const scope = siteScope(new URL('https://example.com/'));

  it('keeps the trailing slash and the index file the link names, and leaves a query without tracking untouched', () => {
    expect(scope.canonicalise(new URL('https://example.com/pricing/'))?.href).toBe('https://example.com/pricing/');
    expect(scope.canonicalise(new URL('https://example.com/docs/index.html'))?.href).toBe('https://example.com/docs/index.html');
    expect(scope.canonicalise(new URL('https://example.com/search?q=a%20b&b=2&a=1'))?.href).toBe('https://example.com/search?q=a%20b&b=2&a=1');
  });
});

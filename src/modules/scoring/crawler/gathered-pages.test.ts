/** When a fetched page is a page the crawl already has: redirects, other forms of an address, rel=canonical. */
import { describe, expect, it } from 'vitest';
import type { PageArtifact } from '../artifacts.ts';
import { extractPage } from '../extract/extract-page.ts';
import { GatheredPages, type Landing } from './gathered-pages.ts';
import { siteScope } from './site-scope.ts';

interface Fetch {
  /** Requested first, then each redirect hop; the last is where the page landed. */
  via: string[];
  title?: string;
  canonical?: string;
}

function artifactOf({ via, title = 'Page', canonical }: Fetch): PageArtifact {
  const head = canonical === undefined ? '' : `<link rel="canonical" href="${canonical}">`;
  const body = `<!doctype html><html><head><title>${title}</title>${head}</head><body><main><p>${title}</p></main></body></html>`;
  return extractPage({ requestedUrl: via[0]!, finalUrl: via.at(-1)!, status: 200, contentType: 'text/html', body, headers: {} });
}

/** Admits each fetch in turn, as the crawl applies a round in rank order; returns each landing. */
function admitAll(fetches: Fetch[], start = 'https://example.com/'): { gathered: GatheredPages; landings: Landing['kind'][] } {
  const gathered = new GatheredPages(siteScope(new URL(start)));
  const landings = fetches.map((fetch, rank) => gathered.admit({ artifact: artifactOf(fetch), url: new URL(fetch.via[0]!), rank }, fetch.via).kind);
  return { gathered, landings };
}

describe('GatheredPages', () => {
  it('gathers a page that lands on its own slash form: a redirect to itself is not a duplicate', () => {
    const { gathered, landings } = admitAll([{ via: ['https://example.com/pricing', 'https://example.com/pricing/'] }]);
    expect(landings).toEqual(['gathered']);
    expect(gathered.pages.map((page) => page.artifact.finalUrl)).toEqual(['https://example.com/pricing/']);
  });

  it('gathers a fetch of http://www.x/ that landed on https://x/, and skips a later fetch of https://x/', () => {
    const { landings } = admitAll([
      { via: ['http://www.example.com/', 'https://www.example.com/', 'https://example.com/'] },
      { via: ['https://example.com/'] },
    ]);
    expect(landings).toEqual(['gathered', 'duplicate']);
  });

  it('is a duplicate when it lands on a page already gathered, under any form of its address', () => {
    const { landings } = admitAll([
      { via: ['https://example.com/pricing', 'https://example.com/pricing/'] },
      { via: ['https://example.com/old-pricing', 'http://www.example.com/pricing/index.html'] },
      { via: ['https://example.com/plans', 'https://example.com/pricing?utm_source=x'] },
    ]);
    expect(landings).toEqual(['gathered', 'duplicate', 'duplicate']);
  });

  it('gives back every address on the way, to be marked seen', () => {
    const gathered = new GatheredPages(siteScope(new URL('https://example.com/')));
    const via = ['http://example.com/a', 'https://example.com/a', 'https://example.com/b/'];
    const landing = gathered.admit({ artifact: artifactOf({ via, canonical: 'https://example.com/c' }), url: new URL(via[0]!), rank: 0 }, via);
    expect(landing.kind === 'gathered' && landing.addresses.map((url) => url.href)).toEqual([...via, 'https://example.com/c']);
  });

  it('is a duplicate when its same-site canonical address is a page already gathered', () => {
    const { gathered, landings } = admitAll([
      { via: ['https://example.com/pricing'], title: 'Pricing' },
      { via: ['https://example.com/plans'], title: 'Pricing', canonical: 'https://www.example.com/pricing/' },
    ]);
    expect(landings).toEqual(['gathered', 'duplicate']);
    expect(gathered.size).toBe(1);
  });

  it('counts a page under its canonical address, so the canonical copy fetched later is a duplicate', () => {
    const { landings } = admitAll([
      { via: ['https://example.com/plans'], title: 'Pricing', canonical: 'https://example.com/pricing' },
      { via: ['https://example.com/pricing'], title: 'Pricing', canonical: 'https://example.com/pricing' },
    ]);
    expect(landings).toEqual(['gathered', 'duplicate']);
  });

  it('ignores a canonical address on another site', () => {
    const { landings } = admitAll([
      { via: ['https://example.com/pricing'], title: 'Pricing', canonical: 'https://partner.example/pricing' },
      { via: ['https://example.com/plans'], title: 'Pricing', canonical: 'https://partner.example/pricing' },
    ]);
    expect(landings).toEqual(['gathered', 'gathered']);
  });

  it('keeps a page whose canonical address names a gathered page with another title (a template mistake)', () => {
    const { landings } = admitAll([
      { via: ['https://example.com/'], title: 'Acme', canonical: 'https://example.com/' },
      { via: ['https://example.com/pricing'], title: 'Pricing - Acme', canonical: 'https://example.com/' },
    ]);
    expect(landings).toEqual(['gathered', 'gathered']);
  });
});

import { describe, expect, it } from 'vitest';
import { discoverSitemapPages, MAX_SITEMAP_FILES, MAX_SITEMAP_PAGES, parseSitemap } from './sitemap.ts';

const urlset = (...locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc><lastmod>2025-01-01</lastmod></url>`).join('')}</urlset>`;
const sitemapIndex = (...locs: string[]) =>
  `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<sitemap><loc>${loc}</loc></sitemap>`).join('')}</sitemapindex>`;

describe('parseSitemap', () => {
  it('reads page URLs from a urlset, decoding entities', () => {
    expect(parseSitemap(urlset('https://a.com/pricing', 'https://a.com/search?q=1&amp;p=2'))).toEqual({
      sitemaps: [],
      pages: ['https://a.com/pricing', 'https://a.com/search?q=1&p=2'],
    });
  });

  it('reads child sitemaps from a sitemap index', () => {
    expect(parseSitemap(sitemapIndex('https://a.com/s1.xml'))).toEqual({ sitemaps: ['https://a.com/s1.xml'], pages: [] });
  });

  it('reads a text sitemap, one URL per line', () => {
    expect(parseSitemap('https://a.com/a\r\nnot a url\nhttps://a.com/b\n').pages).toEqual(['https://a.com/a', 'https://a.com/b']);
  });

  it('finds nothing in an HTML page served as a sitemap', () => {
    expect(parseSitemap('<html><body><a href="https://a.com/x">x</a></body></html>')).toEqual({ sitemaps: [], pages: [] });
  });
});

describe('discoverSitemapPages', () => {
  it('follows sitemap indexes breadth first and keeps document order', async () => {
    const files: Record<string, string> = {
      'https://a.com/sitemap.xml': sitemapIndex('https://a.com/s1.xml', 'https://a.com/s2.xml'),
      'https://a.com/s1.xml': urlset('https://a.com/one', 'https://a.com/two'),
      'https://a.com/s2.xml': urlset('https://a.com/three'),
      'https://a.com/extra.xml': urlset('https://a.com/zero'),
    };
    const pages = await discoverSitemapPages(['https://a.com/extra.xml', 'https://a.com/sitemap.xml'], async (url) => files[url] ?? null);
    expect(pages).toEqual(['https://a.com/zero', 'https://a.com/one', 'https://a.com/two', 'https://a.com/three']);
  });

  it('reads a bounded number of files, even from an index that points at itself and at endless children', async () => {
    const read: string[] = [];
    const pages = await discoverSitemapPages(['https://a.com/0.xml'], async (url) => {
      read.push(url);
      const n = Number(/(\d+)\.xml$/.exec(url)?.[1]);
      return sitemapIndex(url, `https://a.com/${n + 1}.xml`, `https://a.com/${n + 2}.xml`);
    });
    expect(pages).toEqual([]);
    expect(read.length).toBe(MAX_SITEMAP_FILES);
    expect(new Set(read).size).toBe(read.length);
  });

  it('takes a bounded number of page URLs', async () => {
    const many = Array.from({ length: MAX_SITEMAP_PAGES + 10 }, (_, i) => `https://a.com/p${i}`);
    const pages = await discoverSitemapPages(['https://a.com/s.xml'], async () => urlset(...many));
    expect(pages).toHaveLength(MAX_SITEMAP_PAGES);
  });

  it('skips files that could not be read', async () => {
    expect(await discoverSitemapPages(['https://a.com/missing.xml'], async () => null)).toEqual([]);
  });
});

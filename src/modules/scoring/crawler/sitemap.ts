/**
 * Sitemap discovery: robots.txt `Sitemap:` entries and /sitemap.xml, with
 * sitemap indexes followed one level at a time, bounded in files and URLs.
 */
import { Parser } from 'htmlparser2';

/** Sitemap files read per crawl, indexes included. */
export const MAX_SITEMAP_FILES = 5;
/** Page URLs taken from sitemaps per crawl; the ranking chooses among them. */
export const MAX_SITEMAP_PAGES = 1000;

export interface ParsedSitemap {
  /** Child sitemaps, when the file is a sitemap index. */
  sitemaps: string[];
  pages: string[];
}

/** An XML sitemap or sitemap index, or a text sitemap (one URL per line). */
export function parseSitemap(text: string): ParsedSitemap {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<')) {
    const pages = trimmed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line));
    return { sitemaps: [], pages };
  }
  const sitemaps: string[] = [];
  const pages: string[] = [];
  // The open elements, by local name (a namespace prefix such as 'sm:' is dropped).
  const open: string[] = [];
  let location = '';
  const parser = new Parser(
    {
      onopentag(name) {
        open.push(name.replace(/^.*:/, '').toLowerCase());
        location = '';
      },
      ontext(text) {
        if (open.at(-1) === 'loc') location += text;
      },
      onclosetag() {
        const [root, entry, element] = open.slice(-3);
        if (element === 'loc' && location.trim()) {
          if (root === 'sitemapindex' && entry === 'sitemap') sitemaps.push(location.trim());
          if (root === 'urlset' && entry === 'url') pages.push(location.trim());
        }
        open.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(trimmed);
  return { sitemaps, pages };
}

/**
 * Page URLs from the given sitemaps, in document order, breadth first.
 * `readSitemap` gives a file's text, or null when it cannot or must not be read.
 */
export async function discoverSitemapPages(seeds: readonly string[], readSitemap: (url: string) => Promise<string | null>): Promise<string[]> {
  const pages: string[] = [];
  const requested = new Set<string>();
  let level = [...seeds];
  while (level.length > 0 && requested.size < MAX_SITEMAP_FILES && pages.length < MAX_SITEMAP_PAGES) {
    const batch = [...new Set(level)].filter((url) => !requested.has(url)).slice(0, MAX_SITEMAP_FILES - requested.size);
    for (const url of batch) requested.add(url);
    const texts = await Promise.all(batch.map(readSitemap));
    const next: string[] = [];
    for (const text of texts) {
      if (text === null) continue;
      const parsed = parseSitemap(text);
      pages.push(...parsed.pages.slice(0, MAX_SITEMAP_PAGES - pages.length));
      next.push(...parsed.sitemaps);
    }
    level = next;
  }
  return pages;
}

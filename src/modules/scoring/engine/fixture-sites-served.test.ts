/**
 * The fixture sites served over HTTP on 127.0.0.1, as the crawler and the
 * endpoint tests will see them: the same pages as on disk, robots.txt and
 * sitemap.xml pointing at the live origin, 404 for anything else.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForPath, readSitePages, serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { extractPage } from '../extract/extract-page.ts';

const SITE = join(SITES_DIR, 'relaymesh-scaleup');
let served: ServedSite;

beforeAll(async () => {
  served = await serveSite(SITE);
});
afterAll(async () => {
  await served.close();
});

describe('serveSite', () => {
  it('listens on an ephemeral 127.0.0.1 port', () => {
    expect(served.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves every page of the folder at the path its links use, as HTML with the site headers', async () => {
    const onDisk = await readSitePages(SITE, served.origin);
    for (const page of onDisk) {
      const response = await fetch(page.finalUrl);
      expect(response.status, page.finalUrl).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const body = await response.text();
      expect(extractPage({ ...page, body }).mainText).toBe(extractPage(page).mainText);
    }
  });

  it('points robots.txt and sitemap.xml at the live origin, and every sitemap entry resolves', async () => {
    const robots = await (await fetch(`${served.origin}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${served.origin}/sitemap.xml`);
    const sitemap = await (await fetch(`${served.origin}/sitemap.xml`)).text();
    const locations = [...sitemap.matchAll(/<loc>(.+?)<\/loc>/g)].map((m) => m[1]!);
    expect(locations.length).toBeGreaterThan(10);
    for (const location of locations) {
      expect(location.startsWith(served.origin)).toBe(true);
      expect((await fetch(location)).status, location).toBe(200);
    }
  });

  it('answers 404 for unknown paths and never leaves the site folder', async () => {
    for (const path of ['/nope', '/headers.json', '/robots', '/%E0%A4%A']) {
      expect((await fetch(`${served.origin}${path}`)).status, path).toBe(404);
    }
    // fetch normalises dot segments away, so the raw paths are checked directly.
    for (const path of ['/../package.json', '/blog/../../../package.json', '/..%2f..%2fpackage.json']) {
      for (const file of fileForPath(SITE, path) ?? []) expect(file.startsWith(`${SITE}/`), file).toBe(true);
    }
    expect(fileForPath(SITE, '/customers/')).toEqual([join(SITE, 'customers.html'), join(SITE, 'customers', 'index.html')]);
  });
});

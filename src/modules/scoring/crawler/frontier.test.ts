import { describe, expect, it } from 'vitest';
import { Frontier, MAX_FRONTIER_PAGES } from './frontier.ts';
import { pageKey, siteScope } from './site-scope.ts';

const allowAll = () => true;

function frontierFor(start = 'https://example.com/', landed = start): Frontier {
  return new Frontier(siteScope(new URL(start), new URL(landed)));
}

describe('siteScope', () => {
  const scope = siteScope(new URL('https://example.com/'));

  it('holds the start host and its www twin, on the same port, and nothing else', () => {
    expect(scope.includes(new URL('https://example.com/a'))).toBe(true);
    expect(scope.includes(new URL('https://www.example.com/a'))).toBe(true);
    expect(scope.includes(new URL('http://example.com/a'))).toBe(true);
    expect(scope.includes(new URL('https://docs.example.com/a'))).toBe(false);
    expect(scope.includes(new URL('https://example.org/a'))).toBe(false);
    expect(scope.includes(new URL('https://example.com:8443/a'))).toBe(false);
  });

  it('works the other way round when the start host is the www one', () => {
    const fromWww = siteScope(new URL('https://www.example.com/'));
    expect(fromWww.includes(new URL('https://example.com/pricing'))).toBe(true);
  });

  it('rewrites twin hosts to where the start page landed and drops fragments and tracking parameters', () => {
    const landedOnWww = siteScope(new URL('http://example.com/'), new URL('https://www.example.com/'));
    expect(landedOnWww.canonicalise(new URL('http://example.com/pricing?utm_source=x&plan=pro&gclid=1#faq'))?.href).toBe(
      'https://www.example.com/pricing?plan=pro',
    );
  });

  it('refuses links to files that are not pages', () => {
    expect(scope.canonicalise(new URL('https://example.com/brochure.pdf'))).toBeNull();
    expect(scope.canonicalise(new URL('https://example.com/logo.PNG'))).toBeNull();
    expect(scope.canonicalise(new URL('https://example.com/blog.html'))).not.toBeNull();
  });
});

describe('pageKey', () => {
  it('treats trailing slashes, www, scheme and query order as the same page', () => {
    const key = pageKey(new URL('https://example.com/pricing?a=1&b=2'));
    expect(pageKey(new URL('http://www.example.com/pricing/?b=2&a=1'))).toBe(key);
    expect(pageKey(new URL('https://example.com/pricing?a=2&b=2'))).not.toBe(key);
  });
});

describe('Frontier', () => {
  it('hands out the best-ranked pages first, each once', () => {
    const frontier = frontierFor();
    frontier.add('https://example.com/blog/post-1', 'A post');
    frontier.add('https://example.com/pricing', 'Pricing');
    frontier.add('https://www.example.com/pricing/', 'Plans');
    frontier.add('https://example.com/about', 'About');
    frontier.add('https://other.com/pricing', 'Elsewhere');

    expect(frontier.take(2, allowAll).batch.map((page) => page.url.href)).toEqual(['https://example.com/pricing', 'https://example.com/about']);
    expect(frontier.take(5, allowAll).batch.map((page) => page.url.href)).toEqual(['https://example.com/blog/post-1']);
    expect(frontier.take(5, allowAll).batch).toEqual([]);
  });

  it('does not hand out a page already seen', () => {
    const frontier = frontierFor();
    frontier.markSeen(new URL('https://example.com/'));
    frontier.add('https://example.com/#top');
    frontier.add('https://www.example.com/');
    expect(frontier.size).toBe(0);
  });

  it('counts a fetch of http://www.x/ that landed on https://x/ as the queued https://x/ page', () => {
    const frontier = frontierFor('https://example.com/');
    frontier.add('https://example.com/about');
    frontier.add('https://example.com/pricing/');
    frontier.markSeen(new URL('http://www.example.com/about'));
    frontier.markSeen(new URL('https://example.com/pricing'));
    expect(frontier.size).toBe(0);
    frontier.add('http://www.example.com/about/');
    frontier.add('https://example.com/pricing/index.html?utm_source=nav');
    expect(frontier.take(5, allowAll).batch).toEqual([]);
  });

  it('hands out the address a link names, not its page key', () => {
    const frontier = frontierFor();
    frontier.add('https://example.com/docs/index.html', 'Docs');
    frontier.add('https://example.com/docs/', 'Docs');
    expect(frontier.take(5, allowAll).batch.map((page) => page.url.href)).toEqual(['https://example.com/docs/index.html']);
  });

  it('returns refused pages separately and still fills the batch', () => {
    const frontier = frontierFor();
    for (const path of ['/pricing', '/features', '/about']) frontier.add(`https://example.com${path}`);
    const { batch, refused } = frontier.take(2, (url) => url.pathname !== '/pricing');
    expect(batch.map((page) => page.url.pathname)).toEqual(['/features', '/about']);
    expect(refused.map((url) => url.pathname)).toEqual(['/pricing']);
  });

  it('gives the same batches whatever order the links were found in', () => {
    const links = ['/status', '/blog', '/docs', '/careers', '/x/y/z', '/pricing', '/features'].map((path) => `https://example.com${path}`);
    const forward = frontierFor();
    const backward = frontierFor();
    for (const link of links) forward.add(link);
    for (const link of [...links].reverse()) backward.add(link);
    const hrefs = (frontier: Frontier) => frontier.take(links.length, allowAll).batch.map((page) => page.url.href);
    expect(hrefs(forward)).toEqual(hrefs(backward));
  });

  it('hands out a page the sitemap lists before a link-only page of the same rank', () => {
    const frontier = frontierFor();
    frontier.add('https://example.com/handbook/legacy', 'Handbook');
    frontier.add('https://example.com/handbook/on-call');
    frontier.addListed('https://example.com/handbook/on-call');
    frontier.addListed('https://other.com/handbook/elsewhere');
    expect(frontier.take(5, allowAll).batch.map((page) => page.url.pathname)).toEqual(['/handbook/on-call', '/handbook/legacy']);
  });

  it('remembers how many pages of a section it handed out, so a big section keeps paying in later rounds', () => {
    const frontier = frontierFor();
    for (let i = 0; i < 6; i++) frontier.addListed(`https://example.com/blog/post-${i}`);
    frontier.add('https://example.com/contact', 'Contact');
    expect(frontier.take(5, allowAll).batch.map((page) => page.url.pathname)).toEqual([
      '/blog/post-0',
      '/blog/post-1',
      '/blog/post-2',
      '/blog/post-3',
      '/blog/post-4',
    ]);
    // Alone, the last post would rank 5 - 1 + 0.5 = 4.5; after five of its section it ranks -0.5, below /contact (0).
    expect(frontier.take(1, allowAll).batch.map((page) => page.url.pathname)).toEqual(['/contact']);
  });

  it('stops growing at its bound', () => {
    const frontier = frontierFor();
    for (let i = 0; i < MAX_FRONTIER_PAGES + 50; i++) frontier.add(`https://example.com/trap/${i}`);
    expect(frontier.size).toBe(MAX_FRONTIER_PAGES);
  });
});

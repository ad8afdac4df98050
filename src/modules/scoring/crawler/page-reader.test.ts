import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startGeneratedSite } from '../../../../test/fixtures/generated-site.ts';
import { TestResources } from '../../../../test/fixtures/hostile/test-crawler.ts';
import { createCrawler, DEFAULT_CRAWLER_OPTIONS } from './crawler.ts';
import { createPageReader, IN_THREAD_BELOW_BYTES, type PageReader } from './page-reader.ts';
import { readPageBody, type PageBody } from './page-reading.ts';

const resources = new TestResources();
afterEach(() => resources.closeAll());

/** One screen of a page with a little of everything the reader keeps: chrome, headings, lists, cells, quotes, dates, links, scripts, JSON-LD, entities and non-ASCII text. */
const SCREEN = `<section class="release"><h2>Release notes &amp; plans</h2>
<p>Déjà vu: we ship every week — see the <a href="/changelog">changelog</a> and the <a href="https://docs.example.com/api">API docs</a>. 🚀</p>
<ul><li>Feature flags with <strong>guardrails</strong></li><li>SSO with SAML, released <time datetime="2025-02-03">3 Feb 2025</time></li></ul>
<table><tr><th>Plan</th><td>$29 per seat</td></tr></table>
<blockquote><p>We doubled weekly active teams.</p></blockquote>
<div hidden><a href="/hidden-link">Hidden</a></div>
<script>window.__STATE__={"flags":{"beta":true}};</script>
</section>
`;

function largeHtml(): string {
  const head =
    '<!doctype html><html><head><meta charset="utf-8"><title>Large &amp; long</title><meta name="description" content="A long page">' +
    '<meta name="generator" content="Gen 1.0"><link rel="canonical" href="/large"><script src="/app.js"></script>' +
    '<script type="application/ld+json">{"@type":"Organization","name":"Large Co","datePublished":"2025-01-15"}</script></head>' +
    '<body><header><nav><a href="/pricing">Pricing</a><a href="/about">About</a></nav></header>' +
    '<div id="cookie-consent"><p>We use cookies.</p></div><main><h1>Large page</h1>\n';
  const tail = '</main><footer><a href="/security">Security</a><p>March 4, 2025</p></footer></body></html>';
  const screens = Math.ceil((IN_THREAD_BELOW_BYTES * 1.5) / Buffer.byteLength(SCREEN));
  return head + SCREEN.repeat(screens) + tail;
}

function pageOf(bytes: Uint8Array, mediaType = 'text/html', charset: string | null = null): PageBody {
  return {
    requestedUrl: 'https://example.com/large',
    finalUrl: 'https://example.com/large',
    status: 200,
    headers: { server: 'fixture' },
    mediaType,
    charset,
    bytes,
  };
}

/** Threads that Node runs workers on, by the name it gives them (Linux). */
function workerThreadCount(): number {
  return fs.readdirSync('/proc/self/task').filter((task) => {
    try {
      return fs.readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'WorkerThread';
    } catch {
      return false;
    }
  }).length;
}

describe('page reader', () => {
  let reader: PageReader;
  afterEach(() => reader.close());

  it.each([
    ['an HTML page', Buffer.from(largeHtml()), 'text/html', null],
    ['an HTML page in a legacy charset', Buffer.from(largeHtml().replace('charset="utf-8"', 'charset="windows-1252"'), 'latin1'), 'text/html', null],
    [
      'a plain-text page',
      Buffer.from(
        largeHtml()
          .replace(/<[^>]*>/g, '\n')
          .repeat(2),
      ),
      'text/plain',
      'utf-8',
    ],
  ])('reads %s above the threshold in a worker thread, moving its bytes, with the artifact this thread gives', async (_, bytes, mediaType, charset) => {
    reader = createPageReader({ threads: 1 });
    expect(bytes.byteLength).toBeGreaterThanOrEqual(IN_THREAD_BELOW_BYTES);
    const expected = readPageBody(pageOf(Buffer.from(bytes), mediaType, charset));
    expect(expected.artifact.mainText.length).toBeGreaterThan(1000);

    const page = pageOf(bytes, mediaType, charset);
    const reading = await reader.read(page);

    // Transferred to the worker, not copied: this thread's buffer is now empty.
    expect(page.bytes.byteLength).toBe(0);
    expect(reading).toStrictEqual(expected);
  });

  it('reads a page below the threshold in this thread, leaving its bytes', async () => {
    reader = createPageReader({ threads: 1 });
    const bytes = Buffer.from(`<html><head><title>Small</title></head><body><main>${SCREEN}</main></body></html>`);
    const reading = await reader.read(pageOf(bytes));
    expect(bytes.byteLength).toBeLessThan(IN_THREAD_BELOW_BYTES);
    expect(bytes.toString()).toContain('<title>Small</title>');
    expect(reading).toStrictEqual(readPageBody(pageOf(bytes)));
  });

  it('copies a view into a larger buffer rather than moving its neighbours', async () => {
    reader = createPageReader({ threads: 1 });
    const html = Buffer.from(largeHtml());
    const shared = new Uint8Array(html.byteLength + 16);
    shared.set(html, 8);
    const view = shared.subarray(8, 8 + html.byteLength);
    const reading = await reader.read(pageOf(view));
    expect(shared.byteLength).toBe(html.byteLength + 16);
    expect(reading).toStrictEqual(readPageBody(pageOf(html)));
  });

  it('reads every page in this thread with no worker threads', async () => {
    reader = createPageReader({ threads: 0 });
    const page = pageOf(Buffer.from(largeHtml()));
    const reading = await reader.read(page);
    expect(page.bytes.byteLength).toBeGreaterThan(0);
    expect(reading.artifact.title).toBe('Large & long');
  });

  it('still reads pages once closed, in this thread', async () => {
    reader = createPageReader({ threads: 1 });
    await reader.close();
    const page = pageOf(Buffer.from(largeHtml()));
    expect((await reader.read(page)).artifact.title).toBe('Large & long');
    expect(page.bytes.byteLength).toBeGreaterThan(0);
  });
});

describe('crawling large pages', () => {
  it('gathers the same pages with worker threads as without', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 6, pageBytes: IN_THREAD_BELOW_BYTES + 50_000 }));
    const withPool = await resources.crawler([site.allowlistEntry], { workerThreads: 1 }).crawl(`${site.url}/`);
    const inThread = await resources.crawler([site.allowlistEntry], { workerThreads: 0 }).crawl(`${site.url}/`);
    expect(withPool.pages).toHaveLength(6);
    expect(withPool).toStrictEqual(inThread);
  });

  it.runIf(process.platform === 'linux')('ends its worker threads when the crawler closes', async () => {
    const site = resources.track(await startGeneratedSite({ pages: 3, pageBytes: IN_THREAD_BELOW_BYTES + 50_000 }));
    const before = workerThreadCount();
    const crawler = createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [site.allowlistEntry], workerThreads: 1 });
    const summary = await crawler.crawl(`${site.url}/`);
    expect(summary.pages).toHaveLength(3);
    // The worker stays for the next crawl...
    expect(workerThreadCount()).toBe(before + 1);
    await crawler.close();
    // ...until the crawler closes.
    expect(workerThreadCount()).toBe(before);
  });

  it('refuses a negative number of worker threads', () => {
    expect(() => createCrawler({ ...DEFAULT_CRAWLER_OPTIONS, allowlist: [], workerThreads: -1 })).toThrow(RangeError);
  });
});

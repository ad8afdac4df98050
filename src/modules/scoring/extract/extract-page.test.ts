import { describe, expect, it } from 'vitest';
import { extractPage, resolveUrl } from './extract-page.ts';
import { MAX_MAIN_TEXT_CHARS } from './readable-text.ts';

const URL = 'https://acme.example/pricing';
const extract = (body: string, contentType = 'text/html', headers: Record<string, string> = {}) =>
  extractPage({ requestedUrl: URL, finalUrl: URL, status: 200, contentType, body, headers });

describe('extractPage', () => {
  it('reads head metadata', () => {
    const page = extract(`<html><head>
      <title>  Pricing |
        Acme </title>
      <meta name="Description" content="Plans for every team">
      <meta property="og:site_name" content="Acme">
      <meta name="generator" content="Webflow">
      </head><body><p>x</p></body></html>`);
    expect(page).toMatchObject({ title: 'Pricing | Acme', metaDescription: 'Plans for every team', siteName: 'Acme', metaGenerator: 'Webflow' });
  });

  it('keeps one line per block, whitespace collapsed, entities decoded', () => {
    const page = extract(`<body><main><h1>Plans &amp; pricing</h1><p>Pay
        <b>monthly</b>&nbsp;or <i>yearly</i>.</p><ul><li>One</li><li>Two<br>lines</li></ul><p>Logo <img src="a.png">after</p></main></body>`);
    expect(page.mainText).toBe('Plans & pricing\nPay monthly or yearly.\nOne\nTwo\nlines\nLogo after');
    expect(page.headings).toEqual([{ level: 1, text: 'Plans & pricing' }]);
  });

  it("drops page chrome but keeps an article's own header and footer", () => {
    const page = extract(`<body>
      <header><p>Site banner</p></header>
      <nav><a href="/docs">Docs</a></nav>
      <article><header><h1>Launch post</h1><time datetime="2026-03-02">2 March</time></header><p>Body text.</p><footer>Posted by Sam</footer></article>
      <aside>Related posts</aside>
      <footer><p>© Acme</p></footer>
    </body>`);
    expect(page.mainText).toBe('Launch post\n2 March\nBody text.\nPosted by Sam');
    expect(page.dates).toEqual(['2026-03-02']);
    expect(page.links.map((l) => [l.href, l.text])).toEqual([['https://acme.example/docs', 'Docs']]);
  });

  it('reads only <main> when the page has one, headings included', () => {
    const page = extract('<body><div><h2>Outside</h2><p>Promo</p></div><main><h1>Inside</h1><p>Content</p></main></body>');
    expect(page.mainText).toBe('Inside\nContent');
    expect(page.headings).toEqual([{ level: 1, text: 'Inside' }]);
  });

  it('drops hidden elements, templates and cookie banners', () => {
    const page = extract(`<body><main>
      <p hidden>Hidden</p><p aria-hidden="true">Aria hidden</p><p style="display: none">Not displayed</p>
      <div role="navigation">Menu</div><template><p>Template</p></template><noscript>Enable JS</noscript>
      <div id="cookie-banner"><h2>Cookies</h2><p>We use cookies.</p><button>Accept</button></div>
      <div class="consent-manager" role="dialog"><p>Your privacy choices</p></div>
      <p>Visible</p>
    </main></body>`);
    expect(page.mainText).toBe('Visible');
    expect(page.headings).toEqual([]);
  });

  it('keeps a container whose class mentions cookies when it holds the content', () => {
    const long = 'Our cookie policy explains every cookie we set and why. '.repeat(50);
    expect(extract(`<body><div class="cookie-layout"><main><p>Real content</p></main></div></body>`).mainText).toBe('Real content');
    expect(extract(`<body><section class="cookie-policy"><p>${long}</p></section></body>`).mainText).toBe(long.trim());
  });

  it('collects scripts, inline code cut to 4 KB, and JSON-LD, dropping unparseable blocks', () => {
    const page = extract(`<html><head>
      <script src="/app.js"></script><script src="https://cdn.segment.com/a.js"></script>
      <script>window.x = "${'y'.repeat(5000)}";</script>
      <script type="application/ld+json">{"@type":"Organization","name":"Acme","datePublished":"2026-01-05"}</script>
      <script type="application/ld+json">[{"@type":"WebSite"},{"@type":"Thing"}]</script>
      <script type="application/ld+json">{not json</script>
      </head><body><p>x</p></body></html>`);
    expect(page.scriptSources).toEqual(['https://acme.example/app.js', 'https://cdn.segment.com/a.js']);
    expect(page.inlineScripts).toHaveLength(1);
    expect(page.inlineScripts[0]).toHaveLength(4096);
    expect(page.jsonLd).toEqual([{ '@type': 'Organization', name: 'Acme', datePublished: '2026-01-05' }, { '@type': 'WebSite' }, { '@type': 'Thing' }]);
    expect(page.dates).toEqual(['2026-01-05']);
    expect(page.mainText).toBe('x');
  });

  it('reads links everywhere, resolved and without fragments, skipping non-web schemes, and marks those only in chrome', () => {
    const page = extract(`<body><nav><a href="/pricing#faq"> Plans </a></nav><main><a href="mailto:a@b.c">Mail</a><a href="javascript:void(0)">JS</a>
      <a href="https://status.acme.example/">Status <span>page</span></a><a href="#top">Top</a></main></body>`);
    expect(page.links).toEqual([
      { href: 'https://acme.example/pricing', text: 'Plans', chrome: true },
      { href: 'https://status.acme.example/', text: 'Status page', chrome: false },
    ]);
  });

  it('keeps each distinct link once, in order of first appearance, as content when any copy is content', () => {
    const page = extract(`<body><nav><a href="/pricing">Pricing</a><a href="/docs">Docs</a></nav>
      <main><a href="/pricing#plans">Pricing</a><a href="/pricing">See plans</a><a href="/docs">Docs</a></main>
      <footer><a href="/pricing">Pricing</a></footer></body>`);
    expect(page.links).toEqual([
      { href: 'https://acme.example/pricing', text: 'Pricing', chrome: false },
      { href: 'https://acme.example/docs', text: 'Docs', chrome: false },
      { href: 'https://acme.example/pricing', text: 'See plans', chrome: false },
    ]);
  });

  it('stops the readable text at MAX_MAIN_TEXT_CHARS but reads links, scripts and dates to the end of the page', () => {
    const paragraph = `<p>${'Teams ship weekly with our API. '.repeat(40).trim()}</p>`;
    const paragraphs = Math.ceil(MAX_MAIN_TEXT_CHARS / 1000) + 20;
    const page = extract(`<html><head><title>Docs</title></head><body><main><h1>Guide</h1>
      ${paragraph.repeat(paragraphs)}
      <h2>Late heading</h2><p>Late words, released March 3, 2026.</p><time datetime="2026-04-01">April</time>
      <a href="/late">Late link</a><script src="/late.js"></script></main></body></html>`);
    expect(page.mainText.length).toBeLessThanOrEqual(MAX_MAIN_TEXT_CHARS);
    expect(page.mainText.startsWith('Guide\nTeams ship weekly')).toBe(true);
    expect(page.mainText).not.toContain('Late');
    expect(page.headings).toEqual([{ level: 1, text: 'Guide' }]);
    expect(page.links).toEqual([{ href: 'https://acme.example/late', text: 'Late link', chrome: false }]);
    expect(page.scriptSources).toEqual(['https://acme.example/late.js']);
    expect(page.dates).toEqual(['2026-04-01']);
  });

  it('bounds a plain-text body the same way', () => {
    const page = extract('A line of release notes for the plain text body.\n'.repeat(5000), 'text/plain');
    expect(page.mainText.length).toBeLessThanOrEqual(MAX_MAIN_TEXT_CHARS);
    expect(page.mainText.length).toBeGreaterThan(MAX_MAIN_TEXT_CHARS - 60);
  });

  it('finds dates in text and markup, sorted and unique', () => {
    const page = extract(
      '<main><p>Released March 3, 2026 and 3 March 2026, then 2026-04-01.</p><p>Not a date: 2026-13-45.</p><time datetime="2026-02-01T10:00:00Z">Feb</time></main>',
    );
    expect(page.dates).toEqual(['2026-02-01', '2026-03-03', '2026-04-01']);
  });

  it('keeps only the response headers that carry signals', () => {
    const page = extract('<p>x</p>', 'text/html', { server: 'cloudflare', 'set-cookie': 'a=b', 'strict-transport-security': 'max-age=1' });
    expect(page.headers).toEqual({ server: 'cloudflare', 'strict-transport-security': 'max-age=1' });
  });

  it('still yields an artifact from malformed markup', () => {
    const page = extract('<html><body><main><p>Unclosed <b>bold<div>Nested <i>badly</b></i><p>Next\u0000para</main><p>after');
    expect(page.mainText).toContain('Unclosed bold');
    expect(page.mainText).toContain('Next');
  });

  it('turns a plain-text body into lines', () => {
    const page = extract('Release notes\r\n\r\n  2026-05-01   faster   exports\n', 'text/plain');
    expect(page).toMatchObject({ mainText: 'Release notes\n2026-05-01 faster exports', dates: ['2026-05-01'], title: '', links: [] });
  });
});

describe('resolveUrl', () => {
  it('resolves relative addresses and refuses what is not http(s)', () => {
    expect(resolveUrl('../a?b=1#c', 'https://acme.example/x/y')).toBe('https://acme.example/a?b=1');
    expect(resolveUrl('ftp://acme.example/', 'https://acme.example/')).toBeNull();
    expect(resolveUrl('  ', 'https://acme.example/')).toBeNull();
    expect(resolveUrl('http://[bad', 'https://acme.example/')).toBeNull();
  });
});

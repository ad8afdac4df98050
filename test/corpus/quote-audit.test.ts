import { describe, expect, it } from 'vitest';
import { lineRepeatsOnMostPages, quoteIsInChrome, quoteIsVerbatim, readServedText, sourceLine } from './quote-audit.ts';

const page = readServedText(`<!doctype html><html><head><title>T</title><style>p{}</style></head><body>
  <header><nav><a href="/">Home</a><a href="/pricing">Pricing</a></nav></header>
  <div class="cookie-banner">We use cookies</div>
  <main><h1>Pricing</h1><p>AT&amp;T and <b>Acme</b>corp
     ship   weekly</p><ul><li>one</li><li>two</li></ul><script>var hidden = "secret";</script></main>
  <footer>© Acme</footer></body></html>`);

describe('quote audit', () => {
  it('finds quotes across inline tags, entities and whitespace runs, joined either way', () => {
    expect(quoteIsVerbatim('AT&T and Acmecorp ship weekly', page)).toBe(true);
    expect(quoteIsVerbatim('one two', page)).toBe(true);
    expect(quoteIsVerbatim('onetwo', page)).toBe(true);
    expect(quoteIsVerbatim('ship daily', page)).toBe(false);
  });

  it('never counts script or style text as visible', () => {
    expect(quoteIsVerbatim('secret', page)).toBe(false);
    expect(quoteIsVerbatim('p{}', page)).toBe(false);
  });

  it('knows chrome by element and by class', () => {
    expect(quoteIsInChrome('Pricing', page)).toBe(true);
    expect(quoteIsInChrome('We use cookies', page)).toBe(true);
    expect(quoteIsInChrome('© Acme', page)).toBe(true);
    expect(quoteIsInChrome('ship weekly', page)).toBe(false);
  });

  it('finds the line a quote comes from and whether it repeats on most pages', () => {
    expect(sourceLine('weekly', 'Title\nWe ship weekly\nEnd')).toBe('We ship weekly');
    expect(sourceLine('absent', 'Title')).toBeNull();
    expect(lineRepeatsOnMostPages('Book a demo', ['A\nBook a demo', 'Book a demo\nB', 'C'])).toBe(true);
    expect(lineRepeatsOnMostPages('Book a demo', ['A\nBook a demo', 'Book a demo now', 'C', 'D'])).toBe(false);
  });
});

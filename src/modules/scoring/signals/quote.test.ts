import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_QUOTE_LENGTH, quoteAround, quoteOf } from './quote.ts';

const sentence = (n: number) => `Sentence ${n} talks about plans and pricing in some detail.`;

describe('quoteAround', () => {
  it('quotes the whole line when it is short enough', () => {
    const text = 'First line\nAcme is SOC 2 Type II certified.\nLast line';
    const start = text.indexOf('SOC 2');
    expect(quoteAround(text, start, start + 5)).toBe('Acme is SOC 2 Type II certified.');
  });

  it('quotes the sentence carrying the match when the line is long', () => {
    const line = [sentence(1), sentence(2), 'We are SOC 2 Type II audited every year.', sentence(3), sentence(4), sentence(5), sentence(6)].join(' ');
    const start = line.indexOf('SOC 2');
    expect(line.length).toBeGreaterThan(MAX_QUOTE_LENGTH);
    expect(quoteAround(line, start, start + 5)).toBe('We are SOC 2 Type II audited every year.');
  });

  it('cuts a window at word boundaries when even the sentence is too long', () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`);
    words[60] = 'SOC';
    words[61] = '2';
    const line = words.join(' ');
    const start = line.indexOf('SOC 2');
    const quote = quoteAround(line, start, start + 5)!;
    expect(quote.length).toBeLessThanOrEqual(MAX_QUOTE_LENGTH);
    expect(quote).toContain('SOC 2');
    expect(line.includes(quote)).toBe(true);
    expect(quote.startsWith('word')).toBe(true);
    expect(line[line.indexOf(quote) - 1]).toBe(' ');
  });

  it('returns null for an empty range', () => {
    expect(quoteAround('abc', 1, 1)).toBeNull();
  });

  it('is always a bounded, trimmed substring that keeps a short match (property)', () => {
    const token = fc.constantFrom('alpha', 'beta.', 'gamma!', 'delta?', ' ', '  ', '\n', 'x', '“quoted”', 'SOC 2');
    fc.assert(
      fc.property(fc.array(token, { minLength: 1, maxLength: 400 }), fc.boolean(), fc.nat(), fc.integer({ min: 1, max: 40 }), (tokens, oneLine, at, length) => {
        // One-line texts exercise the sentence and window cuts of long lines.
        const text = oneLine ? tokens.join('').replaceAll('\n', ' ') : tokens.join('');
        const start = at % text.length;
        const end = Math.min(text.length, start + length);
        const quote = quoteAround(text, start, end);
        if (quote === null) return;
        expect(text.includes(quote)).toBe(true);
        expect(quote.length).toBeLessThanOrEqual(MAX_QUOTE_LENGTH);
        expect(quote).toBe(quote.trim());
        const lineEnd = text.indexOf('\n', start);
        const match = text.slice(start, Math.min(end, lineEnd === -1 ? end : lineEnd)).trim();
        if (match) expect(quote).toContain(match);
      }),
    );
  });
});

describe('quoteOf', () => {
  it('quotes the line of a needle, or nothing when absent', () => {
    expect(quoteOf('a\nPricing plans\nb', 'Pricing')).toBe('Pricing plans');
    expect(quoteOf('a\nb', 'Pricing')).toBeNull();
    expect(quoteOf('a', '')).toBeNull();
  });
});

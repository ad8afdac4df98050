import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageTextIndex, registerTriggerWords } from './text-index.ts';
// Loading the detectors registers their trigger words, as in production.
import './detect-signals.ts';

describe('PageTextIndex', () => {
  const text = 'Webhooks for every event\nNothing here\nOur REST API and webhook retries\nAPIs galore';
  const index = new PageTextIndex(text);

  it('finds lines by word prefix, case-insensitively, in order', () => {
    expect(index.linesWithAny(['webhook'])).toEqual([0, 2]);
    expect(index.linesWithAny(['api', 'webhook'])).toEqual([0, 2, 3]);
    expect(index.linesWithAny(['sso'])).toEqual([]);
  });

  it('returns the first match as offsets into the whole text', () => {
    const match = index.firstMatch(/\bREST API\b/, ['api']);
    expect(match).not.toBeNull();
    expect(text.slice(match!.start, match!.end)).toBe('REST API');
    expect(index.firstMatch(/\bGraphQL\b/, ['api'])).toBeNull();
  });

  it('only matches words at the start of a token', () => {
    expect(new PageTextIndex('rapid results').linesWithAny(['api'])).toEqual([]);
  });

  it('merges several words into ascending lines, each once, and matches on the first line that fits (property)', () => {
    const words = ['api', 'webhook', 'token', 'uptime', 'research'];
    const line = fc.array(fc.constantFrom('API', 'webhooks', 'Tokens', 'uptime', 'research', 'rapid', 'plain', 'REST API'), { maxLength: 4 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.subarray(words, { minLength: 1 }), (lines, chosen) => {
        const page = new PageTextIndex(lines.map((l) => l.join(' ')).join('\n'));
        const union = [...new Set(chosen.flatMap((word) => page.linesWithAny([word])))].sort((a, b) => a - b);
        expect(page.linesWithAny(chosen)).toEqual(union);
        const firstRest = union.find((n) => /\bREST API\b/.test(page.lines[n]!));
        const match = page.firstMatch(/\bREST API\b/, chosen);
        expect(match === null ? undefined : page.lineStarts.findLastIndex((start) => start <= match.start)).toBe(firstRest);
      }),
    );
  });

  it('refuses words that were never registered, and registration once pages are indexed', () => {
    expect(() => index.linesWithAny(['zyzzyva'])).toThrow(/never registered/);
    expect(() => registerTriggerWords(['late'])).toThrow(/before the first page/);
  });
});

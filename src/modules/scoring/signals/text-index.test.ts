import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRIGGER_VOCABULARY } from './detector-catalogue.ts';
import { PageTextIndex, TriggerVocabulary } from './text-index.ts';

describe('PageTextIndex', () => {
  const text = 'Webhooks for every event\nNothing here\nOur REST API and webhook retries\nAPIs galore';
  const index = new PageTextIndex(text, TRIGGER_VOCABULARY);

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
    expect(new PageTextIndex('rapid results', TRIGGER_VOCABULARY).linesWithAny(['api'])).toEqual([]);
  });

  it('merges several words into ascending lines, each once, and matches on the first line that fits (property)', () => {
    const words = ['api', 'webhook', 'token', 'uptime', 'research'];
    const line = fc.array(fc.constantFrom('API', 'webhooks', 'Tokens', 'uptime', 'research', 'rapid', 'plain', 'REST API'), { maxLength: 4 });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.subarray(words, { minLength: 1 }), (lines, chosen) => {
        const page = new PageTextIndex(lines.map((l) => l.join(' ')).join('\n'), TRIGGER_VOCABULARY);
        const union = [...new Set(chosen.flatMap((word) => page.linesWithAny([word])))].sort((a, b) => a - b);
        expect(page.linesWithAny(chosen)).toEqual(union);
        const firstRest = union.find((n) => /\bREST API\b/.test(page.lines[n]!));
        const match = page.firstMatch(/\bREST API\b/, chosen);
        expect(match === null ? undefined : page.lineStarts.findLastIndex((start) => start <= match.start)).toBe(firstRest);
      }),
    );
  });

  it('refuses words outside its vocabulary, and vocabulary words that are not lower-case letters and digits', () => {
    expect(() => index.linesWithAny(['zyzzyva'])).toThrow(/not in the vocabulary/);
    expect(() => new TriggerVocabulary(['Webhook'])).toThrow(/lower-case/);
  });

  it('indexes by the vocabulary it is given: a word covers the longer words it starts', () => {
    const page = new PageTextIndex('Webhooks here\nweb apps there\nnothing', new TriggerVocabulary(['webhook', 'web']));
    expect(page.linesWithAny(['webhook'])).toEqual([0, 1]);
    expect(new PageTextIndex('Webhooks here', new TriggerVocabulary(['api'])).linesWithAny(['api'])).toEqual([]);
  });
});

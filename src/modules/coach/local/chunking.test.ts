import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkForStreaming, DEFAULT_MAX_CHUNK_CHARS } from './chunking.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { composeCoachAnswer } from './local-coach.ts';

/** Text with words, runs of spaces and newlines, long words and astral characters. */
const textArbitrary = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom(' ', '  ', '\n\n', '\t', '😀', 'x'.repeat(70))), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

describe('chunkForStreaming', () => {
  it('reassembles a real answer exactly, in small chunks', () => {
    const answer = composeCoachAnswer({ messages: [{ role: 'user', content: 'Give us a 30/60/90 day plan' }], result: fixtureResult() });
    const chunks = chunkForStreaming(answer);
    expect(chunks.join('')).toBe(answer);
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(DEFAULT_MAX_CHUNK_CHARS);
  });

  it('breaks only at word boundaries when words fit', () => {
    const chunks = chunkForStreaming('one two three four five six seven', 10);
    expect(chunks).toEqual(['one two ', 'three ', 'four five ', 'six seven']);
  });

  it('reassembles any text, keeps every chunk within the limit and never splits a surrogate pair', () => {
    fc.assert(
      fc.property(textArbitrary, fc.integer({ min: 2, max: 80 }), (text, max) => {
        const chunks = chunkForStreaming(text, max);
        expect(chunks.join('')).toBe(text);
        for (const chunk of chunks) {
          expect(chunk.length).toBeGreaterThan(0);
          expect(chunk.length).toBeLessThanOrEqual(max);
          expect(chunk).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
    );
  });

  it('cuts a word longer than the limit into pieces', () => {
    expect(chunkForStreaming('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('gives no chunks for an empty answer and refuses a non-positive limit', () => {
    expect(chunkForStreaming('')).toEqual([]);
    expect(() => chunkForStreaming('text', 0)).toThrow(RangeError);
    expect(() => chunkForStreaming('text', 2.5)).toThrow(RangeError);
  });
});

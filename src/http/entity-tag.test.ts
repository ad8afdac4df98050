import { describe, expect, it } from 'vitest';
import { matchesEntityTag } from './entity-tag.ts';

describe('matchesEntityTag', () => {
  it('matches the tag, its weak form, any of a list, and *', () => {
    expect(matchesEntityTag('"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEntityTag('"x", W/"abc" ', '"abc"')).toBe(true);
    expect(matchesEntityTag('*', '"abc"')).toBe(true);
  });

  it('does not match another tag, nothing, or a tag without its quotes', () => {
    expect(matchesEntityTag('"abd"', '"abc"')).toBe(false);
    expect(matchesEntityTag(undefined, '"abc"')).toBe(false);
    expect(matchesEntityTag('', '"abc"')).toBe(false);
    expect(matchesEntityTag('abc', '"abc"')).toBe(false);
  });
});

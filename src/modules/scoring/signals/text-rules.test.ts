import { describe, expect, it } from 'vitest';
import type { TextRule } from './detection-rules.ts';
import { DETECTOR_FAMILIES, TEXT_RULES, TRIGGER_VOCABULARY } from './detector-catalogue.ts';
import { PageTextIndex } from './text-index.ts';
import { uncoveredPaths } from '../../../../test/trigger-word-coverage.ts';

/** Whether the rule takes the sentence the way detection does: through the page index and its trigger words, then `unless`. */
function ruleMatches(rule: TextRule, sentence: string): boolean {
  const index = new PageTextIndex(sentence, TRIGGER_VOCABULARY);
  return index.firstMatch(rule.pattern, rule.words) !== null && !rule.unless?.test(sentence);
}

/** Whether the rule's own expressions take the sentence, trigger words aside (so a missing word cannot hide a match). */
function patternMatches(rule: TextRule, sentence: string): boolean {
  return rule.pattern.test(sentence) && !rule.unless?.test(sentence);
}

const named = DETECTOR_FAMILIES.flatMap((family) =>
  family.textRules.map((rule, index) => ({ name: `${family.source}.ts rule ${index + 1} (${rule.signal})`, rule })),
);

describe('every text rule in the detector catalogue', () => {
  it('is listed once, through its family', () => {
    expect(named).toHaveLength(TEXT_RULES.length);
    expect(TEXT_RULES.length).toBeGreaterThan(100);
  });

  it.each(named)('$name matches each of its examples and none of its non-examples', ({ rule }) => {
    expect(rule.examples.length, 'examples').toBeGreaterThan(0);
    expect(rule.nonExamples.length, 'non-examples').toBeGreaterThan(0);
    for (const example of rule.examples) expect(ruleMatches(rule, example), `example: ${example}`).toBe(true);
    for (const nonExample of rule.nonExamples) expect(patternMatches(rule, nonExample), `non-example: ${nonExample}`).toBe(false);
  });

  it.each(named)('$name has trigger words covering every text its pattern can match', ({ rule }) => {
    // A path listed here is text the pattern matches on a line the index would never try: a trigger word is missing.
    expect(uncoveredPaths(rule.pattern, rule.words)).toEqual([]);
  });
});

describe('uncoveredPaths (the trigger-word check)', () => {
  it('finds a word a pattern needs that the list misses', () => {
    expect(uncoveredPaths(/\b(?:GDPR|HIPAA|DPA)\b/, ['gdpr', 'hipaa', 'dpa'])).toEqual([]);
    expect(uncoveredPaths(/\b(?:GDPR|HIPAA|DPA)\b/, ['gdpr', 'hipaa'])).toEqual(['#dpa#']);
    // "relies" does not start with "rely": the index would never try a line whose only trigger is "relies on".
    expect(uncoveredPaths(/\brel(?:y|ies) on\b/i, ['rely'])).not.toEqual([]);
    expect(uncoveredPaths(/\brel(?:y|ies) on\b/i, ['rely', 'relies'])).toEqual([]);
  });

  it('reads a word as a token prefix: it covers longer tokens, not shorter ones or ones glued behind another', () => {
    expect(uncoveredPaths(/\bwebhooks?\b/i, ['webhook'])).toEqual([]);
    expect(uncoveredPaths(/\bweb\b/i, ['webhook'])).not.toEqual([]);
    expect(uncoveredPaths(/\bpost-?mortems?\b/i, ['post'])).toEqual([]);
    expect(uncoveredPaths(/\bpost-?mortems?\b/i, ['mortem'])).not.toEqual([]);
    // Text before the match is unknown: "mortem" may be glued to "post" there.
    expect(uncoveredPaths(/mortem/i, ['mortem'])).not.toEqual([]);
  });

  it('unfolds small classes and bounded repeats, and knows a lookbehind that bars word characters starts a token', () => {
    expect(uncoveredPaths(/\b(?:Q[1-4]) 20\d\d\b/, ['q1', 'q2', 'q3', 'q4'])).toEqual([]);
    expect(uncoveredPaths(/\b(?:Q[1-4]) 20\d\d\b/, ['q1', 'q2', 'q3'])).toEqual(['#q4 20??#']);
    expect(uncoveredPaths(/\banonymi[sz]ed\b/i, ['anonymis'])).toEqual(['#anonymized#']);
    expect(uncoveredPaths(/(?<![\w-])free plan\b/i, ['free'])).toEqual([]);
    expect(uncoveredPaths(/\bwe (?:\w+ ){0,3}?usage\b/i, ['usage'])).toEqual([]);
  });
});

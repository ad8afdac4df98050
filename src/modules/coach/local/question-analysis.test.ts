import { describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../../../framework/dimensions.ts';
import { FUNCTIONS } from '../../../framework/functions.ts';
import { DIMENSION_SYNONYMS, FUNCTION_SYNONYMS } from '../../../framework/synonyms.ts';
import { analyseQuestion, followUpOf, isFollowUp, strongestIntent } from './question-analysis.ts';

describe('recognising dimensions', () => {
  it('resolves every synonym and every dimension name to its own dimension', () => {
    const misread: string[] = [];
    for (const dimension of DIMENSIONS) {
      for (const phrase of [dimension.name, ...DIMENSION_SYNONYMS[dimension.id]]) {
        const found = analyseQuestion(`How do we get better at ${phrase}?`).dimensions;
        if (found[0] !== dimension.id) misread.push(`${phrase} -> ${found.join(',') || 'nothing'} (expected ${dimension.id})`);
      }
    }
    expect(misread).toEqual([]);
  });

  it('accepts plurals, capitals and punctuation', () => {
    expect(analyseQuestion('Should we publish COMPETITOR comparison pages?').dimensions[0]).toBe('competitive_positioning');
    expect(analyseQuestion('We run A/B-tests sometimes').dimensions).toEqual(['quality_experimentation']);
    expect(analyseQuestion('our case studies are thin').dimensions).toEqual(['customer_signal_synthesis']);
    expect(analyseQuestion('SOC2?').dimensions).toEqual(['trust_security']);
  });

  it('prefers the longer phrase where phrases overlap', () => {
    expect(analyseQuestion('how is our market research?').dimensions).toEqual(['market_intelligence']);
    expect(analyseQuestion('tell me about customer onboarding').dimensions).toEqual(['customer_success']);
    expect(analyseQuestion('what about api docs').dimensions).toEqual(['spec_context_quality']);
    expect(analyseQuestion('our go-to-market').dimensions).toEqual([]);
  });

  it('lists several dimensions in the order they are mentioned, each once', () => {
    expect(analyseQuestion('pricing vs onboarding, and pricing again').dimensions).toEqual(['pricing_packaging', 'experience_design']);
  });

  it('does not read ordinary words as a dimension', () => {
    expect(analyseQuestion('What does our tier mean and how do we plan?').dimensions).toEqual([]);
    expect(analyseQuestion('how does the scoring system work').dimensions).toEqual([]);
  });
});

describe('recognising functions', () => {
  it('resolves every function synonym and label', () => {
    for (const fn of FUNCTIONS) {
      for (const phrase of FUNCTION_SYNONYMS[fn]) {
        expect(analyseQuestion(`how is our ${phrase} doing`).functions, phrase).toEqual([fn]);
      }
    }
  });

  it('reads "strategy vs design" as two functions and a comparison', () => {
    const analysis = analyseQuestion('strategy vs design');
    expect(analysis.functions).toEqual(['strategy', 'design']);
    expect(strongestIntent(analysis)).toBe('compare');
  });
});

describe('reading intent', () => {
  it('keeps cue words inside a subject phrase from counting as cues', () => {
    expect(strongestIntent(analyseQuestion('how should we set our pricing plans'))).not.toBe('plan');
    expect(strongestIntent(analyseQuestion('build vs buy'))).not.toBe('compare');
  });

  it('recognises the main requests', () => {
    expect(strongestIntent(analyseQuestion('Give us a 30/60/90-day plan'))).toBe('plan');
    expect(strongestIntent(analyseQuestion('What does our total mean?'))).toBe('tier');
    expect(strongestIntent(analyseQuestion('Which scores are lowest?'))).toBe('gaps');
    expect(strongestIntent(analyseQuestion('What are we strongest at?'))).toBe('strengths');
    expect(strongestIntent(analyseQuestion('what evidence was missing?'))).toBe('evidence');
    expect(strongestIntent(analyseQuestion('how does the framework work?'))).toBe('framework');
  });

  it('tells follow-ups from new questions', () => {
    for (const text of ['tell me more', 'Why?', 'and the next one?', 'what else?', 'go on', 'the second one']) {
      expect(isFollowUp(analyseQuestion(text)), text).toBe(true);
    }
    for (const text of ['why is our pricing low?', 'tell me more about analytics', 'what is our next tier?', 'hello']) {
      expect(isFollowUp(analyseQuestion(text)), text).toBe(false);
    }
    expect(followUpOf(analyseQuestion('and the next one?'))).toBe('next');
    expect(analyseQuestion('tell me about the second one').ordinal).toBe(1);
  });
});

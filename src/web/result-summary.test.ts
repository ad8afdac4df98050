import { describe, expect, it } from 'vitest';
import { DIMENSIONS } from '../framework/dimensions.ts';
import { FUNCTIONS } from '../framework/functions.ts';
import { stageForLevel } from '../framework/tiers.ts';
import type { DimensionScore } from '../modules/scoring/result-schema.ts';
import { companyLabel, evidenceItems, functionSummaries } from './result-summary.ts';

function dimension(id: DimensionScore['dimensionId'], score: number): DimensionScore {
  return { dimensionId: id, dimensionName: id, score, stageName: stageForLevel(score), evidence: '', confidence: 'low', reasoning: '' };
}

describe('functionSummaries', () => {
  it('groups all 27 dimensions under the six functions, in order, with each mean to one decimal', () => {
    const dimensions = DIMENSIONS.map((d, i) => dimension(d.id, (i % 4) + 1));
    const summaries = functionSummaries({ dimensions });
    expect(summaries.map((s) => s.id)).toEqual([...FUNCTIONS]);
    expect(summaries.reduce((n, s) => n + s.dimensions.length, 0)).toBe(27);
    for (const summary of summaries) {
      const mean = summary.dimensions.reduce((sum, d) => sum + d.score, 0) / summary.dimensions.length;
      expect(summary.average).toBeCloseTo(mean, 1);
      expect(summary.dimensions.every((d) => DIMENSIONS.find((x) => x.id === d.dimensionId)!.function === summary.id)).toBe(true);
    }
  });
});

describe('evidenceItems', () => {
  it('splits quotes and observations with their pages', () => {
    const text = '"We publish RFCs; see (our) handbook." (https://a.example/eng/); Script loaded from cdn.segment.com (https://a.example/)';
    expect(evidenceItems(text)).toEqual([
      { kind: 'quote', text: 'We publish RFCs; see (our) handbook.', url: 'https://a.example/eng/' },
      { kind: 'observation', text: 'Script loaded from cdn.segment.com', url: 'https://a.example/' },
    ]);
  });

  it('keeps an absence, or text of another form, whole and without a page', () => {
    expect(evidenceItems('No public evidence for Pricing was found on the crawled pages.')).toEqual([
      { kind: 'observation', text: 'No public evidence for Pricing was found on the crawled pages.', url: null },
    ]);
    expect(evidenceItems('')).toEqual([]);
  });
});

describe('companyLabel', () => {
  it('prefers the scored name, else the host', () => {
    expect(companyLabel({ companyName: 'Acme', url: 'https://acme.example/' })).toBe('Acme');
    expect(companyLabel({ url: 'https://acme.example/x' })).toBe('acme.example');
  });
});

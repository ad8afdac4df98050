import { describe, expect, it } from 'vitest';
import { DIMENSION_IDS } from '../../../framework/dimensions.ts';
import { PLAYBOOK, playbookStep, STEP_EFFORTS } from '../../../framework/playbook.ts';

/** Enough items per list for a real answer; the coach shows three of each. */
const ITEMS_PER_LIST = 3;

describe('the playbook', () => {
  it('covers every dimension and every step up, with practices, first steps, metrics and a pitfall', () => {
    for (const id of DIMENSION_IDS) {
      const playbook = PLAYBOOK[id];
      expect(playbook.whyItMatters.length, id).toBeGreaterThan(40);
      expect(playbook.steps, id).toHaveLength(3);
      for (const step of playbook.steps) {
        expect(step.practices.length, id).toBeGreaterThanOrEqual(ITEMS_PER_LIST);
        expect(step.firstSteps.length, id).toBeGreaterThanOrEqual(ITEMS_PER_LIST);
        expect(step.metrics.length, id).toBeGreaterThanOrEqual(ITEMS_PER_LIST);
        expect(step.pitfall.length, id).toBeGreaterThan(20);
        expect(STEP_EFFORTS).toContain(step.effort);
      }
      expect(playbook.sustain.practices.length, id).toBeGreaterThanOrEqual(ITEMS_PER_LIST);
      expect(playbook.sustain.metrics.length, id).toBeGreaterThanOrEqual(2);
    }
  });

  it('never repeats a practice, first step or pitfall: advice is specific, not templated', () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    for (const id of DIMENSION_IDS) {
      const { steps, sustain } = PLAYBOOK[id];
      const lines = [...steps.flatMap((s) => [...s.practices, ...s.firstSteps, s.pitfall]), ...sustain.practices];
      for (const line of lines) {
        const where = seen.get(line);
        if (where) repeats.push(`${line} (${where} and ${id})`);
        seen.set(line, id);
      }
    }
    expect(repeats).toEqual([]);
  });

  it('gives the step from each level and none beyond the top', () => {
    expect(playbookStep('pricing_packaging', 1)).toBe(PLAYBOOK.pricing_packaging.steps[0]);
    expect(playbookStep('pricing_packaging', 3)).toBe(PLAYBOOK.pricing_packaging.steps[2]);
    expect(playbookStep('pricing_packaging', 4)).toBeNull();
    expect(() => playbookStep('pricing_packaging', 0)).toThrow(RangeError);
    expect(() => playbookStep('pricing_packaging', 5)).toThrow(RangeError);
  });
});

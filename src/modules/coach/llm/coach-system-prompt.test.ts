/** The LLM coach's system prompt says when the result is a quick score, so its advice does not read a missing page as a gap. */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { coachSystemPrompt } from './coach-system-prompt.ts';

describe('coachSystemPrompt', () => {
  it('notes a quick score under the total, and says nothing of depth for a full one or a result without it', () => {
    const quick = coachSystemPrompt(fixtureResult({ depth: 'quick' }));
    expect(quick).toMatch(/Total score: \d+ of 108, tier \w+\nDepth: a quick score of the start page and a few more\./);
    const { depth: _, ...withoutDepth } = fixtureResult();
    for (const prompt of [coachSystemPrompt(fixtureResult()), coachSystemPrompt(withoutDepth)]) expect(prompt).not.toContain('Depth:');
  });
});

/** The LLM coach's system prompt says when the result is a quick score, so its advice does not read a missing page as a gap. */
import { describe, expect, it } from 'vitest';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { scoreChange } from '../../scoring/score-change.ts';
import { NO_CONTEXT } from '../coach-context.ts';
import { coachSystemPrompt } from './coach-system-prompt.ts';

describe('coachSystemPrompt', () => {
  it('notes a quick score under the total, and says nothing of depth for a full one or a result without it', () => {
    const quick = coachSystemPrompt(fixtureResult({ depth: 'quick' }));
    expect(quick).toMatch(/Total score: \d+ of 108, tier \w+\nDepth: a quick score of the start page and a few more\./);
    const { depth: _, ...withoutDepth } = fixtureResult();
    for (const prompt of [coachSystemPrompt(fixtureResult()), coachSystemPrompt(withoutDepth)]) expect(prompt).not.toContain('Depth:');
  });

  it('adds the result a conversation compares with, and where each leads', () => {
    const rival = { ...fixtureResult({ levels: { pricing_packaging: 4 } }), companyName: 'Rival', url: 'https://rival.example/' };
    const prompt = coachSystemPrompt(fixtureResult(), { ...NO_CONTEXT, comparedWith: rival });
    expect(prompt).toContain('## The result it is compared with\nCompany: Rival (https://rival.example/)');
    expect(prompt).toContain('The compared result leads on: pricing_packaging 1 vs 4');
    expect(coachSystemPrompt(fixtureResult())).not.toContain('compared with');
  });

  it("gives the model the interview's goals and team, and what moved since the previous score", () => {
    const previous = { ...fixtureResult({ levels: { delivery_velocity: 2 } }), id: 'before', createdAt: '2026-10-01T09:00:00.000Z' };
    const current = fixtureResult();
    const prompt = coachSystemPrompt(current, {
      comparedWith: null,
      interview: { role: 'Head of Product', goals: ['Fix our pricing page'], teamSize: 12, productName: 'Ledgerly' },
      change: scoreChange(previous, current),
    });
    expect(prompt).toContain('Role: Head of Product. Product: Ledgerly. People working on it: 12.');
    expect(prompt).toContain('Their goals: "Fix our pricing page".');
    expect(prompt).toContain('Dimensions that moved: delivery_velocity 2 -> 3.');
  });
});

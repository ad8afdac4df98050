import { describe, expect, it } from 'vitest';
import { NO_USAGE } from './credit-ledger.ts';
import { thresholdsCrossed } from './usage-thresholds.ts';

const FREE = { credits: 80, scores: 3, chatMessages: 30, apiCalls: 0 };
const score = { ...NO_USAGE, credits: 10, scores: 1 };
const chat = { ...NO_USAGE, credits: 1, chatMessages: 1 };

describe('thresholdsCrossed', () => {
  it('names the marks a charge carried usage across, and only those', () => {
    expect(thresholdsCrossed(score, { ...NO_USAGE, credits: 20, scores: 2 }, FREE)).toEqual([]);
    expect(thresholdsCrossed(score, { ...NO_USAGE, credits: 30, scores: 3 }, FREE)).toEqual([
      { metric: 'scores', threshold: 80, used: 3, limit: 3 },
      { metric: 'scores', threshold: 100, used: 3, limit: 3 },
    ]);
  });

  it('counts 80% exactly: the charge that reaches it crosses, the one after does not', () => {
    const limits = { ...FREE, credits: 25, scores: null };
    expect(thresholdsCrossed(chat, { ...NO_USAGE, credits: 19 }, limits)).toEqual([]);
    expect(thresholdsCrossed(chat, { ...NO_USAGE, credits: 20 }, limits)).toEqual([{ metric: 'credits', threshold: 80, used: 20, limit: 25 }]);
    expect(thresholdsCrossed(chat, { ...NO_USAGE, credits: 21 }, limits)).toEqual([]);
    expect(thresholdsCrossed(chat, { ...NO_USAGE, credits: 25 }, limits)).toEqual([{ metric: 'credits', threshold: 100, used: 25, limit: 25 }]);
  });

  it('crosses nothing on an unlimited metric or one the charge did not touch', () => {
    const unlimited = { credits: null, scores: null, chatMessages: null, apiCalls: null };
    expect(thresholdsCrossed(score, { ...NO_USAGE, credits: 1000, scores: 100 }, unlimited)).toEqual([]);
    expect(thresholdsCrossed({ ...NO_USAGE, apiCalls: 1 }, { ...NO_USAGE, credits: 80, scores: 3 }, FREE)).toEqual([]);
  });
});

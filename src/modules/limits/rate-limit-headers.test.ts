import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SCORE_CAP, CHAT_RATE_LIMIT, SCORE_RATE_LIMIT, type RateLimitPolicy } from './policies.ts';
import { rateLimitFields, retryAfterSeconds } from './rate-limit-headers.ts';
import type { RateLimitDecision } from './rate-limiter.ts';

const decision = (overrides: Partial<RateLimitDecision>): RateLimitDecision => ({
  allowed: true,
  limit: 5,
  remaining: 4,
  msUntilNextSlot: 60_000,
  storeFailed: false,
  ...overrides,
});

describe('RateLimit-Policy and RateLimit fields', () => {
  it('names the policy as a structured string with its quota and window', () => {
    expect(rateLimitFields(SCORE_RATE_LIMIT, decision({ remaining: 3, msUntilNextSlot: 42_000 }))).toEqual({
      'RateLimit-Policy': '"score";q=5;w=60',
      RateLimit: '"score";r=3;t=42',
    });
    expect(rateLimitFields(CHAT_RATE_LIMIT, decision({ limit: 30, remaining: 0, msUntilNextSlot: 1 }))).toEqual({
      'RateLimit-Policy': '"chat";q=30;w=60',
      RateLimit: '"chat";r=0;t=1',
    });
    expect(rateLimitFields(ANONYMOUS_SCORE_CAP, decision({ limit: 1, remaining: 0, msUntilNextSlot: 0 })).RateLimit).toBe('"anonymous-score";r=0;t=0');
  });

  it('escapes quotes and backslashes and refuses what a structured string cannot carry', () => {
    const policy = (name: string): RateLimitPolicy => ({ ...SCORE_RATE_LIMIT, name });
    expect(rateLimitFields(policy('a"b\\c'), decision({}))['RateLimit-Policy']).toBe('"a\\"b\\\\c";q=5;w=60');
    expect(() => rateLimitFields(policy('é'), decision({}))).toThrow(RangeError);
    expect(() => rateLimitFields(policy('a\nb'), decision({}))).toThrow(RangeError);
  });
});

describe('Retry-After', () => {
  it('is the whole window for per-action limits, as part 8 says', () => {
    expect(retryAfterSeconds(SCORE_RATE_LIMIT, decision({ allowed: false, msUntilNextSlot: 12_345 }))).toBe(60);
    expect(retryAfterSeconds(CHAT_RATE_LIMIT, decision({ allowed: false, msUntilNextSlot: 1 }))).toBe(60);
  });

  it('is the real wait for the anonymous cap, rounded up to whole seconds and never 0', () => {
    expect(retryAfterSeconds(ANONYMOUS_SCORE_CAP, decision({ allowed: false, msUntilNextSlot: 2_400_000 }))).toBe(2400);
    expect(retryAfterSeconds(ANONYMOUS_SCORE_CAP, decision({ allowed: false, msUntilNextSlot: 2_400_001 }))).toBe(2401);
    expect(retryAfterSeconds(ANONYMOUS_SCORE_CAP, decision({ allowed: false, msUntilNextSlot: 1 }))).toBe(1);
    expect(retryAfterSeconds(ANONYMOUS_SCORE_CAP, decision({ allowed: false, msUntilNextSlot: 0 }))).toBe(1);
  });

  it('is 60 s whenever the store failed, whatever the policy', () => {
    const failed = decision({ allowed: false, remaining: 0, storeFailed: true, msUntilNextSlot: 60_000 });
    expect(retryAfterSeconds(ANONYMOUS_SCORE_CAP, failed)).toBe(60);
    expect(retryAfterSeconds(SCORE_RATE_LIMIT, failed)).toBe(60);
  });
});

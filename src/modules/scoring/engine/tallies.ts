/**
 * The shapes a dimension's assessment is told in, shared by the engine
 * (dimension-score.ts), its evidence text and its reasoning, so that none of
 * them imports another's file for a type.
 */
import type { SignalId } from '../../../framework/signal-types.ts';
import type { Finding } from '../artifacts.ts';

export type Level = 1 | 2 | 3 | 4;

/** The findings of one signal that counted, strongest first, and what they were worth. */
export interface SignalTally {
  signal: SignalId;
  points: number;
  findings: Finding[];
}

/** An anti-pattern's ceiling on a dimension's level. */
export interface LevelCap {
  maxLevel: number;
  /** The anti-pattern's name, for the reasoning. */
  reason: string;
}

/**
 * One dimension's findings -> points -> level, confidence, evidence text and
 * reasoning, following the rubric (src/framework/rubric.ts) exactly.
 */
import { dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import {
  CONFIDENCE_THRESHOLDS,
  CURVES,
  DISTINCT_SIGNALS_FOR_LEVEL,
  MAX_COUNTED_REPEATS,
  REPEAT_DECAY,
  RUBRIC,
  type LevelCurve,
} from '../../../framework/rubric.ts';
import { signalType, type SignalId } from '../../../framework/signal-types.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import type { DimensionScore } from '../result-schema.ts';
import { compareText } from '../signals/canonical-order.ts';
import { describeEvidence } from './evidence-text.ts';

export type Level = 1 | 2 | 3 | 4;
export type Confidence = DimensionScore['confidence'];

/** The findings of one signal that counted, strongest first, and what they were worth. */
export interface SignalTally {
  signal: SignalId;
  points: number;
  findings: Finding[];
}

/** Why a dimension got its level: kept to ground the optional LLM refinement. */
export interface DimensionGrounding {
  points: number;
  /** The findings that counted, strongest signal first. */
  findings: Finding[];
  /** Expected signals with no finding, heaviest first. */
  missingSignals: SignalId[];
  /** The anti-pattern that capped the level, if any. */
  cappedBy: string | null;
}

export interface DimensionAssessment extends DimensionGrounding {
  score: DimensionScore;
}

export interface LevelCap {
  maxLevel: number;
  /** The anti-pattern's name, for the reasoning. */
  reason: string;
}

const POINTS_PRECISION = 1000;

function byStrength(a: Finding, b: Finding): number {
  return b.strength - a.strength || compareText(a.url, b.url) || compareText(a.evidence.text, b.evidence.text);
}

/** Steps 1-3 of the rubric: weight x strength, repeats decayed, summed per signal; heaviest signal first. */
export function tallySignals(dimensionId: DimensionId, findings: readonly Finding[]): SignalTally[] {
  const weights = RUBRIC[dimensionId].weights;
  const bySignal = new Map<SignalId, Finding[]>();
  for (const finding of findings) {
    const signal = finding.signal as SignalId;
    if (finding.dimensionId !== dimensionId || !weights[signal]) continue;
    const group = bySignal.get(signal);
    if (group) group.push(finding);
    else bySignal.set(signal, [finding]);
  }
  const tallies: SignalTally[] = [];
  for (const [signal, signalFindings] of bySignal) {
    const counted = signalFindings.sort(byStrength).slice(0, MAX_COUNTED_REPEATS);
    const raw = counted.reduce((sum, finding, k) => sum + weights[signal]! * finding.strength * REPEAT_DECAY ** k, 0);
    tallies.push({ signal, points: Math.round(raw * POINTS_PRECISION) / POINTS_PRECISION, findings: counted });
  }
  return tallies.sort((a, b) => b.points - a.points || compareText(a.signal, b.signal));
}

/** Step 4 of the rubric: the highest level whose control point and diversity floor are both met. */
export function levelFor(points: number, distinctSignals: number, curve: LevelCurve): Level {
  const needs: [Exclude<Level, 1>, number][] = [
    [4, curve.pointsForLevel4],
    [3, curve.pointsForLevel3],
    [2, curve.pointsForLevel2],
  ];
  for (const [level, pointsNeeded] of needs) {
    if (points >= pointsNeeded && distinctSignals >= DISTINCT_SIGNALS_FOR_LEVEL[level]) return level;
  }
  return 1;
}

export function confidenceFor(findings: readonly Finding[], distinctSignals: number): Confidence {
  const pages = new Set(findings.map((finding) => finding.url)).size;
  const { high, medium } = CONFIDENCE_THRESHOLDS;
  if (findings.length >= high.findings && distinctSignals >= high.signals && pages >= high.pages) return 'high';
  if (findings.length >= medium.findings && (distinctSignals >= medium.signalsOrPages || pages >= medium.signalsOrPages)) return 'medium';
  return 'low';
}

export function assessDimension(dimensionId: DimensionId, findings: readonly Finding[], cap: LevelCap | null): DimensionAssessment {
  const dimension = dimensionById(dimensionId);
  const rubric = RUBRIC[dimensionId];
  const curve = CURVES[rubric.curve];
  const tallies = tallySignals(dimensionId, findings);
  const points = Math.round(tallies.reduce((sum, t) => sum + t.points, 0) * POINTS_PRECISION) / POINTS_PRECISION;
  const uncapped = levelFor(points, tallies.length, curve);
  const capped = cap !== null && uncapped > cap.maxLevel;
  const level = (capped ? cap.maxLevel : uncapped) as Level;
  const found = new Set(tallies.map((t) => t.signal));
  const missingSignals = (Object.entries(rubric.weights) as [SignalId, number][])
    .filter(([signal]) => !found.has(signal))
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([signal]) => signal);
  const counted = tallies.flatMap((t) => t.findings);

  return {
    score: {
      dimensionId,
      dimensionName: dimension.name,
      score: level,
      stageName: stageForLevel(level),
      evidence: describeEvidence(dimension.name, tallies),
      confidence: confidenceFor(counted, tallies.length),
      reasoning: explainLevel({ level, points, curve, tallies, missingSignals, cap: capped ? cap : null }),
    },
    points,
    findings: counted,
    missingSignals,
    cappedBy: capped ? cap.reason : null,
  };
}

interface Explanation {
  level: Level;
  points: number;
  curve: LevelCurve;
  tallies: readonly SignalTally[];
  missingSignals: readonly SignalId[];
  cap: LevelCap | null;
}

const CONTROL_POINTS: Record<Exclude<Level, 1>, keyof LevelCurve> = { 2: 'pointsForLevel2', 3: 'pointsForLevel3', 4: 'pointsForLevel4' };

function explainLevel({ level, points, curve, tallies, missingSignals, cap }: Explanation): string {
  const expected = tallies.length + missingSignals.length;
  const missing = missingSignals.map((signal) => signalType(signal).label);
  if (tallies.length === 0) {
    return `Level 1: none of the ${expected} expected signals was found on the crawled pages (${listOf(missing)}).`;
  }
  const foundLabels = tallies.map((t) => (t.findings.length > 1 ? `${signalType(t.signal).label} (${t.findings.length} findings)` : signalType(t.signal).label));
  const sentences = [`Found ${tallies.length} of ${expected} expected signals: ${listOf(foundLabels)}, worth ${formatPoints(points)}.`];
  if (cap) {
    sentences.push(`The level is capped at ${cap.maxLevel} because of the anti-pattern "${cap.reason}".`);
  } else if (level < 4) {
    const next = (level + 1) as Exclude<Level, 1>;
    sentences.push(
      `Level ${next} needs ${formatPoints(curve[CONTROL_POINTS[next]])} from at least ${DISTINCT_SIGNALS_FOR_LEVEL[next]} distinct signals.`,
    );
  }
  if (missing.length > 0) sentences.push(`Not found: ${listOf(missing)}.`);
  return sentences.join(' ');
}

/** "1 point", "3.5 points". */
function formatPoints(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return `${rounded} point${rounded === 1 ? '' : 's'}`;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

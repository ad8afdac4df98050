/**
 * One dimension's findings -> points -> level, confidence, evidence text and
 * reasoning, following the rubric (src/framework/rubric.ts) exactly. The
 * reasoning is written for the company (reasoning.ts); the arithmetic stays in
 * the grounding, for refinement and `maturity score --explain`.
 */
import { dimensionById, type DimensionId } from '../../../framework/dimensions.ts';
import {
  CONFIDENCE_THRESHOLDS,
  CURVES,
  MAX_COUNTED_REPEATS,
  REPEAT_DECAY,
  RUBRIC,
  FIGURE_BONUS,
  SPECIFIC_QUOTE,
  supportAllows,
  type EvidenceSupport,
  type DimensionRubric,
  type LevelCurve,
} from '../../../framework/rubric.ts';
import type { SignalId } from '../../../framework/signal-types.ts';
import { stageForLevel } from '../../../framework/tiers.ts';
import type { Finding } from '../artifacts.ts';
import type { DimensionScore } from '../result-schema.ts';
import { compareText } from '../compare-text.ts';
import { describeEvidence } from './evidence-text.ts';
import { explainLevel } from './reasoning.ts';
import type { Level, LevelCap, SignalTally } from './tallies.ts';

export type { Level, LevelCap, SignalTally } from './tallies.ts';

export type Confidence = DimensionScore['confidence'];

/** One counted finding's share of the points: weight x strength x figure x decay. */
export interface FindingContribution {
  finding: Finding;
  weight: number;
  /** REPEAT_DECAY^k for the k-th strongest finding of its signal. */
  /** FIGURE_BONUS when the finding's quote states a figure, else 1. */
  figure: number;
  decay: number;
  points: number;
}

/** Why a dimension got its level: kept to ground the optional LLM refinement and for `maturity score --explain`. */
export interface DimensionGrounding {
  points: number;
  /** The findings that counted, strongest signal first. */
  findings: Finding[];
  /** The same findings with what each was worth, in the same order. */
  contributions: FindingContribution[];
  /** Expected signals with no finding, heaviest first. */
  missingSignals: SignalId[];
  /** The level the curve alone gives: control points and diversity floors, before any cap or hold. */
  curveLevel: Level;
  /** The engine's level, after the cap and the quote rule (a refinement may change the public one). */
  level: Level;
  /** The anti-pattern that capped the level, if any. */
  cappedBy: string | null;
  /** True when a level above 2 was held at 2 because no quoted finding supports it by itself. */
  heldWithoutQuote: boolean;
}

export interface DimensionAssessment extends DimensionGrounding {
  score: DimensionScore;
}

const POINTS_PRECISION = 1000;

/** A finding's worth before its weight: its strength, and its figure when its quote states one. */
function worth(finding: Finding): number {
  return finding.strength * figureFactor(finding);
}

function byStrength(a: Finding, b: Finding): number {
  return worth(b) - worth(a) || compareText(a.url, b.url) || compareText(a.evidence.text, b.evidence.text);
}

/** Steps 1-3 of the rubric: weight x strength x figure, repeats decayed, summed per signal; heaviest signal first. */
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
    const raw = counted.reduce((sum, finding, k) => sum + weights[signal]! * worth(finding) * REPEAT_DECAY ** k, 0);
    tallies.push({ signal, points: Math.round(raw * POINTS_PRECISION) / POINTS_PRECISION, findings: counted });
  }
  return tallies.sort((a, b) => b.points - a.points || compareText(a.signal, b.signal));
}

/** A quote that states a figure counts FIGURE_BONUS times: the rubric's step 1. */
export function figureFactor(finding: Finding): number {
  return isSpecific(finding) ? FIGURE_BONUS : 1;
}

function isSpecific(finding: Finding): boolean {
  return (
    (finding.evidence.kind === 'quote' && SPECIFIC_QUOTE.test(finding.evidence.text)) ||
    (finding.evidence.kind === 'observation' && finding.evidence.source === 'dates')
  );
}

/** How far the findings hang together (rubric step 4): distinct signals, pages, a specific quote. */
export function supportOf(findings: readonly Finding[]): EvidenceSupport {
  return {
    signals: new Set(findings.map((finding) => finding.signal)).size,
    pages: new Set(findings.map((finding) => finding.url)).size,
    specific: findings.some(isSpecific),
  };
}

/** Step 4 of the rubric: the highest level whose control point is reached and whose support is met. */
export function levelFor(points: number, support: EvidenceSupport, curve: LevelCurve): Level {
  const needs: [Exclude<Level, 1>, number][] = [
    [4, curve.pointsForLevel4],
    [3, curve.pointsForLevel3],
    [2, curve.pointsForLevel2],
  ];
  for (const [level, pointsNeeded] of needs) {
    if (points >= pointsNeeded && supportAllows(level, support)) return level;
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

/**
 * Whether one quoted finding is worth, by itself (weight x strength), what the
 * curve asks for level 2. A level 3 or 4 stands on such a sentence, so markup,
 * passing mentions and weak claims alone never make one.
 */
function standsOnQuote(tallies: readonly SignalTally[], weights: DimensionRubric['weights'], curve: LevelCurve): boolean {
  return tallies.some((tally) =>
    tally.findings.some(
      (finding) =>
        finding.evidence.kind === 'quote' &&
        Math.round(weights[tally.signal]! * finding.strength * POINTS_PRECISION) / POINTS_PRECISION >= curve.pointsForLevel2,
    ),
  );
}

/** The highest level findings reach without a quoted sentence that supports them by itself. */
const MAX_LEVEL_WITHOUT_QUOTE: Level = 2;

/**
 * One dimension's level, confidence, evidence and reasoning. `crawledPages` are
 * the canonical URLs of every page read, root first, so the reasoning can say
 * where it looked; `companyName` lets it speak of the company by name.
 */
export function assessDimension(
  dimensionId: DimensionId,
  findings: readonly Finding[],
  cap: LevelCap | null,
  crawledPages: readonly string[],
  companyName: string | null = null,
): DimensionAssessment {
  const dimension = dimensionById(dimensionId);
  const rubric = RUBRIC[dimensionId];
  const curve = CURVES[rubric.curve];
  const tallies = tallySignals(dimensionId, findings);
  const points = Math.round(tallies.reduce((sum, t) => sum + t.points, 0) * POINTS_PRECISION) / POINTS_PRECISION;
  const counted = tallies.flatMap((t) => t.findings);
  const support = supportOf(counted);
  const curveLevel = levelFor(points, support, curve);
  const capped = cap !== null && curveLevel > cap.maxLevel;
  const afterCap = (capped ? cap.maxLevel : curveLevel) as Level;
  const heldWithoutQuote = afterCap > MAX_LEVEL_WITHOUT_QUOTE && !standsOnQuote(tallies, rubric.weights, curve);
  const level = heldWithoutQuote ? MAX_LEVEL_WITHOUT_QUOTE : afterCap;
  const found = new Set(tallies.map((t) => t.signal));
  const missingSignals = (Object.entries(rubric.weights) as [SignalId, number][])
    .filter(([signal]) => !found.has(signal))
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([signal]) => signal);
  const contributions = tallies.flatMap((t) =>
    t.findings.map((finding, k) => {
      const weight = rubric.weights[t.signal]!;
      const decay = REPEAT_DECAY ** k;
      const figure = figureFactor(finding);
      return { finding, weight, figure, decay, points: Math.round(weight * finding.strength * figure * decay * POINTS_PRECISION) / POINTS_PRECISION };
    }),
  );

  return {
    score: {
      dimensionId,
      dimensionName: dimension.name,
      score: level,
      stageName: stageForLevel(level),
      evidence: describeEvidence(dimension.name, tallies),
      confidence: confidenceFor(counted, tallies.length),
      reasoning: explainLevel({ dimensionId, level, tallies, support, missingSignals, cap: capped ? cap : null, heldWithoutQuote, crawledPages, companyName }),
    },
    points,
    findings: counted,
    contributions,
    missingSignals,
    curveLevel,
    level,
    cappedBy: capped ? cap.reason : null,
    heldWithoutQuote,
  };
}

/**
 * A ScoringResult as a report a person reads in a terminal, and (for
 * `--explain`) the rubric arithmetic behind each level, which the result's
 * reasoning leaves out.
 */
import { DIMENSIONS, dimensionById, type DimensionId } from '../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS } from '../framework/functions.ts';
import { CURVES, FIGURE_BONUS, LEVEL_SUPPORT, MAX_COUNTED_REPEATS, REPEAT_DECAY, RUBRIC } from '../framework/rubric.ts';
import { MAX_LEVEL } from '../framework/tiers.ts';
import { supportOf } from '../modules/scoring/engine/dimension-score.ts';
import type { DimensionGrounding } from '../modules/scoring/engine/score-site.ts';
import { quickScoreLabelOf } from '../modules/scoring/result-depth.ts';
import type { ScoringResult } from '../modules/scoring/result-schema.ts';

const EVIDENCE_WIDTH = 110;

export function formatScoreReport(result: ScoringResult): string {
  const maxTotal = result.dimensions.length * MAX_LEVEL;
  const byId = new Map(result.dimensions.map((d) => [d.dimensionId, d]));
  const lines: string[] = [
    `${result.companyName ?? new URL(result.url).hostname}  ${result.url}`,
    `Total ${result.totalScore} of ${maxTotal}: ${result.stageName}`,
    `${result.crawlStats?.pagesAnalyzed ?? result.crawledPages?.length ?? 0} pages analysed`,
    ...quickScoreLines(result),
    '',
  ];
  for (const fn of FUNCTIONS) {
    const dimensions = DIMENSIONS.filter((d) => d.function === fn).map((d) => byId.get(d.id)!);
    const sum = dimensions.reduce((total, d) => total + d.score, 0);
    lines.push(`${FUNCTION_LABELS[fn]} (${sum} of ${dimensions.length * MAX_LEVEL})`);
    for (const d of dimensions) {
      lines.push(`  ${d.score}/${MAX_LEVEL} ${d.dimensionName.padEnd(28)} ${d.stageName.padEnd(11)} ${d.confidence} confidence`);
      lines.push(`        ${truncate(d.evidence, EVIDENCE_WIDTH)}`);
    }
    lines.push('');
  }
  lines.push(`Strengths: ${names(result.strengths)}`, `Gaps: ${names(result.gaps)}`);
  if (result.antiPatternsDetected?.length) lines.push(`Anti-patterns: ${result.antiPatternsDetected.join('; ')}`);
  if (result.crossDimensionNotes) lines.push('', result.crossDimensionNotes);
  return `${lines.join('\n')}\n`;
}

/** A quick score says so under its total, with the command that runs the full score. */
function quickScoreLines(result: ScoringResult): string[] {
  const label = quickScoreLabelOf(result);
  if (!label) return [];
  return [`${label}. Not comparable with a full score; for the full score run: maturity score ${result.url}`];
}

/**
 * Per dimension: each counted finding's weight x strength x decay, the total,
 * the curve's control points and diversity floors, any cap or hold, and the
 * level decided, so a reader can redo the engine's sums by hand.
 */
export function formatLevelArithmetic(result: ScoringResult, grounding: Readonly<Record<DimensionId, DimensionGrounding>>): string {
  const decays = Array.from({ length: MAX_COUNTED_REPEATS }, (_, k) => `x${formatNumber(REPEAT_DECAY ** k)}`).join(', ');
  const lines = [
    'How each level was computed',
    `Points per finding = weight x strength x figure (${formatNumber(FIGURE_BONUS)} when its quote states a figure, else 1) x repeat decay (${decays} for a signal's strongest findings; at most ${MAX_COUNTED_REPEATS} count).`,
  ];
  for (const d of result.dimensions) {
    const basis = grounding[d.dimensionId];
    const rubric = RUBRIC[d.dimensionId];
    const curve = CURVES[rubric.curve];
    const controlPoints = [
      `level 2 needs ${plural(curve.pointsForLevel2, 'point')}`,
      `level 3 ${plural(curve.pointsForLevel3, 'point')} and ${plural(LEVEL_SUPPORT[3].signals, 'signal')} (or one on ${plural(LEVEL_SUPPORT[3].orPages, 'page')}, or a quote with a figure)`,
      `level 4 ${plural(curve.pointsForLevel4, 'point')} and ${plural(LEVEL_SUPPORT[4].signals, 'signal')} on ${plural(LEVEL_SUPPORT[4].pages, 'page')} (or ${LEVEL_SUPPORT[4].orOnOnePage.signals} on one page, with a figure)`,
    ].join(', ');
    lines.push('', `${d.dimensionName} (${d.dimensionId}), ${rubric.curve} curve: ${controlPoints}`);
    for (const { finding, weight, figure, decay, points } of basis.contributions) {
      const sum = `${formatNumber(weight)} x ${formatNumber(finding.strength)} x ${formatNumber(figure)} x ${formatNumber(decay)} = ${formatNumber(points)}`;
      lines.push(`  ${finding.signal.padEnd(34)} ${sum.padEnd(24)} ${finding.evidence.kind.padEnd(11)} ${finding.url}`);
    }
    const support = supportOf(basis.findings);
    const specific = support.specific ? ', a quote with a figure' : '';
    lines.push(
      `  total ${plural(basis.points, 'point')} from ${plural(support.signals, 'distinct signal')} on ${plural(support.pages, 'page')}${specific}: level ${basis.curveLevel} on the curve`,
    );
    if (basis.cappedBy) lines.push(`  capped by the anti-pattern "${basis.cappedBy}"`);
    if (basis.heldWithoutQuote)
      lines.push(`  held at level 2: no quoted finding is worth ${formatNumber(curve.pointsForLevel2)} (weight x strength) by itself`);
    const refined = d.score !== basis.level ? ` (refined to ${d.score} by the language model)` : '';
    lines.push(`  level decided: ${basis.level}${refined}`);
    if (basis.missingSignals.length > 0) lines.push(`  not found: ${basis.missingSignals.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** "1 point", "2.5 points". */
function plural(value: number, unit: string): string {
  return `${formatNumber(value)} ${unit}${value === 1 ? '' : 's'}`;
}

/** At most three decimals, no trailing zeros: "2", "0.25", "1.333". */
function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function names(ids: string[]): string {
  return ids.length > 0 ? ids.map((id) => dimensionById(id as DimensionId).name).join(', ') : 'none';
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/** A ScoringResult as a report a person reads in a terminal. */
import { DIMENSIONS, dimensionById, type DimensionId } from '../framework/dimensions.ts';
import { FUNCTION_LABELS, FUNCTIONS } from '../framework/functions.ts';
import { MAX_LEVEL } from '../framework/tiers.ts';
import type { ScoringResult } from '../modules/scoring/result-schema.ts';

const EVIDENCE_WIDTH = 110;

export function formatScoreReport(result: ScoringResult): string {
  const maxTotal = result.dimensions.length * MAX_LEVEL;
  const byId = new Map(result.dimensions.map((d) => [d.dimensionId, d]));
  const lines: string[] = [
    `${result.companyName ?? new URL(result.url).hostname}  ${result.url}`,
    `Total ${result.totalScore} of ${maxTotal}: ${result.stageName}`,
    `${result.crawlStats?.pagesAnalyzed ?? result.crawledPages?.length ?? 0} pages analysed`,
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

function names(ids: string[]): string {
  return ids.length > 0 ? ids.map((id) => dimensionById(id as DimensionId).name).join(', ') : 'none';
}

function truncate(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

/**
 * Answers about two results side by side: the user's own result against the
 * one it is compared with (a competitor's, or the same site before), from
 * the same comparison the compare page shows (scoring/result-comparison.ts):
 * the totals, where each leads with the evidence behind the other's lead,
 * and the cheapest of those leads to close. Asked about one dimension, both
 * levels and both pieces of evidence.
 */
import type { DimensionId } from '../../../../framework/dimensions.ts';
import { playbookStep } from '../../../../framework/playbook.ts';
import { MAX_LEVEL } from '../../../../framework/tiers.ts';
import { compareResults, type DimensionComparison } from '../../../scoring/result-comparison.ts';
import type { SubmittedResult } from '../../../scoring/result-schema.ts';
import { asItem, bullets, firstEvidence, heading, joinBlocks, lowerFirst } from '../markdown.ts';
import { viewResult, type ResultView } from '../result-view.ts';

/** How many leads each side lists. */
const LEADS_LISTED = 4;

/** The names an answer uses: the companies, or "now" and "before" for two scores of one site. */
function names(view: ResultView, other: ResultView, sameSite: boolean): { own: string; theirs: string } {
  if (!sameSite) return { own: view.company, theirs: other.company };
  const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);
  return { own: `${view.company} on ${day(view.result.createdAt)}`, theirs: `the score of ${day(other.result.createdAt)}` };
}

function evidenceOf(view: ResultView, id: DimensionId): string {
  const score = view.scoreOf(id);
  return score ? `“${firstEvidence(score.evidence)}”` : 'no evidence recorded';
}

function leadLine(lead: DimensionComparison, leader: ResultView, leaderName: string, otherName: string, ownLevel: number, otherLevel: number): string {
  return `**${lead.dimensionName}**: ${leaderName} ${ownLevel}, ${otherName} ${otherLevel}. ${leaderName}: ${evidenceOf(leader, lead.dimensionId)}`;
}

/** The whole comparison, or one dimension of it when the question names one. */
export function comparisonAnswer(result: SubmittedResult, comparedWith: SubmittedResult, dimensionId: DimensionId | null): string {
  const view = viewResult(result);
  const other = viewResult(comparedWith);
  const comparison = compareResults({ ...result, depth: result.depth ?? 'full' }, { ...comparedWith, depth: comparedWith.depth ?? 'full' });
  const { own, theirs } = names(view, other, comparison.sameSite);
  const depthNote = comparison.sameDepth
    ? null
    : 'One of the two is a quick score, read from a few pages: part of any difference is the crawl, not the company. Compare two full scores before acting on a gap.';

  if (dimensionId) {
    const entry = comparison.dimensions.find((d) => d.dimensionId === dimensionId);
    if (entry) {
      const step = entry.a < MAX_LEVEL ? playbookStep(dimensionId, entry.a) : null;
      const verdict =
        entry.delta === 0 ? 'Both are at the same level.' : entry.delta > 0 ? `${own} leads by ${entry.delta}.` : `${theirs} leads by ${-entry.delta}.`;
      return joinBlocks([
        heading(`${entry.dimensionName}: ${own} against ${theirs}`),
        `${own}: level ${entry.a} of ${MAX_LEVEL}. ${theirs}: level ${entry.b} of ${MAX_LEVEL}. ${verdict}`,
        bullets([`${own}: ${evidenceOf(view, dimensionId)}`, `${theirs}: ${evidenceOf(other, dimensionId)}`]),
        step ? `To move ${own} up a level: ${lowerFirst(asItem(step.firstSteps[0]!))}.` : null,
        depthNote,
      ]);
    }
  }

  const total =
    comparison.totalDelta === 0
      ? `Both total ${result.totalScore} of ${MAX_LEVEL * 27}.`
      : `${comparison.totalDelta > 0 ? own : theirs} is ahead by ${Math.abs(comparison.totalDelta)} ${Math.abs(comparison.totalDelta) === 1 ? 'point' : 'points'}: ${result.totalScore} (${result.stageName}) against ${comparedWith.totalScore} (${comparedWith.stageName}).`;
  const theirLeads = comparison.bLeads.slice(0, LEADS_LISTED);
  const ownLeads = comparison.aLeads.slice(0, LEADS_LISTED);
  // The cheapest of the other's leads to close: the lowest own level first (a step up from 1 costs least).
  const toClose = [...comparison.bLeads].sort((x, y) => x.a - y.a || y.b - y.a - (x.b - x.a))[0];
  const step = toClose && toClose.a < MAX_LEVEL ? playbookStep(toClose.dimensionId, toClose.a) : null;
  return joinBlocks([
    heading(`${own} against ${theirs}`),
    `${total} ${comparison.level} of 27 dimensions are at the same level.`,
    theirLeads.length > 0 ? heading(`Where ${theirs} leads`) : null,
    theirLeads.length > 0 ? bullets(theirLeads.map((lead) => leadLine(lead, other, theirs, own, lead.b, lead.a))) : null,
    ownLeads.length > 0 ? heading(`Where ${own} leads`) : null,
    ownLeads.length > 0 ? bullets(ownLeads.map((lead) => leadLine(lead, view, own, theirs, lead.a, lead.b))) : null,
    toClose && step
      ? `The lead that costs least to close: **${toClose.dimensionName}** (${toClose.a} against ${toClose.b}). A first step: ${lowerFirst(asItem(step.firstSteps[0]!))}.`
      : theirLeads.length === 0
        ? `${theirs} leads nowhere: keep the lead by sustaining what ${own} publishes.`
        : null,
    depthNote,
    `Ask about one of these dimensions ("how do we compare on ${(theirLeads[0] ?? ownLeads[0] ?? comparison.dimensions[0]!).dimensionName}?") for both pieces of evidence.`,
  ]);
}

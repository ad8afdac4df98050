/**
 * What the coach adds from the team's own evidence (issue 27) to an answer
 * about a dimension: what its tools measured, with the band each figure was
 * levelled on, where that puts the dimension against the site's reading,
 * and what the team reported about it, marked as self-reported. Each line is
 * built only from the result's stored evidence: nothing is said when the
 * tools and the team said nothing about the dimension.
 */
import type { CombinedDimension, CombinedEvidence } from '../../../scoring/evidence-kinds/combine-evidence.ts';

/** How many team notes one answer quotes: the newest few say enough. */
const NOTES_QUOTED = 3;

function bandWords(source: string | null): string {
  return source === 'DORA 2023' ? "DORA's bands" : 'our published bands';
}

/** The tools' figures and the team's notes on one dimension, in two or three sentences; null when there are none. */
export function dimensionEvidenceLine(evidence: CombinedEvidence | null | undefined, dimensionId: string): string | null {
  const dimension = evidence?.dimensions.find((entry) => entry.dimensionId === dimensionId);
  if (!dimension) return null;
  // Notes about the whole product appear under every dimension of the page; an answer about one dimension quotes only its own.
  const notes = dimension.team.filter((note) => note.dimensionId === undefined || note.dimensionId === dimensionId).slice(0, NOTES_QUOTED);
  const sentences = [measuredSentence(dimension), dimension.contradiction ?? levelSentence(dimension)];
  if (notes.length > 0) {
    const quoted = notes.map((note) => `“${note.body}”${note.origin === 'interview' ? ' (welcome interview)' : ''}`).join('; ');
    sentences.push(`Your team reports ${quoted}: self-reported, so it is weighed as context and does not move the level.`);
  }
  const said = sentences.filter((sentence): sentence is string => sentence !== null);
  return said.length > 0 ? said.join(' ') : null;
}

function measuredSentence(dimension: CombinedDimension): string | null {
  if (dimension.tools.length === 0) return null;
  const figures = dimension.tools.map((entry) =>
    entry.level !== null ? `${entry.summary} (level ${entry.level} on ${bandWords(entry.bandSource)})` : entry.summary,
  );
  return `Your tools measure: ${figures.join('; ')}.`;
}

function levelSentence(dimension: CombinedDimension): string | null {
  if (dimension.toolsLevel === null) return null;
  if (dimension.toolsLevel === dimension.site.level) return `That agrees with the site's level ${dimension.site.level}.`;
  const lowest = dimension.tools.filter((entry) => entry.level !== null).length > 1 ? ': the lowest measured figure sets it' : '';
  return `On the tools' figures ${dimension.dimensionName} stands at level ${dimension.toolsLevel}, against level ${dimension.site.level} from the site${lowest}.`;
}

/** Under an overview: the dimensions where the tools and the site disagree by two levels or more, each in its own words. */
export function contradictionsLine(evidence: CombinedEvidence | null | undefined): string | null {
  const contradicted = evidence?.dimensions.filter((dimension) => dimension.contradiction !== null) ?? [];
  if (contradicted.length === 0) return null;
  return `Your own tools disagree with the site: ${contradicted.map((dimension) => `${dimension.dimensionName}: ${dimension.contradiction}`).join(' ')}`;
}

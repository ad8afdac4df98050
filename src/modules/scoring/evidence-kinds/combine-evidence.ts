/**
 * Scoring with three kinds of evidence (issue 27), a pure function: what
 * the site shows (the engine's level and quote per dimension), what the
 * team's tools measure (signals turned into levels by published bands) and
 * what the team reports (notes), each marked as such, per dimension.
 *
 * - Measured signals with bands give the tools' level: the lowest of their
 *   levels (a team is as fast as its slowest measured step; a mean would let
 *   one fast number hide a slow one). Where the tools give a level it stands
 *   as the dimension's level: a measurement outranks an inference from a site.
 * - A note is self-reported: it is shown, never moves a level.
 * - When the site's and the tools' levels are two or more apart, the
 *   dimension says so (one apart is within the reading of either).
 * Same inputs, same output: everything is sorted, nothing reads a clock.
 */
import { levelOnBands, measuredSignalType, type BandSource } from '../../../framework/measured-signals.ts';

export interface SiteDimension {
  dimensionId: string;
  dimensionName: string;
  score: number;
  evidence: string;
}

export interface MeasuredEvidenceInput {
  type: string;
  value: number;
  source: string;
  scope: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  observedAt: Date;
  link: string | null;
}

export interface TeamNoteInput {
  dimensionId: string | null;
  body: string;
  origin: string;
}

export interface MeasuredEvidence {
  kind: 'measured';
  type: string;
  value: number;
  unit: string;
  level: number | null;
  bandSource: BandSource | null;
  summary: string;
  link: string | null;
}

export interface ReportedEvidence {
  kind: 'self-reported';
  body: string;
  origin: string;
  /** The dimension the note was written for; null: the whole product. Absent in views stored before it was kept. */
  dimensionId?: string | null;
}

export interface CombinedDimension {
  dimensionId: string;
  dimensionName: string;
  site: { kind: 'site'; level: number; evidence: string };
  tools: MeasuredEvidence[];
  toolsLevel: number | null;
  team: ReportedEvidence[];
  level: number;
  levelFrom: 'site' | 'tools';
  contradiction: string | null;
}

export interface CombinedEvidence {
  dimensions: CombinedDimension[];
  /** Whether anything private (a measurement or a note) went in: then the view is the account's only. */
  usesPrivateEvidence: boolean;
}

const DAY_MS = 24 * 3600_000;
const CONTRADICTION_GAP = 2;
const UNIT_SUFFIX: Record<string, string> = { hours: ' h', percent: '%', 'per week': ' a week', 'issues per week': ' a week', count: '', '': '' };

export function combineEvidence(site: SiteDimension[], signals: MeasuredEvidenceInput[], notes: TeamNoteInput[]): CombinedEvidence {
  const measuredByDimension = new Map<string, MeasuredEvidence[]>();
  for (const signal of [...signals].sort(bySignalOrder)) {
    const known = measuredSignalType(signal.type);
    if (!known?.dimension) continue;
    const level = known.bands ? levelOnBands(known.bands, signal.value) : null;
    const list = measuredByDimension.get(known.dimension) ?? [];
    list.push({
      kind: 'measured',
      type: signal.type,
      value: signal.value,
      unit: known.unit,
      level,
      bandSource: known.bands?.source ?? null,
      summary: summarise(known.label, known.unit, signal),
      link: signal.link,
    });
    measuredByDimension.set(known.dimension, list);
  }
  const dimensions = site.map((dimension): CombinedDimension => {
    const tools = measuredByDimension.get(dimension.dimensionId) ?? [];
    const levels = tools.map((entry) => entry.level).filter((level): level is number => level !== null);
    const toolsLevel = levels.length > 0 ? Math.min(...levels) : null;
    const team = notes
      .filter((note) => note.dimensionId === dimension.dimensionId || note.dimensionId === null)
      .map((note): ReportedEvidence => ({ kind: 'self-reported', body: note.body, origin: note.origin, dimensionId: note.dimensionId }))
      .sort((a, b) => a.origin.localeCompare(b.origin) || a.body.localeCompare(b.body));
    const gap = toolsLevel === null ? 0 : toolsLevel - dimension.score;
    return {
      dimensionId: dimension.dimensionId,
      dimensionName: dimension.dimensionName,
      site: { kind: 'site', level: dimension.score, evidence: dimension.evidence },
      tools,
      toolsLevel,
      team,
      level: toolsLevel ?? dimension.score,
      levelFrom: toolsLevel === null ? 'site' : 'tools',
      contradiction:
        Math.abs(gap) >= CONTRADICTION_GAP
          ? `The site suggests level ${dimension.score}, but the team's tools measure level ${toolsLevel}: the ${gap > 0 ? 'work is better than the site shows' : 'site promises more than the tools measure'}.`
          : null,
    };
  });
  return { dimensions, usesPrivateEvidence: signals.length > 0 || notes.length > 0 };
}

/** One stored signal in words with its provenance (the dashboard's list); a type not in the catalogue (custom.*) is named by its id. */
export function measuredSummary(signal: MeasuredEvidenceInput): string {
  const known = measuredSignalType(signal.type);
  return summarise(known?.label ?? signal.type, known?.unit ?? '', signal);
}

/** "median PR cycle time 19 h over 30 days, acme/api" or, pushed, "median PR cycle time 18 h, reported 2026-11-20". */
function summarise(label: string, unit: string, signal: MeasuredEvidenceInput): string {
  const value = `${label} ${formatNumber(signal.value)}${UNIT_SUFFIX[unit] ?? ` ${unit}`}`;
  if (signal.periodStart && signal.periodEnd) {
    const days = Math.round((signal.periodEnd.getTime() - signal.periodStart.getTime()) / DAY_MS);
    return `${value} over ${days} days${signal.scope ? `, ${signal.scope}` : ''}`;
  }
  return `${value}, reported ${signal.observedAt.toISOString().slice(0, 10)}`;
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function bySignalOrder(a: MeasuredEvidenceInput, b: MeasuredEvidenceInput): number {
  return a.type.localeCompare(b.type) || (a.scope ?? '').localeCompare(b.scope ?? '') || a.observedAt.getTime() - b.observedAt.getTime();
}

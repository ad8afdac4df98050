/**
 * Measured signals (issue 27): numbers the team's own tools give, named
 * `<source>.<metric>`, as the metadata's signalTypes lists them. Each says its
 * unit, what it means, the range a pushed value must fall in, the dimension
 * it speaks to, and, where there is a published yardstick, the bands that
 * turn it into a level (1 Foundation .. 4 Compounding).
 *
 * The delivery and quality bands are DORA's (Accelerate State of DevOps 2023:
 * elite, high, medium, low performers -> levels 4, 3, 2, 1). PR cycle time
 * stands in for DORA's lead time for changes (it leaves out the time from
 * merge to production, so it flatters a slow pipeline: best-effort). The
 * other bands are ours, each with its reason beside it.
 */
import type { DimensionId } from './dimensions.ts';

/** Where a level's thresholds come from, shown beside the level. */
export type BandSource = 'DORA 2023' | 'ours';

export interface LevelBands {
  /** `lower`: smaller is better (hours, failure rates); `higher`: larger is better. */
  better: 'lower' | 'higher';
  /** The bounds of levels 4, 3 and 2 (inclusive); past the last is level 1. */
  bounds: readonly [number, number, number];
  source: BandSource;
}

export interface MeasuredSignalType {
  type: string;
  /** How a sentence names it: "median PR cycle time 18 h". */
  label: string;
  unit: string;
  description: string;
  minimum: number;
  maximum: number;
  dimension: DimensionId | null;
  bands: LevelBands | null;
}

const HOURS_IN_A_YEAR = 24 * 366;
const PER_WEEK_MAX = 10_000;

export const MEASURED_SIGNAL_TYPES: readonly MeasuredSignalType[] = [
  {
    type: 'github.pr_cycle_time_hours',
    label: 'median PR cycle time',
    unit: 'hours',
    description: 'Median time from a pull request being opened to its merge, over the period',
    minimum: 0,
    maximum: HOURS_IN_A_YEAR,
    dimension: 'delivery_velocity',
    // DORA lead time for changes: elite under a day, high under a week, medium under a month.
    bands: { better: 'lower', bounds: [24, 168, 720], source: 'DORA 2023' },
  },
  {
    type: 'github.review_turnaround_hours',
    label: 'median time to first review',
    unit: 'hours',
    description: 'Median time from a pull request being opened to its first review',
    minimum: 0,
    maximum: HOURS_IN_A_YEAR,
    dimension: 'delivery_velocity',
    // Ours: Google's review guide asks for a first answer within one business day; 4 h is same-morning.
    bands: { better: 'lower', bounds: [4, 24, 72], source: 'ours' },
  },
  {
    type: 'github.deployment_frequency_per_week',
    label: 'deployments',
    unit: 'per week',
    description: 'Production deployments per week (releases when the repository records no deployments)',
    minimum: 0,
    maximum: PER_WEEK_MAX,
    dimension: 'delivery_velocity',
    // DORA: elite on demand (several a day, 7+ a week), high daily to weekly, medium weekly to monthly.
    bands: { better: 'higher', bounds: [7, 1, 0.25], source: 'DORA 2023' },
  },
  {
    type: 'github.release_frequency_per_week',
    label: 'releases',
    unit: 'per week',
    description: 'Published releases per week',
    minimum: 0,
    maximum: PER_WEEK_MAX,
    dimension: null,
    bands: null,
  },
  {
    type: 'github.change_failure_rate_percent',
    label: 'change failure rate',
    unit: 'percent',
    description: 'Share of changes shipped that needed a fix: reverts, hotfix releases and failed deployments over deployments (or releases)',
    minimum: 0,
    maximum: 100,
    dimension: 'quality_experimentation',
    // DORA change failure rate: elite 5%, high 10%, medium 15%, low beyond.
    bands: { better: 'lower', bounds: [5, 10, 15], source: 'DORA 2023' },
  },
  {
    type: 'github.reverts',
    label: 'reverts',
    unit: 'count',
    description: 'Merged pull requests that revert an earlier change, over the period',
    minimum: 0,
    maximum: 1_000_000,
    dimension: null,
    bands: null,
  },
  {
    type: 'github.hotfix_releases',
    label: 'hotfix releases',
    unit: 'count',
    description: 'Releases named or tagged as hotfixes, over the period',
    minimum: 0,
    maximum: 1_000_000,
    dimension: null,
    bands: null,
  },
  {
    type: 'github.failed_deployments',
    label: 'failed deployments',
    unit: 'count',
    description: 'Deployments whose latest status is failure or error, over the period',
    minimum: 0,
    maximum: 1_000_000,
    dimension: null,
    bands: null,
  },
  {
    type: 'github.time_to_restore_hours',
    label: 'median time to restore',
    unit: 'hours',
    description: 'Median time from an incident-labelled issue being opened to its close',
    minimum: 0,
    maximum: HOURS_IN_A_YEAR,
    dimension: 'quality_experimentation',
    // DORA failed deployment recovery time: elite under an hour, high under a day, medium under a week.
    bands: { better: 'lower', bounds: [1, 24, 168], source: 'DORA 2023' },
  },
  {
    type: 'linear.issue_cycle_time_hours',
    label: 'median issue cycle time',
    unit: 'hours',
    description: 'Median time from an issue being started to its completion',
    minimum: 0,
    maximum: HOURS_IN_A_YEAR,
    dimension: 'delivery_velocity',
    // Ours: two days is an issue sized to be finished within a sprint's first days; three weeks is a sprint and a half.
    bands: { better: 'lower', bounds: [48, 168, 504], source: 'ours' },
  },
  {
    type: 'linear.throughput_per_week',
    label: 'issues completed',
    unit: 'issues per week',
    description: 'Issues completed per week (no level: it depends on the size of the team)',
    minimum: 0,
    maximum: PER_WEEK_MAX,
    dimension: null,
    bands: null,
  },
  {
    type: 'linear.cycle_completion_percent',
    label: 'cycle scope completed',
    unit: 'percent',
    description: 'Share of the issues planned into the cycles that ended in the period that were completed in them',
    minimum: 0,
    maximum: 100,
    dimension: 'roadmap_discipline',
    // Ours: a team finishing four in five planned issues plans what it can do; under half, the plan is a wish list.
    bands: { better: 'higher', bounds: [80, 65, 50], source: 'ours' },
  },
  {
    type: 'linear.project_target_met_percent',
    label: 'projects on their target date',
    unit: 'percent',
    description: 'Share of the projects with a target date due in the period that were completed by it',
    minimum: 0,
    maximum: 100,
    dimension: 'roadmap_discipline',
    // Ours: the same reading as cycles, for commitments made further ahead (so a little lower).
    bands: { better: 'higher', bounds: [75, 60, 40], source: 'ours' },
  },
  {
    type: 'linear.customer_request_share_percent',
    label: 'work from customer requests',
    unit: 'percent',
    description: 'Share of the issues completed in the period that are linked to a customer request',
    minimum: 0,
    maximum: 100,
    dimension: 'feedback_loop_quality',
    // Ours: a fifth or more of shipped work traceable to customers is a loop that runs; under 5% it barely exists.
    bands: { better: 'higher', bounds: [20, 10, 5], source: 'ours' },
  },
  {
    type: 'linear.bug_share_percent',
    label: 'bug work',
    unit: 'percent',
    description: 'Share of the issues completed in the period that are labelled as bugs',
    minimum: 0,
    maximum: 100,
    dimension: 'quality_experimentation',
    // Ours: under a tenth of the work fixing bugs is a healthy product; over a third, quality leads the roadmap.
    bands: { better: 'lower', bounds: [10, 20, 35], source: 'ours' },
  },
];

/** `custom.<metric>`: an account's own types, declared before they are pushed. */
export const CUSTOM_SIGNAL_TYPE = /^custom\.[a-z][a-z0-9_]{0,62}$/;

const BY_TYPE = new Map(MEASURED_SIGNAL_TYPES.map((entry) => [entry.type, entry]));

export function measuredSignalType(type: string): MeasuredSignalType | undefined {
  return BY_TYPE.get(type);
}

/** The level a value reaches on its bands: 4 at or past the first bound, 1 past the last. */
export function levelOnBands(bands: LevelBands, value: number): 1 | 2 | 3 | 4 {
  const [four, three, two] = bands.bounds;
  const reaches = (bound: number) => (bands.better === 'lower' ? value <= bound : value >= bound);
  if (reaches(four)) return 4;
  if (reaches(three)) return 3;
  if (reaches(two)) return 2;
  return 1;
}

/**
 * The metadata record (spec part 2), derived from the versioned framework
 * data once per process: it changes only when the framework version does.
 */
import crypto from 'node:crypto';
import { DIMENSIONS } from '../../framework/dimensions.ts';
import { FUNCTIONS, LIFECYCLE_STAGES } from '../../framework/functions.ts';
import { SEGMENTS } from '../../framework/segments.ts';
import { MEASURED_SIGNAL_TYPES } from '../../framework/measured-signals.ts';
import { SIGNAL_TYPES } from '../../framework/signal-types.ts';
import { TIER_BANDS } from '../../framework/tiers.ts';
import { FRAMEWORK_VERSION } from '../../framework/version.ts';

export function buildAssessmentMetadata() {
  return {
    frameworkVersion: FRAMEWORK_VERSION,
    dimensions: DIMENSIONS.map((d) => ({ id: d.id, name: d.name, function: d.function })),
    functions: [...FUNCTIONS],
    lifecycleStages: [...LIFECYCLE_STAGES],
    segments: SEGMENTS.map((s) => ({ key: s.key, label: s.label })),
    // The site's signal types, then the measured ones (issue 27): all of the form <source>.<metric>.
    signalTypes: [...SIGNAL_TYPES, ...MEASURED_SIGNAL_TYPES.map((entry) => entry.type)],
    /** The measured types' units, meanings, accepted ranges and the dimension each speaks to. */
    measuredSignalTypes: MEASURED_SIGNAL_TYPES.map(({ type, unit, description, minimum, maximum, dimension, bands }) => ({
      type,
      unit,
      description,
      minimum,
      maximum,
      dimension,
      levelBands: bands ? { better: bands.better, bounds: [...bands.bounds], source: bands.source } : null,
    })),
    tierBands: [...TIER_BANDS],
  };
}

export type AssessmentMetadata = ReturnType<typeof buildAssessmentMetadata>;

/** A strong ETag over the exact body, so any framework change yields a new one. */
export function metadataEtag(metadata: AssessmentMetadata): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify(metadata)).digest('base64url').slice(0, 22);
  return `"${FRAMEWORK_VERSION}-${digest}"`;
}

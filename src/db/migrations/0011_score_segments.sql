-- Peer benchmarks (issue 15): the market segment a full score was placed in,
-- chosen by the caller at scoring time (one of the metadata's segment keys,
-- checked by the API; no CHECK here, since the keys are framework data that
-- may grow with a framework version while old results keep theirs). Null for
-- every score made without one, and for every score made before this.
ALTER TABLE scoring_results ADD COLUMN segment text;
CREATE INDEX scoring_results_segment_idx ON scoring_results (segment, created_at) WHERE segment IS NOT NULL;

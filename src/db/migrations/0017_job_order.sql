-- Jobs run in the order they were enqueued when they are due at the same
-- time (issue 15: a webhook endpoint receives an account's events in the
-- order they happened). run_at alone ties for every job enqueued at one
-- instant, and created_at is the enqueuing transaction's start, so a
-- sequence breaks the tie. Existing rows are numbered as they stand.
ALTER TABLE jobs ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
DROP INDEX jobs_due_idx;
CREATE INDEX jobs_due_idx ON jobs (run_at, seq) WHERE completed_at IS NULL AND dead_at IS NULL;

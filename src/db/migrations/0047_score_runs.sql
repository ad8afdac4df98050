-- Scoring as queued work (issue 25, part 2): one row per score job, between
-- the web instance that admitted it (and waits for it) and the worker that
-- runs it. state: queued -> running -> done | failed | cancelled; progress is
-- the latest ScoreProgress the worker wrote (throttled); outcome is the end:
-- {"ok":true,"resultId":...} or the failure. The run row is the fence: the
-- worker marks it done in the transaction that stores the result, only while
-- it is still running, so a run the web cancelled never stores a result.
-- No claim token here: the web keeps it, the worker gets its hash in the job.
CREATE TABLE score_runs (
  id uuid PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  progress jsonb,
  outcome jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX score_runs_created_idx ON score_runs (created_at);

-- The durable job engine (issue 13, src/jobs/): work to run later, or again
-- until it succeeds, outside the request that asked for it. A runner claims a
-- due job by a lease (locked_until) and runs it outside any transaction; a job
-- whose runner died runs again once the lease lapses. (name, dedupe_key) makes
-- enqueuing the same logical job twice a no-op ("trial mail day 7 for account
-- X" is sent once). account_id, when given, ties the job to an account: its
-- erasure removes pending and finished jobs with it.
CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  payload jsonb NOT NULL,
  dedupe_key text,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  locked_until timestamptz,
  last_error text,
  completed_at timestamptz,
  dead_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- NULLs are distinct: jobs without a dedupe key never collide.
CREATE UNIQUE INDEX jobs_dedupe_idx ON jobs (name, dedupe_key);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE completed_at IS NULL AND dead_at IS NULL;
CREATE INDEX jobs_account_idx ON jobs (account_id) WHERE account_id IS NOT NULL;

-- One job engine on pg-boss (issue 25, src/queue/). pg-boss keeps its own
-- tables in a schema of its own, installed at start; what stays here is the
-- dedupe key of every job enqueued with one, written in the same transaction
-- as the enqueue: a second enqueue of (name, dedupe_key), from any instance,
-- at any time, is a no-op, whatever pg-boss has archived or deleted since
-- (its singleton keys hold only while a job is queued or active). The key
-- names the logical event ("welcome mail for account X"), so a recipient
-- never gets the same mail twice. An account's keys go with its erasure.
CREATE TABLE job_dedupe_keys (
  name text NOT NULL,
  dedupe_key text NOT NULL,
  job_id uuid NOT NULL,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, dedupe_key)
);
CREATE INDEX job_dedupe_keys_account_idx ON job_dedupe_keys (account_id) WHERE account_id IS NOT NULL;

-- The keys the former engine (src/jobs, table jobs) already used stay used:
-- a mail sent before the upgrade is not sent again after it.
INSERT INTO job_dedupe_keys (name, dedupe_key, job_id, account_id, created_at)
SELECT name, dedupe_key, id, account_id, created_at FROM jobs WHERE dedupe_key IS NOT NULL
ON CONFLICT DO NOTHING;

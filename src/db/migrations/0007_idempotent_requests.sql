-- Idempotency-Key (issue 9): the first request with a key is claimed here and
-- completed with its response; a retry with the same key and body within 24
-- hours gets that response again instead of running (and charging) twice.
CREATE TABLE idempotent_requests (
  scope text NOT NULL,
  key text NOT NULL,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  request_hash text NOT NULL,
  status_code integer,
  response_body text,
  response_headers jsonb,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);

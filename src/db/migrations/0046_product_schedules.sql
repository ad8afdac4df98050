-- Scheduled rescoring (issue 28): a product's cadence, when it is next due,
-- and what its last scheduled run did ('scored', or why it could not run:
-- 'quota_exhausted', 'no_credits', 'rate_limited', 'read_only', 'failed'). A product with no row is 'off'.
-- Goes with the account and with the product.
CREATE TABLE product_schedules (
  product_id uuid PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  cadence text NOT NULL CHECK (cadence IN ('weekly', 'monthly')),
  set_by text NOT NULL,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  last_outcome text CHECK (last_outcome IN ('scored', 'quota_exhausted', 'no_credits', 'rate_limited', 'read_only', 'failed')),
  updated_at timestamptz NOT NULL
);
CREATE INDEX product_schedules_due_idx ON product_schedules (next_run_at);
CREATE INDEX product_schedules_account_idx ON product_schedules (account_id);

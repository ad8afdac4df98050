-- Usage thresholds crossed (issue 15, usage.threshold): one row per account,
-- billing period, metric (credits or scores) and threshold (80 or 100
-- percent), written by the admission that crossed it, in the transaction
-- that queues the event. The key makes the event once per period: a refund
-- and a second crossing of the same mark finds the row and sends nothing.
-- It goes with the account.
CREATE TABLE usage_threshold_crossings (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  metric text NOT NULL,
  threshold integer NOT NULL,
  crossed_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, period_start, metric, threshold)
);

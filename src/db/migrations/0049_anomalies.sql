-- Anomalies (issue 28, item 3): what a score showed that changed beyond
-- normal variation since the score of the same product (or address) and depth
-- before it, or a measured signal outside its usual band. One row per
-- detection key (the result, kind and subject; or the signal), so detecting
-- again records nothing twice. Open, then acknowledged or resolved. Goes with
-- the account.
CREATE TABLE anomalies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid,
  result_id uuid,
  previous_result_id uuid,
  signal_id uuid,
  kind text NOT NULL CHECK (kind IN ('dimension_down', 'total_down', 'evidence_page_gone', 'signal_out_of_band')),
  subject text NOT NULL,
  severity text NOT NULL CHECK (severity IN ('high', 'medium')),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'resolved')),
  summary text NOT NULL,
  dimension_ids text[] NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  detected_at timestamptz NOT NULL,
  state_changed_at timestamptz,
  state_changed_by text,
  detection_key text NOT NULL,
  CONSTRAINT anomalies_once UNIQUE (detection_key)
);
CREATE INDEX anomalies_account_idx ON anomalies (account_id, detected_at DESC, id DESC);

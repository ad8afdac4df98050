-- Moves (issue 28, item 4): a proposed next step for one dimension of one
-- product, built from the playbook's step from the product's level, and
-- dispatched into the team's tools (a Linear issue, a GitHub issue, a Slack
-- post) or a rescore. Proposed, then approved (the dispatch enqueued),
-- dispatched or failed; or dismissed with a reason. One row per proposal key,
-- so a retried proposal job inserts nothing twice. Goes with the account and
-- with the product.
CREATE TABLE moves (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('linear_issue', 'github_issue', 'slack_post', 'rescore')),
  origin text NOT NULL CHECK (origin IN ('goal_at_risk', 'dimension_fell')),
  dimension_id text,
  from_level integer,
  target_level integer,
  result_id uuid NOT NULL,
  goal_id uuid,
  title text NOT NULL,
  body text NOT NULL,
  target text NOT NULL,
  state text NOT NULL DEFAULT 'proposed' CHECK (state IN ('proposed', 'approved', 'dispatched', 'failed', 'dismissed')),
  proposed_at timestamptz NOT NULL,
  approved_at timestamptz,
  approved_by text,
  approvals integer NOT NULL DEFAULT 0,
  dispatched_at timestamptz,
  link text,
  external_id text,
  last_error text,
  dismissed_at timestamptz,
  dismissed_by text,
  dismiss_reason text CHECK (dismiss_reason IN ('helpful', 'already_doing_it', 'wrong_diagnosis', 'wrong_priority', 'not_actionable', 'implemented_differently')),
  dismiss_note text,
  proposal_key text NOT NULL,
  CONSTRAINT moves_once UNIQUE (proposal_key)
);
CREATE INDEX moves_account_idx ON moves (account_id, proposed_at DESC, id DESC);
CREATE INDEX moves_product_open_idx ON moves (product_id, dimension_id) WHERE state IN ('proposed', 'approved');

-- Feedback on a score (issue 15): a member's verdict on a result, or on one
-- of its dimensions, once per member, result and dimension (a later verdict
-- replaces the earlier one: NULLS NOT DISTINCT makes the whole-score verdict,
-- with no dimension, unique too). It belongs to the giver's account and goes
-- with it; it also goes with the result it is about.
CREATE TABLE score_feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  result_id uuid NOT NULL REFERENCES scoring_results(id) ON DELETE CASCADE,
  dimension_id text,
  verdict text NOT NULL CHECK (verdict IN ('too_high', 'too_low', 'wrong_evidence', 'helpful')),
  comment text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT score_feedback_once UNIQUE NULLS NOT DISTINCT (account_id, user_id, result_id, dimension_id)
);
CREATE INDEX score_feedback_account_idx ON score_feedback (account_id, updated_at);
CREATE INDEX score_feedback_result_idx ON score_feedback (result_id);

-- The coach's conversations (issue 23, part 5): kept per account and person,
-- so a conversation resumes after a reload or on another device. One row per
-- conversation about a result (and, when chosen, the result it is compared
-- with), and one per message in order. They go with the account, and with
-- the result they are about; a compared result that goes leaves the
-- conversation without its comparison.
CREATE TABLE coach_conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  result_id uuid NOT NULL REFERENCES scoring_results(id) ON DELETE CASCADE,
  compare_result_id uuid REFERENCES scoring_results(id) ON DELETE SET NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX coach_conversations_owner_idx ON coach_conversations (account_id, user_id, updated_at DESC);
CREATE INDEX coach_conversations_result_idx ON coach_conversations (result_id);
CREATE INDEX coach_conversations_compared_idx ON coach_conversations (compare_result_id);

CREATE TABLE coach_messages (
  conversation_id uuid NOT NULL REFERENCES coach_conversations(id) ON DELETE CASCADE,
  position integer NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (conversation_id, position)
);

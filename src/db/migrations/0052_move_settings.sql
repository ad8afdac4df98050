-- Which kinds of move an account lets dispatch without a lead's approval
-- (issue 28, item 4). No row: every move waits for approval. Goes with the
-- account.
CREATE TABLE move_settings (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  auto_dispatch text[] NOT NULL,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL
);

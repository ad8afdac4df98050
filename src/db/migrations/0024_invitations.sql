-- Invitations to join an account by email (issue 23, part 4). Only a hash of
-- the link's token is kept: the link in the mail is the one copy of the
-- token. An invitation is pending until it is accepted, revoked (also when
-- a new one to the same address replaces it) or past expires_at; the row
-- stays afterwards so its link can say which. It goes with the account.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  token_hash text NOT NULL UNIQUE,
  invited_by_user_id text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by_user_id text,
  revoked_at timestamptz
);
-- One open invitation per address and account: a new one revokes the old in the same transaction.
CREATE UNIQUE INDEX invitations_open_address ON invitations (account_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- A membership made by accepting an invitation: its role is the invitation's, and a
-- session that names no organisation acts in this account (not the personal one).
ALTER TABLE memberships ADD COLUMN by_invitation boolean NOT NULL DEFAULT false;

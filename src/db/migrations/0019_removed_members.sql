-- Who an admin removed from an account (issue 24, item 2). The identity
-- provider's claims still name the organisation on the removed person's
-- sessions; this row refuses them on every request until an admin invites
-- them again (the row is then deleted). It goes with the account.
CREATE TABLE removed_members (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  removed_at timestamptz NOT NULL,
  removed_by_user_id text NOT NULL,
  PRIMARY KEY (account_id, user_id)
);

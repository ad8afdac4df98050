-- Email preferences (issue 13, spec parts 2 and 4): one record per recipient
-- address, whichever accounts the address belongs to; the categories it opted
-- out of; and the tokens its mails carried, kept as SHA-256 hashes only, so a
-- copy of the database cannot change anyone's preferences.
CREATE TABLE email_recipients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE email_opt_outs (
  recipient_id uuid NOT NULL REFERENCES email_recipients(id) ON DELETE CASCADE,
  category text NOT NULL,
  opted_out_at timestamptz NOT NULL,
  PRIMARY KEY (recipient_id, category)
);

CREATE TABLE email_preference_tokens (
  token_hash text PRIMARY KEY,
  recipient_id uuid NOT NULL REFERENCES email_recipients(id) ON DELETE CASCADE,
  minted_at timestamptz NOT NULL
);
CREATE INDEX email_preference_tokens_recipient_idx ON email_preference_tokens (recipient_id, minted_at);

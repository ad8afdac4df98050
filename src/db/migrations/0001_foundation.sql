-- Foundation: accounts, memberships, audit log, erased identities, the
-- account-owned tables the erasure cascade must reach, and the outbox.
-- Unqualified names: the runner sets search_path, so one file serves any schema.

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  external_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('organization', 'personal')),
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id)
);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL,
  actor_user_id text NOT NULL,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_account_idx ON audit_log (account_id, created_at);

CREATE TABLE erased_identities (
  external_key text PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE billing_accounts (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'business', 'enterprise')),
  provider_customer_id text UNIQUE,
  provider_subscription_id text UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE integrations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider text NOT NULL,
  access_token text,
  refresh_token text,
  revocation_endpoint text,
  client_id text,
  client_secret text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integrations_account_idx ON integrations (account_id);

CREATE TABLE tribal_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  author_user_id text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tribal_notes_account_idx ON tribal_notes (account_id);

CREATE TABLE outgoing_webhooks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  url text NOT NULL,
  signing_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outgoing_webhooks_account_idx ON outgoing_webhooks (account_id);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_account_idx ON products (account_id, created_at);

CREATE TABLE scoring_results (
  id uuid PRIMARY KEY,
  account_id uuid REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid REFERENCES products(id) ON DELETE CASCADE,
  created_by_user_id text,
  url text NOT NULL,
  result jsonb NOT NULL,
  claim_token_hash text,
  linked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX scoring_results_account_idx ON scoring_results (account_id, created_at);
CREATE INDEX scoring_results_product_idx ON scoring_results (product_id, created_at);

CREATE TABLE outbox_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  topic text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_due_idx ON outbox_messages (next_attempt_at) WHERE completed_at IS NULL;

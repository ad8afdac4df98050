-- Sources (issue 27): the team's own tools as evidence. A connection to
-- GitHub or Linear keeps its OAuth tokens only as AES-256-GCM ciphertext
-- ("<key id>:<iv>:<tag>:<data>", so a rotated key can still read old rows);
-- the plaintext columns of 0001 stay for integrations that came before and
-- are never written by a connection.
ALTER TABLE integrations
  ADD COLUMN access_token_sealed text,
  ADD COLUMN refresh_token_sealed text,
  ADD COLUMN access_token_expires_at timestamptz,
  ADD COLUMN external_account text,
  ADD COLUMN connected_by text,
  ADD COLUMN last_synced_at timestamptz,
  ADD COLUMN last_sync_error text;
CREATE UNIQUE INDEX integrations_account_provider_idx ON integrations (account_id, provider) WHERE access_token_sealed IS NOT NULL;

-- An authorization in flight: the state the provider sends back, and the
-- PKCE verifier (sealed too: with it and the code a reader could get a token).
CREATE TABLE integration_authorizations (
  state text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  provider text NOT NULL,
  code_verifier_sealed text NOT NULL,
  started_by text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX integration_authorizations_account_idx ON integration_authorizations (account_id);

-- Which repositories (GitHub) or teams (Linear) count for which product.
CREATE TABLE integration_scopes (
  integration_id uuid NOT NULL REFERENCES integrations(id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  resource_id text NOT NULL,
  resource_name text NOT NULL,
  PRIMARY KEY (integration_id, product_id, resource_id)
);
CREATE INDEX integration_scopes_account_idx ON integration_scopes (account_id);

-- Measured signals, synced or pushed: dated, with their provenance.
CREATE TABLE signals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid REFERENCES products(id) ON DELETE CASCADE,
  type text NOT NULL,
  value double precision NOT NULL,
  observed_at timestamptz NOT NULL,
  source text NOT NULL,
  integration_id uuid REFERENCES integrations(id) ON DELETE SET NULL,
  scope text,
  period_start timestamptz,
  period_end timestamptz,
  link text,
  client_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signals_account_idx ON signals (account_id, observed_at);
CREATE UNIQUE INDEX signals_client_id_idx ON signals (account_id, client_id) WHERE client_id IS NOT NULL;

-- custom.<metric> types an account declares before pushing them.
CREATE TABLE custom_signal_types (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  type text NOT NULL,
  unit text NOT NULL,
  description text NOT NULL,
  minimum double precision,
  maximum double precision,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, type)
);

-- Team notes: what the team reports, per dimension, from the interview or
-- with a score's context. dimension_id null is a note about the whole product.
ALTER TABLE tribal_notes
  ADD COLUMN product_id uuid REFERENCES products(id) ON DELETE CASCADE,
  ADD COLUMN dimension_id text,
  ADD COLUMN origin text NOT NULL DEFAULT 'note';
CREATE INDEX tribal_notes_product_idx ON tribal_notes (account_id, product_id);

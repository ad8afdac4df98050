-- Onboarding (issue 13): the two trial milestones, the welcome interview that
-- completes the first, and the team registry (who owns which of the six
-- functions for which product) that completes the second. The trial itself
-- starts at accounts.created_at, so it needs no table.

-- When each milestone was first completed; a milestone once completed stays so.
CREATE TABLE onboarding_milestones (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  milestone text NOT NULL CHECK (milestone IN ('welcomeInterview', 'orgMap')),
  completed_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, milestone)
);

-- The latest answers to the welcome interview, one per account.
CREATE TABLE welcome_interviews (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  respondent_user_id text NOT NULL,
  respondent_role text NOT NULL,
  goals jsonb NOT NULL,
  product_name text NOT NULL,
  product_url text,
  team_size integer NOT NULL,
  submitted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The team registry: one named owner per function per product.
CREATE TABLE team_registry_owners (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  function text NOT NULL CHECK (function IN ('strategy', 'design', 'development', 'intelligence', 'operations', 'gtm')),
  owner_name text NOT NULL,
  owner_email text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, function)
);
CREATE INDEX team_registry_owners_account_idx ON team_registry_owners (account_id, product_id);

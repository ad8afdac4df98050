-- Metering and billing: plan cycles, subscriptions as the payment events
-- describe them, processed event ids, usage per period, score packs, the
-- usage ledger, and API keys. Every account-owned table cascades on erasure.

ALTER TABLE billing_accounts ADD COLUMN cycle_anchor timestamptz NOT NULL DEFAULT now();
ALTER TABLE billing_accounts ADD COLUMN seat_limit integer CHECK (seat_limit > 0);

CREATE TABLE billing_subscriptions (
  subscription_id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  customer_id text,
  plan text CHECK (plan IN ('pro', 'business', 'enterprise')),
  status text,
  state_at timestamptz,
  state_rank integer,
  started_at timestamptz,
  period_start timestamptz,
  period_end timestamptz,
  last_payment_succeeded_at timestamptz,
  last_payment_failed_at timestamptz,
  canceled_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_subscriptions_account_idx ON billing_subscriptions (account_id);

CREATE TABLE payment_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE usage_counters (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  credits_used integer NOT NULL DEFAULT 0,
  scores_used integer NOT NULL DEFAULT 0,
  chat_messages_used integer NOT NULL DEFAULT 0,
  api_calls_used integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period_start),
  CONSTRAINT usage_counters_not_negative
    CHECK (credits_used >= 0 AND scores_used >= 0 AND chat_messages_used >= 0 AND api_calls_used >= 0)
);

CREATE TABLE score_pack_balances (
  account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  scores_remaining integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT score_pack_balances_not_negative CHECK (scores_remaining >= 0)
);

CREATE TABLE usage_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  entry text NOT NULL CHECK (entry IN ('charge', 'refund', 'pack_purchase')),
  action text NOT NULL,
  reservation_id uuid,
  period_start timestamptz,
  credits integer NOT NULL DEFAULT 0,
  scores integer NOT NULL DEFAULT 0,
  chat_messages integer NOT NULL DEFAULT 0,
  api_calls integer NOT NULL DEFAULT 0,
  pack_scores integer NOT NULL DEFAULT 0,
  source_event_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT usage_ledger_reservation_entry_key UNIQUE (reservation_id, entry)
);
CREATE INDEX usage_ledger_account_idx ON usage_ledger (account_id, created_at);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_by_user_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at);

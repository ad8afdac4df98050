-- Billing (issue 23, part 7). A cancellation asked for at the end of the
-- paid period: the subscription runs until then (with Stripe, Stripe ends it
-- and tells us; with the local provider, a job at the period's end does), and
-- asking to keep it removes the row. And the local payment provider's own
-- invoices (Stripe keeps its own, read from its API): one per paid checkout.
CREATE TABLE subscription_cancellations (
  subscription_id text PRIMARY KEY REFERENCES billing_subscriptions(subscription_id) ON DELETE CASCADE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  ends_at timestamptz NOT NULL,
  requested_at timestamptz NOT NULL,
  requested_by text NOT NULL
);
CREATE INDEX subscription_cancellations_account_idx ON subscription_cancellations (account_id);

CREATE TABLE local_invoices (
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  number text NOT NULL,
  description text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX local_invoices_account_idx ON local_invoices (account_id, created_at);

-- Payment events for a customer or subscription no account of ours is known
-- by yet (issue 24, item 7): a cancellation that arrives before the checkout
-- that names the account. Kept, and applied in the order they happened, in
-- the transaction that first links the customer or the subscription to an
-- account. Personal fields of the provider's object (customer_email, ...)
-- are not kept; rows older than 30 days are purged (the provider stops
-- retrying after 3).
CREATE TABLE held_payment_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  created_at timestamptz NOT NULL,
  customer_id text,
  subscription_id text,
  object jsonb NOT NULL,
  held_at timestamptz NOT NULL
);
CREATE INDEX held_payment_events_customer_idx ON held_payment_events (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX held_payment_events_subscription_idx ON held_payment_events (subscription_id) WHERE subscription_id IS NOT NULL;

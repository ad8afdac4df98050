-- Billing after review (issue 9's hardening), as a migration of its own: a
-- database that already applied 0003 gets the same schema as a new one.

-- Free cycles count from the account's creation. Records that 0003 anchored
-- at its own time (the column's default, the same now() as 0003's row in
-- schema_migrations) are anchored at their account's creation instead; an
-- account without a billing record gets one, anchored the same way. From here
-- on the anchor is always given, never defaulted to "now".
UPDATE billing_accounts b SET cycle_anchor = a.created_at
  FROM accounts a, schema_migrations m
  WHERE a.id = b.account_id AND m.name = '0003_billing.sql' AND b.cycle_anchor = m.applied_at;
INSERT INTO billing_accounts (account_id, cycle_anchor) SELECT id, created_at FROM accounts ON CONFLICT (account_id) DO NOTHING;
ALTER TABLE billing_accounts ALTER COLUMN cycle_anchor DROP DEFAULT;

-- Every failed payment attempt, a set that merges in any order: the grace
-- period runs from the earliest failure after the latest successful payment.
CREATE TABLE billing_payment_failures (
  subscription_id text NOT NULL REFERENCES billing_subscriptions(subscription_id) ON DELETE CASCADE,
  failed_at timestamptz NOT NULL,
  PRIMARY KEY (subscription_id, failed_at)
);
INSERT INTO billing_payment_failures (subscription_id, failed_at)
  SELECT subscription_id, last_payment_failed_at FROM billing_subscriptions WHERE last_payment_failed_at IS NOT NULL;
ALTER TABLE billing_subscriptions DROP COLUMN last_payment_failed_at;

-- A usage row is named by its period's start; the end is the entitlement's to compute.
ALTER TABLE usage_counters DROP COLUMN period_end;

-- The billing record's revision (issue 26): a number that moves on with every
-- change to what an account's entitlement is computed from, so that metering
-- can tell "the record I charged against is still the one in force" by
-- comparing a value billing hands out, without its SQL reading billing's
-- tables. It replaces the fingerprint (the record as text) that billing used
-- to give metering as a SQL condition to embed in its charge statement.
--
-- Kept by triggers, not by the code that writes: a change made by any writer
-- (a payment event, a cancellation, an operator's UPDATE) moves it, and it
-- only ever grows, so a value read before and after a charge that is the
-- same proves no change landed in between (no A-B-A).
--
-- Deletions move nothing: the rows of billing_subscriptions and
-- billing_payment_failures are deleted only with the account (erasure), and
-- then the record itself is gone, which a reader sees as well. Leaving them
-- out also keeps erasure's cascade from locking the billing row after a
-- subscription row (payment events lock in the other order).
ALTER TABLE billing_accounts ADD COLUMN entitlement_revision bigint NOT NULL DEFAULT 0;

-- Any update of the record moves its revision by one (unless the update is
-- the move itself, from the triggers below). Updates are rare (billing
-- events, operators); one that changed nothing the entitlement reads costs
-- a charge one more read, never a wrong charge.
CREATE FUNCTION billing_account_revised() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.entitlement_revision := OLD.entitlement_revision + 1;
  RETURN NEW;
END $$;
CREATE TRIGGER billing_accounts_revision BEFORE UPDATE ON billing_accounts
  FOR EACH ROW WHEN (NEW.entitlement_revision = OLD.entitlement_revision)
  EXECUTE FUNCTION billing_account_revised();

-- A subscription's start, period, status or plan, written or changed.
CREATE FUNCTION billing_subscription_revised() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE billing_accounts SET entitlement_revision = entitlement_revision + 1 WHERE account_id = NEW.account_id;
  RETURN NULL;
END $$;
CREATE TRIGGER billing_subscriptions_revision AFTER INSERT OR UPDATE ON billing_subscriptions
  FOR EACH ROW EXECUTE FUNCTION billing_subscription_revised();

-- A failed payment starts (or belongs to) a grace period.
CREATE FUNCTION billing_payment_failure_revised() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE billing_accounts SET entitlement_revision = entitlement_revision + 1
  WHERE account_id = (SELECT account_id FROM billing_subscriptions WHERE subscription_id = NEW.subscription_id);
  RETURN NULL;
END $$;
CREATE TRIGGER billing_payment_failures_revision AFTER INSERT OR UPDATE ON billing_payment_failures
  FOR EACH ROW EXECUTE FUNCTION billing_payment_failure_revised();

-- Issue 9, defect 8: a checkout session or an invoice outcome delivered under
-- two event ids was applied twice (a pack credited twice). Each is now claimed
-- by its own id, in the transaction that applies it, whatever the event id.
-- outcome: what the object reported; attempt: a failed invoice's attempt
-- number (each retry of an invoice is a fact of its own), 0 otherwise.
--
-- Not backfilled: the objects of events applied before this migration were
-- never stored, so a new event id for one of those is still applied again.
CREATE TABLE applied_payment_objects (
  object_id text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('checkout_completed', 'invoice_paid', 'invoice_payment_failed')),
  attempt integer NOT NULL CHECK (attempt >= 0),
  event_id text NOT NULL REFERENCES payment_events(event_id),
  applied_at timestamptz NOT NULL,
  PRIMARY KEY (object_id, outcome, attempt)
);

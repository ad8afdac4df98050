-- A score's charge while its result is being made (issue 24, item 1). The
-- charge statement writes the row with the charge; the statement that stores
-- the result deletes it (the charge then stands), a refund deletes it (the
-- charge is given back). The instance doing the work renews the lease while
-- it runs; a row whose lease lapsed belongs to work that died with its
-- process, and any instance gives its charge back. It goes with the account.
CREATE TABLE charges_in_flight (
  reservation_id uuid PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  lease_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX charges_in_flight_lease_idx ON charges_in_flight (lease_until);

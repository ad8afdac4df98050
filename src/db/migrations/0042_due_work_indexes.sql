-- Pages that read only what they show, and sweeps that read only what is
-- due (issue 29, items 2 and 4).
--
-- The dashboard lists an account's newest scores filed under no product:
-- with the account's index alone, an account of many product scores and few
-- unfiled ones would walk its whole history to find ten.
CREATE INDEX scoring_results_unfiled_idx ON scoring_results (account_id, created_at DESC, id DESC) WHERE product_id IS NULL;
-- The daily sweeps ask by time: the score decay reminder for the product
-- scores that turned stale since the last sweeps (a window of days), the
-- weekly digest for the accounts scored last week. Without an index on the
-- time alone each read every result.
CREATE INDEX scoring_results_owned_created_idx ON scoring_results (created_at, id) WHERE account_id IS NOT NULL;
-- What changed in a score filed under no product is measured against the
-- account's score of the same address and depth before it (the weekly digest
-- asks it of every score it lists): without this index, a walk back through
-- the account's history, reading each row, until that address comes up.
CREATE INDEX scoring_results_account_url_idx ON scoring_results (account_id, url, depth, created_at DESC, id DESC);

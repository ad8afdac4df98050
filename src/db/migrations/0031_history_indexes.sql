-- Pages that read only what they show (issue 29, item 2). The dashboard and
-- a product's history list an account's or a product's newest scores,
-- ORDER BY created_at DESC, id DESC with a LIMIT. On (account_id, created_at)
-- the id tie-break left a sort over every row of the account (a bitmap scan
-- of all of them when the planner has no statistics, as in PGlite); with the
-- whole order in the index, the scan stops at the limit.
DROP INDEX scoring_results_account_idx;
CREATE INDEX scoring_results_account_idx ON scoring_results (account_id, created_at DESC, id DESC);
DROP INDEX scoring_results_product_idx;
CREATE INDEX scoring_results_product_idx ON scoring_results (product_id, created_at DESC, id DESC);

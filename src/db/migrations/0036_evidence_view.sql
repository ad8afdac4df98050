-- Scoring with three kinds of evidence (issue 27): when an account scores its
-- own product with measured signals or team notes, the combined per-dimension
-- view is kept beside the site result. It is the account's only: the public
-- /r/<id> shows it once an admin publishes it (evidence_published_at).
ALTER TABLE scoring_results
  ADD COLUMN evidence_view jsonb,
  ADD COLUMN evidence_published_at timestamptz;

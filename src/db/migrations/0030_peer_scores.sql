-- Peer figures that cost the same at any size (issue 29, item 1).
--
-- GET /api/benchmarks, GET /api/scores/<id>/percentile, the result pages and
-- the peer-benchmark sweep read a segment's pool: each account's latest score
-- among the latest score of each company in the segment (issue 24, item 5).
-- Computing it from scoring_results read every full score in the segment on
-- every request. These two tables hold it, kept exact by a trigger on
-- scoring_results, inside the transaction that stores, links, deletes or
-- erases a result (an account's erasure deletes its results by cascade, and
-- the trigger sees those deletions too):
-- - peer_company_scores: the latest full, account-owned score of each
--   (segment, company), a company being its site's host without "www.";
-- - peer_account_scores: for each (segment, account), the account's latest
--   among the rows of peer_company_scores it holds.
-- Reading a pool is then one index range per segment, as many rows as
-- accounts contributed, whatever the number of results. Which accounts are
-- paid, and which are left out for the asker, is still decided when read.

-- What identifies a company, as src/modules/scoring/segment-scores.ts said it
-- before: the address's host (and any non-default port), lower case, without
-- a leading "www.". IMMUTABLE, so an index can be built on it.
CREATE FUNCTION scoring_company_of(url text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(substring(lower(url) from '^[a-z][a-z0-9+.-]*://([^/?#]+)'), '^www[.]', '') $$;

-- The latest score of one company in one segment is one index probe.
CREATE INDEX scoring_results_peer_company_idx ON scoring_results (segment, scoring_company_of(url), created_at DESC, id DESC)
  WHERE segment IS NOT NULL AND depth = 'full' AND account_id IS NOT NULL;

CREATE TABLE peer_company_scores (
  segment text NOT NULL,
  company text NOT NULL,
  result_id uuid NOT NULL,
  account_id uuid NOT NULL,
  total_score integer NOT NULL,
  -- dimensionId -> level, as the result's dimensions give them.
  dimension_scores jsonb NOT NULL,
  scored_at timestamptz NOT NULL,
  PRIMARY KEY (segment, company)
);
CREATE INDEX peer_company_scores_account_idx ON peer_company_scores (segment, account_id, scored_at DESC, result_id DESC);

CREATE TABLE peer_account_scores (
  segment text NOT NULL,
  account_id uuid NOT NULL,
  result_id uuid NOT NULL,
  company text NOT NULL,
  total_score integer NOT NULL,
  dimension_scores jsonb NOT NULL,
  scored_at timestamptz NOT NULL,
  PRIMARY KEY (segment, account_id)
);

-- One account's row in a segment, from the companies it holds the latest score of.
CREATE FUNCTION peer_refresh_account(p_segment text, p_account uuid) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM peer_account_scores WHERE segment = p_segment AND account_id = p_account;
  INSERT INTO peer_account_scores (segment, account_id, result_id, company, total_score, dimension_scores, scored_at)
    SELECT segment, account_id, result_id, company, total_score, dimension_scores, scored_at
    FROM peer_company_scores
    WHERE segment = p_segment AND account_id = p_account
    ORDER BY scored_at DESC, result_id DESC
    LIMIT 1;
END $$;

-- One company's row in a segment from scoring_results, then the rows of the
-- accounts that held it before and hold it now.
CREATE FUNCTION peer_refresh_company(p_segment text, p_company text) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  before_account uuid;
  after_account uuid;
BEGIN
  SELECT account_id INTO before_account FROM peer_company_scores WHERE segment = p_segment AND company = p_company;
  DELETE FROM peer_company_scores WHERE segment = p_segment AND company = p_company;
  INSERT INTO peer_company_scores (segment, company, result_id, account_id, total_score, dimension_scores, scored_at)
    SELECT r.segment, p_company, r.id, r.account_id, (r.result ->> 'totalScore')::int,
      (SELECT coalesce(jsonb_object_agg(d ->> 'dimensionId', (d ->> 'score')::int), '{}'::jsonb) FROM jsonb_array_elements(r.result -> 'dimensions') AS d),
      r.created_at
    FROM scoring_results r
    WHERE r.segment = p_segment AND scoring_company_of(r.url) = p_company AND r.depth = 'full' AND r.account_id IS NOT NULL
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT 1
    RETURNING account_id INTO after_account;
  IF before_account IS NOT NULL THEN
    PERFORM peer_refresh_account(p_segment, before_account);
  END IF;
  IF after_account IS NOT NULL AND after_account IS DISTINCT FROM before_account THEN
    PERFORM peer_refresh_account(p_segment, after_account);
  END IF;
END $$;

-- Concurrent writers to one segment take turns (a transaction-scoped lock per
-- segment and schema): each refresh then reads the rows committed before it,
-- so the last to commit leaves the tables as a fresh computation would.
CREATE FUNCTION peer_scores_follow_results() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  before_key text[];
  after_key text[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.segment IS NOT NULL AND OLD.depth = 'full' AND OLD.account_id IS NOT NULL THEN
    before_key := ARRAY[OLD.segment, scoring_company_of(OLD.url)];
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.segment IS NOT NULL AND NEW.depth = 'full' AND NEW.account_id IS NOT NULL THEN
    after_key := ARRAY[NEW.segment, scoring_company_of(NEW.url)];
  END IF;
  IF before_key IS NOT NULL THEN
    PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.peer_scores.' || before_key[1]));
    PERFORM peer_refresh_company(before_key[1], before_key[2]);
  END IF;
  IF after_key IS NOT NULL AND after_key IS DISTINCT FROM before_key THEN
    PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '.peer_scores.' || after_key[1]));
    PERFORM peer_refresh_company(after_key[1], after_key[2]);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER scoring_results_peer_scores
  AFTER INSERT OR DELETE OR UPDATE OF segment, url, depth, account_id, result, created_at ON scoring_results
  FOR EACH ROW EXECUTE FUNCTION peer_scores_follow_results();

-- Both tables computed afresh from scoring_results, set-based: for the
-- results stored before this migration, and for a bulk load made with the
-- trigger disabled (bench/pages-at-scale.ts).
CREATE FUNCTION peer_scores_rebuild() RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM peer_account_scores;
  DELETE FROM peer_company_scores;
  INSERT INTO peer_company_scores (segment, company, result_id, account_id, total_score, dimension_scores, scored_at)
    SELECT DISTINCT ON (r.segment, scoring_company_of(r.url)) r.segment, scoring_company_of(r.url), r.id, r.account_id, (r.result ->> 'totalScore')::int,
      (SELECT coalesce(jsonb_object_agg(d ->> 'dimensionId', (d ->> 'score')::int), '{}'::jsonb) FROM jsonb_array_elements(r.result -> 'dimensions') AS d),
      r.created_at
    FROM scoring_results r
    WHERE r.segment IS NOT NULL AND r.depth = 'full' AND r.account_id IS NOT NULL
    ORDER BY r.segment, scoring_company_of(r.url), r.created_at DESC, r.id DESC;
  INSERT INTO peer_account_scores (segment, account_id, result_id, company, total_score, dimension_scores, scored_at)
    SELECT DISTINCT ON (segment, account_id) segment, account_id, result_id, company, total_score, dimension_scores, scored_at
    FROM peer_company_scores
    ORDER BY segment, account_id, scored_at DESC, result_id DESC;
END $$;

SELECT peer_scores_rebuild();

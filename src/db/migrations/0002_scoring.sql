-- Scoring: the caller's context is kept with the result (the LLM path reads it),
-- and the depth the result was crawled at.
ALTER TABLE scoring_results ADD COLUMN context text;
ALTER TABLE scoring_results ADD COLUMN depth text NOT NULL DEFAULT 'full' CHECK (depth IN ('full', 'quick'));

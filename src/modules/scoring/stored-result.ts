/**
 * A stored result as this service hands it out: the stored document with the
 * row's depth written into it. Rows stored before results carried their depth
 * hold it only in the `depth` column, which every row has; the column wins,
 * so every result read says whether it is quick or full.
 */
import { sql } from 'drizzle-orm';
import type { ScoringResult } from './result-schema.ts';
import { scoringResults } from './tables.ts';

export const storedResult = sql<ScoringResult>`(${scoringResults.result} || jsonb_build_object('depth', ${scoringResults.depth}))`.mapWith(
  scoringResults.result,
);

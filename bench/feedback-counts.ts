/**
 * The feedback members gave on scores, counted per dimension and verdict,
 * for `npm run eval`: where users disagree with the scorer is where the next
 * rules should look. Read from the PostgreSQL database the service uses
 * (DATABASE_URL, DATABASE_SCHEMA); nothing is written.
 */
import { openDatabase } from '../src/db/client.ts';
import { DIMENSION_IDS } from '../src/framework/dimensions.ts';
import { FeedbackService, type FeedbackCount } from '../src/modules/feedback/feedback-service.ts';
import { FEEDBACK_VERDICTS } from '../src/modules/feedback/tables.ts';
import { systemClock } from '../src/clock.ts';

export type FeedbackCountsOutcome = { ok: true; counts: FeedbackCount[] } | { ok: false; why: string };

export async function readFeedbackCounts(database: { url: string | undefined; schema: string | undefined }): Promise<FeedbackCountsOutcome> {
  if (!database.url)
    return { ok: false, why: 'Feedback counts need a database: set DATABASE_URL (and DATABASE_SCHEMA if the service uses one) or pass --database-url.' };
  let handle;
  try {
    handle = await openDatabase({ kind: 'postgres', url: database.url, schema: database.schema ?? null, poolSize: 1 });
    return { ok: true, counts: await new FeedbackService({ db: handle.db, clock: systemClock }).countsByDimensionAndVerdict() };
  } catch (error) {
    // Drizzle wraps the driver's error ("relation ... does not exist": the service never migrated this database) as its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { ok: false, why: `Feedback counts could not be read: ${cause instanceof Error ? cause.message : String(cause)}` };
  } finally {
    await handle?.close();
  }
}

const WHOLE_SCORE = '(whole score)';

/** One row per dimension with feedback (the whole score first, then framework order), one column per verdict, and a total. */
export function feedbackRows(counts: FeedbackCount[], dimension: string | undefined): { headers: string[]; rows: string[][] } {
  // Dimensions a later framework dropped keep their counts, after the current ones.
  const retired = [...new Set(counts.map((count) => count.dimensionId))].filter(
    (id): id is string => id !== null && !(DIMENSION_IDS as readonly string[]).includes(id),
  );
  const subjects = [null, ...DIMENSION_IDS, ...retired].filter((id) => dimension === undefined || id === dimension);
  const rows = subjects.flatMap((id) => {
    const own = counts.filter((count) => count.dimensionId === id);
    if (own.length === 0) return [];
    const byVerdict = FEEDBACK_VERDICTS.map((verdict) => own.find((count) => count.verdict === verdict)?.count ?? 0);
    return [[id ?? WHOLE_SCORE, ...byVerdict.map(String), String(byVerdict.reduce((sum, n) => sum + n, 0))]];
  });
  return { headers: ['dimension', ...FEEDBACK_VERDICTS, 'total'], rows };
}

/**
 * Team notes (issue 27): what the team says the website cannot show, per
 * dimension or about a whole product, written in the notes field or carried
 * by a score's `context`. Owns tribal_notes; they leave with the account
 * (and with their product) by foreign keys. Notes are self-reported: scoring
 * shows them, never levels on them.
 */
import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor } from '../../db/client.ts';
import { tribalNotes } from './tables.ts';

export type TribalNote = typeof tribalNotes.$inferSelect;
export const NOTE_ORIGINS = ['note', 'interview', 'score_context'] as const;
export type NoteOrigin = (typeof NOTE_ORIGINS)[number];
const NOTES_PER_PRODUCT_READ = 200;

/** A note from the welcome interview: one of its goals, for a dimension it speaks to. */
export interface InterviewNote {
  productId: string | null;
  dimensionId: string;
  body: string;
}

export class TribalNoteService {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  async add(
    accountId: string,
    authorUserId: string,
    note: { productId: string | null; dimensionId: string | null; body: string; origin: NoteOrigin },
  ): Promise<TribalNote> {
    const [row] = await this.#db
      .insert(tribalNotes)
      .values({ accountId, authorUserId, ...note, createdAt: this.#clock.now() })
      .returning();
    return row!;
  }

  /** The product's notes and the account-wide ones (no product), newest first. */
  async forProduct(accountId: string, productId: string | null): Promise<TribalNote[]> {
    const scope = productId === null ? isNull(tribalNotes.productId) : or(eq(tribalNotes.productId, productId), isNull(tribalNotes.productId));
    return this.#db
      .select()
      .from(tribalNotes)
      .where(and(eq(tribalNotes.accountId, accountId), scope))
      .orderBy(desc(tribalNotes.createdAt))
      .limit(NOTES_PER_PRODUCT_READ);
  }

  /**
   * What the team said in the welcome interview, as notes: a resubmitted
   * interview replaces the notes of the one before (in the interview's
   * transaction), and leaves every other note alone.
   */
  async replaceInterviewNotes(executor: Executor, accountId: string, authorUserId: string, notes: InterviewNote[]): Promise<void> {
    await executor.delete(tribalNotes).where(and(eq(tribalNotes.accountId, accountId), eq(tribalNotes.origin, 'interview')));
    if (notes.length === 0) return;
    const createdAt = this.#clock.now();
    await executor.insert(tribalNotes).values(notes.map((note) => ({ accountId, authorUserId, ...note, origin: 'interview', createdAt })));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const removed = await this.#db
      .delete(tribalNotes)
      .where(and(eq(tribalNotes.accountId, accountId), eq(tribalNotes.id, id)))
      .returning({ id: tribalNotes.id });
    return removed.length > 0;
  }
}

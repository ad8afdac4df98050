/**
 * The coach's conversations, kept so that one resumes after a reload or on
 * another device. Each belongs to the person who had it, in their account
 * (tenant and person are part of every query), and is about one result,
 * optionally compared with another. Owns coach_conversations and
 * coach_messages.
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { coachConversations, coachMessages } from './tables.ts';

/** Whose conversations: the person, in the account they are signed in to. */
export interface ConversationOwner {
  accountId: string;
  userId: string;
}

export interface StoredMessage {
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
}

export interface ConversationSummary {
  id: string;
  resultId: string;
  compareResultId: string | null;
  title: string;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredConversation extends Omit<ConversationSummary, 'messageCount'> {
  messages: StoredMessage[];
}

/** A conversation holds at most this many messages (100 questions and answers); then a new one is started. */
export const CONVERSATION_MESSAGE_LIMIT = 200;
/** How many conversations a list gives, newest first. */
export const CONVERSATION_LIST_LIMIT = 50;
export const NEW_CONVERSATION_TITLE = 'New conversation';
const TITLE_MAX_CHARS = 80;

export type AppendOutcome = { ok: true } | { ok: false; reason: 'not_found' } | { ok: false; reason: 'full' };

/** The first question, as the conversation's name in a list: a label, cut at a word. */
function titleOf(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_MAX_CHARS) return flat;
  const cut = flat.slice(0, TITLE_MAX_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_MAX_CHARS / 2)).trimEnd()}…`;
}

const SUMMARY = {
  id: coachConversations.id,
  resultId: coachConversations.resultId,
  compareResultId: coachConversations.compareResultId,
  title: coachConversations.title,
  createdAt: coachConversations.createdAt,
  updatedAt: coachConversations.updatedAt,
};

export class CoachConversations {
  readonly #db: Database;
  readonly #clock: Clock;

  constructor(deps: { db: Database; clock: Clock }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
  }

  #owned(owner: ConversationOwner, id: string) {
    return and(eq(coachConversations.id, id), eq(coachConversations.accountId, owner.accountId), eq(coachConversations.userId, owner.userId));
  }

  /** A new, empty conversation about a result (the caller checked the results exist). */
  async start(owner: ConversationOwner, subject: { resultId: string; compareResultId: string | null }): Promise<StoredConversation> {
    const now = this.#clock.now();
    const [row] = await this.#db
      .insert(coachConversations)
      .values({
        accountId: owner.accountId,
        userId: owner.userId,
        resultId: subject.resultId,
        compareResultId: subject.compareResultId,
        title: NEW_CONVERSATION_TITLE,
        createdAt: now,
        updatedAt: now,
      })
      .returning(SUMMARY);
    return { ...row!, messages: [] };
  }

  /** The person's conversations, newest first; about one result when `resultId` is given. */
  async list(owner: ConversationOwner, filter: { resultId?: string; limit?: number } = {}): Promise<ConversationSummary[]> {
    const rows = await this.#db
      .select({ ...SUMMARY, messageCount: count(coachMessages.position) })
      .from(coachConversations)
      .leftJoin(coachMessages, eq(coachMessages.conversationId, coachConversations.id))
      .where(
        and(
          eq(coachConversations.accountId, owner.accountId),
          eq(coachConversations.userId, owner.userId),
          filter.resultId ? eq(coachConversations.resultId, filter.resultId) : undefined,
        ),
      )
      .groupBy(coachConversations.id)
      .orderBy(desc(coachConversations.updatedAt), desc(coachConversations.id))
      .limit(filter.limit ?? CONVERSATION_LIST_LIMIT);
    return rows.map((row) => ({ ...row, messageCount: Number(row.messageCount) }));
  }

  /** The conversation with its messages in order; null unless it is the person's, in this account. */
  async get(owner: ConversationOwner, id: string): Promise<StoredConversation | null> {
    const [conversation] = await this.#db.select(SUMMARY).from(coachConversations).where(this.#owned(owner, id));
    if (!conversation) return null;
    const messages = await this.#db
      .select({ role: coachMessages.role, content: coachMessages.content, createdAt: coachMessages.createdAt })
      .from(coachMessages)
      .where(eq(coachMessages.conversationId, id))
      .orderBy(asc(coachMessages.position));
    return { ...conversation, messages };
  }

  /** Deletes the person's conversation; false when there is none of theirs with this id. */
  async remove(owner: ConversationOwner, id: string): Promise<boolean> {
    const deleted = await this.#db.delete(coachConversations).where(this.#owned(owner, id)).returning({ id: coachConversations.id });
    return deleted.length > 0;
  }

  /**
   * Adds a question and its answer at the end, in one transaction under the
   * conversation's row lock, so two answers finishing at once keep their
   * order. The first question names the conversation.
   */
  async append(owner: ConversationOwner, id: string, messages: readonly { role: 'user' | 'assistant'; content: string }[]): Promise<AppendOutcome> {
    const now = this.#clock.now();
    return this.#db.transaction(async (tx) => {
      const [conversation] = await tx.select({ title: coachConversations.title }).from(coachConversations).where(this.#owned(owner, id)).for('update');
      if (!conversation) return { ok: false, reason: 'not_found' } as const;
      const [{ next = 0 } = {}] = await tx
        .select({ next: sql<number>`COALESCE(max(${coachMessages.position}) + 1, 0)`.mapWith(Number) })
        .from(coachMessages)
        .where(eq(coachMessages.conversationId, id));
      if (next + messages.length > CONVERSATION_MESSAGE_LIMIT) return { ok: false, reason: 'full' } as const;
      if (messages.length > 0) {
        await tx
          .insert(coachMessages)
          .values(
            messages.map((message, index) => ({ conversationId: id, position: next + index, role: message.role, content: message.content, createdAt: now })),
          );
      }
      const firstQuestion = messages.find((message) => message.role === 'user');
      await tx
        .update(coachConversations)
        .set({ updatedAt: now, ...(conversation.title === NEW_CONVERSATION_TITLE && firstQuestion ? { title: titleOf(firstQuestion.content) } : {}) })
        .where(eq(coachConversations.id, id));
      return { ok: true } as const;
    });
  }

  /** How many messages the conversation holds; null unless it is the person's. */
  async messageCount(owner: ConversationOwner, id: string): Promise<number | null> {
    const [row] = await this.#db
      .select({ messages: count(coachMessages.position) })
      .from(coachConversations)
      .leftJoin(coachMessages, eq(coachMessages.conversationId, coachConversations.id))
      .where(this.#owned(owner, id))
      .groupBy(coachConversations.id);
    return row ? Number(row.messages) : null;
  }
}

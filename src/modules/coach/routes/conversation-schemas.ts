/** The coach's stored conversations in the API: schemas and views shared by its routes. */
import { Type } from 'typebox';
import type { ConversationSummary, StoredConversation } from '../coach-conversations.ts';

const DateTime = Type.String({ format: 'date-time' });

export const ConversationSummarySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  resultId: Type.String({ format: 'uuid', description: 'The result the conversation is about.' }),
  compareResultId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The result it compares with, if any.' }),
  title: Type.String({ description: 'The first question, shortened; "New conversation" before one is asked.' }),
  messageCount: Type.Integer({ minimum: 0 }),
  createdAt: DateTime,
  updatedAt: DateTime,
});

export const ConversationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  resultId: Type.String({ format: 'uuid' }),
  compareResultId: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  title: Type.String(),
  createdAt: DateTime,
  updatedAt: DateTime,
  messages: Type.Array(Type.Object({ role: Type.Enum(['user', 'assistant']), content: Type.String(), createdAt: DateTime })),
});

export const CreateConversationBody = Type.Object({
  resultId: Type.String({ format: 'uuid', description: 'A stored result to talk about.' }),
  compareResultId: Type.Optional(Type.String({ format: 'uuid', description: 'A second stored result to compare it with.' })),
});

export const ConversationListQuery = Type.Object({
  resultId: Type.Optional(Type.String({ format: 'uuid', description: 'Only the conversations about this result.' })),
});

export function conversationSummaryView(summary: ConversationSummary) {
  return { ...summary, createdAt: summary.createdAt.toISOString(), updatedAt: summary.updatedAt.toISOString() };
}

export function conversationView(conversation: StoredConversation) {
  return {
    id: conversation.id,
    resultId: conversation.resultId,
    compareResultId: conversation.compareResultId,
    title: conversation.title,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    messages: conversation.messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
  };
}

export const CONVERSATION_NOT_FOUND = { message: 'You have no conversation with this id.' };

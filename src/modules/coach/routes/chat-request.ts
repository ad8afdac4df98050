/**
 * What POST /api/chat is asked (post-chat.ts): the body's schema and bounds,
 * the checks the schema cannot make, and the stored conversation, result and
 * comparison a question is read with.
 */
import { Type, type Static } from 'typebox';
import { stageForLevel, tierForTotal } from '../../../framework/tiers.ts';
import type { Principal } from '../../../http/app-types.ts';
import { ApiError, invalidBody, type FieldProblem } from '../../../http/errors.ts';
import { SubmittedResultSchema, type SubmittedResult } from '../../scoring/result-schema.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import { CONVERSATION_MESSAGE_LIMIT, type CoachConversations } from '../coach-conversations.ts';
import { namedResult } from '../named-result.ts';

/** Bounds on a conversation: enough for a long coaching session, small enough to read in one go. */
export const MAX_MESSAGES = 50;
export const MAX_MESSAGE_CHARS = 4000;
export const MAX_CONVERSATION_CHARS = 40_000;

export const ChatBody = Type.Object({
  messages: Type.Array(
    Type.Object({
      role: Type.Enum(['user', 'assistant']),
      content: Type.String({ maxLength: MAX_MESSAGE_CHARS }),
    }),
    { minItems: 1, maxItems: MAX_MESSAGES },
  ),
  result: Type.Optional(SubmittedResultSchema),
  resultId: Type.Optional(Type.String({ format: 'uuid', description: 'A stored result to coach on, instead of sending it whole (our addition).' })),
  conversationId: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'A stored conversation of yours (POST /api/coach/conversations) to continue (our addition): send only the new question in `messages`; the stored conversation, its result and its comparison are read from it, and the question and the answer are kept.',
    }),
  ),
  compareResultId: Type.Optional(
    Type.String({
      format: 'uuid',
      description:
        'A second stored result to compare with (a competitor\'s, or the same site before): questions such as "how do we compare?" are answered from both (our addition). Needs `result` or `resultId`.',
    }),
  ),
});

export type ChatBodyValue = Static<typeof ChatBody>;

/**
 * A result sent in the body is the caller's word: the schema bounds its total
 * loosely (up to 135) and does not tie it to the dimensions, so the total and
 * every stage name are worked out again from the dimension levels.
 */
export function withDerivedTotals(result: SubmittedResult): SubmittedResult {
  const dimensions = result.dimensions.map((d) => ({ ...d, stageName: stageForLevel(d.score) }));
  const totalScore = dimensions.reduce((sum, d) => sum + d.score, 0);
  return { ...result, dimensions, totalScore, stageName: tierForTotal(totalScore) };
}

/**
 * The stored conversation a question continues: its messages so far, its
 * result and its comparison. Only the new question may be sent with it.
 */
export async function storedConversation(conversations: CoachConversations, principal: Principal, body: ChatBodyValue) {
  const problems: FieldProblem[] = [];
  if (body.messages.length !== 1) problems.push({ field: 'body.messages', message: 'with conversationId, send only the new question' });
  for (const field of ['result', 'resultId', 'compareResultId'] as const) {
    if (body[field] !== undefined) problems.push({ field: `body.${field}`, message: 'comes from the conversation: leave it out with conversationId' });
  }
  if (problems.length > 0) throw invalidBody(problems);
  const conversation = await conversations.get(principal, body.conversationId!);
  if (!conversation) throw new ApiError('NOT_FOUND', { message: 'You have no conversation with this id.' });
  if (conversation.messages.length + 2 > CONVERSATION_MESSAGE_LIMIT) {
    throw new ApiError('CONFLICT', { message: 'This conversation is full. Start a new one: the coach keeps each conversation up to 100 questions.' });
  }
  return {
    history: conversation.messages.map(({ role, content }) => ({ role, content })),
    resultId: conversation.resultId,
    compareResultId: conversation.compareResultId ?? undefined,
  };
}

/** How many of the account's scores are searched for a company a question names. */
const NAMED_COMPANY_CANDIDATES = 100;

export async function namedCompany(scoring: ScoringService, accountId: string, result: SubmittedResult, question: string) {
  const candidates = await scoring.scoreNames(accountId, NAMED_COMPANY_CANDIDATES);
  const named = namedResult(question, candidates, result.url);
  return named ? scoring.get(named.id) : null;
}

/** The conversation as the coach reads it: the newest messages within the bounds a request has (a stored one may be longer). */
export function boundedTail<T extends { content: string }>(messages: readonly T[]): T[] {
  let total = 0;
  let first = messages.length;
  while (first > 0 && messages.length - first < MAX_MESSAGES && total + messages[first - 1]!.content.length <= MAX_CONVERSATION_CHARS) {
    first--;
    total += messages[first]!.content.length;
  }
  return messages.slice(first === messages.length ? messages.length - 1 : first);
}

export function checkConversation(messages: { role: string; content: string }[], bothResultForms: boolean, comparisonAlone: boolean): void {
  const problems: FieldProblem[] = [];
  if (messages.at(-1)?.role !== 'user')
    problems.push({ field: `body.messages.${messages.length - 1}.role`, message: 'the last message must be from the user' });
  if (messages.at(-1)?.content.trim() === '') problems.push({ field: `body.messages.${messages.length - 1}.content`, message: 'is blank' });
  const total = messages.reduce((sum, m) => sum + m.content.length, 0);
  if (total > MAX_CONVERSATION_CHARS) problems.push({ field: 'body.messages', message: `must hold at most ${MAX_CONVERSATION_CHARS} characters in all` });
  if (bothResultForms) problems.push({ field: 'body.resultId', message: 'send either result or resultId, not both' });
  if (comparisonAlone) problems.push({ field: 'body.compareResultId', message: 'needs result or resultId: the result it is compared with' });
  if (problems.length > 0) {
    throw invalidBody(problems);
  }
}

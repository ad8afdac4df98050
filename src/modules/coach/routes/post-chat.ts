/**
 * POST /api/chat (spec parts 4, 5, 6 and 8): the coaching assistant as a
 * Server-Sent Events stream. One credit per message, charged before the
 * stream starts and refunded if nothing was produced.
 */
import { Type, type Static } from 'typebox';
import { stageForLevel, tierForTotal } from '../../../framework/tiers.ts';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { abortOnDisconnect } from '../../../http/client-disconnect.ts';
import { ApiError, errorResponses, invalidBody, type FieldProblem } from '../../../http/errors.ts';
import { dataEvent, readyTogether } from '../../../http/sse.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { admitOrRefuse, sendMeteredStream } from '../../metering/api/metered-stream.ts';
import { SubmittedResultSchema, type SubmittedResult } from '../../scoring/result-schema.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import { CONVERSATION_MESSAGE_LIMIT, type CoachConversations } from '../coach-conversations.ts';
import type { CoachContext, InterviewAnswers } from '../coach-context.ts';
import type { CoachService } from '../coach-service.ts';
import { namedResult } from '../named-result.ts';
import type { Principal } from '../../../http/app-types.ts';

/** Bounds on a conversation: enough for a long coaching session, small enough to read in one go. */
export const MAX_MESSAGES = 50;
export const MAX_MESSAGE_CHARS = 4000;
export const MAX_CONVERSATION_CHARS = 40_000;

/** The event a stream ends with when it fails after it has begun (then [DONE]). */
export const STREAM_FAILED_EVENT = {
  content: '',
  error: { code: 'STREAM_FAILED', message: 'The coach stopped before finishing its answer. Please ask again.' },
};

const ChatBody = Type.Object({
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
    Type.String({ format: 'uuid', description: 'A second stored result to compare with (a competitor\'s, or the same site before): questions such as "how do we compare?" are answered from both (our addition). Needs `result` or `resultId`.' }),
  ),
});

export interface ChatRouteDeps {
  coach: CoachService;
  admissionGate: AdmissionGate;
  scoring: ScoringService;
  conversations: CoachConversations;
  /** The account's welcome interview (onboarding), to coach towards its goals; null before it is answered. */
  interviewOf: (accountId: string) => Promise<InterviewAnswers | null>;
  heartbeatMs: number;
  /** How long a stream may wait for its client to read before it is closed. */
  stallTimeoutMs: number;
}

export function registerPostChat(app: App, deps: ChatRouteDeps): void {
  app.post(
    '/api/chat',
    {
      config: { auth: 'required', permission: 'chat:use', whenReadOnly: 'refuse' },
      schema: {
        tags: ['Coach'],
        summary: 'Ask the coaching assistant; the answer streams as Server-Sent Events',
        description:
          'Each event is one `data:` line holding `{"content": "..."}`; the stream ends with `data: [DONE]`. A failure after the stream has begun sends `{"content": "", "error": {"code": "STREAM_FAILED", "message": "..."}}` and then `[DONE]`.',
        body: ChatBody,
        response: {
          200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: Type.String() } } },
          ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'CREDIT_EXHAUSTED', 'NOT_FOUND', 'CONFLICT', 'SCORING_RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { conversationId } = request.body;
      const stored = conversationId ? await storedConversation(deps, principal, request.body) : null;
      const messages = stored ? [...stored.history, ...request.body.messages] : request.body.messages;
      const resultId = stored ? stored.resultId : request.body.resultId;
      const compareResultId = stored ? stored.compareResultId : request.body.compareResultId;
      checkConversation(request.body.messages, Boolean(request.body.result && resultId), Boolean(compareResultId && !request.body.result && !resultId));
      let result = request.body.result ? withDerivedTotals(request.body.result) : null;
      if (resultId) {
        result = await deps.scoring.get(resultId);
        if (!result) throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
      }
      let comparedWith = compareResultId ? await deps.scoring.get(compareResultId) : null;
      if (compareResultId && !comparedWith && !stored) throw new ApiError('NOT_FOUND', { message: 'No scoring result has the id given in compareResultId.' });
      // "How do we compare to Rival?": the account's own score of the company the question names.
      if (!comparedWith && result) comparedWith = await namedCompany(deps, principal.accountId, result, messages.at(-1)!.content);
      const [interview, change] = await Promise.all([
        deps.interviewOf(principal.accountId),
        resultId ? deps.scoring.changeOf(principal.accountId, resultId) : null,
      ]);
      const context: CoachContext = { comparedWith, interview, change };

      // Watched from before admission, so a client that leaves while being admitted is seen too.
      const signal = abortOnDisconnect(reply);
      const charge = await admitOrRefuse(deps.admissionGate, reply, { action: 'chat', principal, clientAddress: null });
      const answer = deps.coach.answer({ messages: boundedTail(messages), result, context, signal });
      let said = '';
      async function* events(): AsyncGenerator<string> {
        try {
          for await (const pieces of readyTogether(answer)) {
            // One event per piece, written together: one write instead of one per piece.
            const text = pieces.map((piece) => (piece === '' ? '' : dataEvent({ content: piece }))).join('');
            if (text !== '') {
              said += pieces.join('');
              yield text;
            }
          }
        } catch (error) {
          if (signal.aborted) return;
          request.log.error({ err: error }, 'coach stream failed');
          yield dataEvent(STREAM_FAILED_EVENT);
        } finally {
          // The question and what was said (all of it, or as far as it went) are kept together; nothing said, nothing kept.
          if (conversationId && said !== '') {
            await deps.conversations
              .append(principal, conversationId, [...request.body.messages, { role: 'assistant', content: said }])
              .catch((error: unknown) => request.log.error({ err: error }, 'keeping the coach conversation failed'));
          }
        }
      }
      // A message is paid for by the answer: one that said nothing is given back.
      return sendMeteredStream(reply, deps, charge, { events: events(), unused: () => said === '' });
    },
  );
}

/**
 * A result sent in the body is the caller's word: the schema bounds its total
 * loosely (up to 135) and does not tie it to the dimensions, so the total and
 * every stage name are worked out again from the dimension levels.
 */
function withDerivedTotals(result: SubmittedResult): SubmittedResult {
  const dimensions = result.dimensions.map((d) => ({ ...d, stageName: stageForLevel(d.score) }));
  const totalScore = dimensions.reduce((sum, d) => sum + d.score, 0);
  return { ...result, dimensions, totalScore, stageName: tierForTotal(totalScore) };
}

type ChatBodyValue = Static<typeof ChatBody>;

/**
 * The stored conversation a question continues: its messages so far, its
 * result and its comparison. Only the new question may be sent with it.
 */
async function storedConversation(deps: ChatRouteDeps, principal: Principal, body: ChatBodyValue) {
  const problems: FieldProblem[] = [];
  if (body.messages.length !== 1) problems.push({ field: 'body.messages', message: 'with conversationId, send only the new question' });
  for (const field of ['result', 'resultId', 'compareResultId'] as const) {
    if (body[field] !== undefined) problems.push({ field: `body.${field}`, message: 'comes from the conversation: leave it out with conversationId' });
  }
  if (problems.length > 0) throw invalidBody(problems);
  const conversation = await deps.conversations.get(principal, body.conversationId!);
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

async function namedCompany(deps: ChatRouteDeps, accountId: string, result: SubmittedResult, question: string) {
  const candidates = await deps.scoring.history(accountId, { limit: NAMED_COMPANY_CANDIDATES });
  const named = namedResult(question, candidates, result.url);
  return named ? deps.scoring.get(named.id) : null;
}

/** The conversation as the coach reads it: the newest messages within the bounds a request has (a stored one may be longer). */
function boundedTail<T extends { content: string }>(messages: readonly T[]): T[] {
  let total = 0;
  let first = messages.length;
  while (first > 0 && messages.length - first < MAX_MESSAGES && total + messages[first - 1]!.content.length <= MAX_CONVERSATION_CHARS) {
    first--;
    total += messages[first]!.content.length;
  }
  return messages.slice(first === messages.length ? messages.length - 1 : first);
}

function checkConversation(messages: { role: string; content: string }[], bothResultForms: boolean, comparisonAlone: boolean): void {
  const problems: FieldProblem[] = [];
  if (messages.at(-1)?.role !== 'user') problems.push({ field: `body.messages.${messages.length - 1}.role`, message: 'the last message must be from the user' });
  if (messages.at(-1)?.content.trim() === '') problems.push({ field: `body.messages.${messages.length - 1}.content`, message: 'is blank' });
  const total = messages.reduce((sum, m) => sum + m.content.length, 0);
  if (total > MAX_CONVERSATION_CHARS) problems.push({ field: 'body.messages', message: `must hold at most ${MAX_CONVERSATION_CHARS} characters in all` });
  if (bothResultForms) problems.push({ field: 'body.resultId', message: 'send either result or resultId, not both' });
  if (comparisonAlone) problems.push({ field: 'body.compareResultId', message: 'needs result or resultId: the result it is compared with' });
  if (problems.length > 0) {
    throw invalidBody(problems);
  }
}

/**
 * POST /api/chat (spec parts 4, 5, 6 and 8): the coaching assistant as a
 * Server-Sent Events stream. One credit per message, charged before the
 * stream starts and refunded if nothing was produced.
 */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { abortOnDisconnect } from '../../../http/client-disconnect.ts';
import { ApiError, errorResponses } from '../../../http/errors.ts';
import { dataEvent, readyTogether } from '../../../http/sse.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import { admitOrRefuse, sendMeteredStream } from '../../metering/api/metered-stream.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import type { CoachConversations } from '../coach-conversations.ts';
import type { CoachContext, InterviewAnswers, ProductGoal } from '../coach-context.ts';
import type { CoachService } from '../coach-service.ts';
import { boundedTail, ChatBody, checkConversation, namedCompany, storedConversation, withDerivedTotals } from './chat-request.ts';

export { MAX_CONVERSATION_CHARS, MAX_MESSAGE_CHARS, MAX_MESSAGES } from './chat-request.ts';

/** The event a stream ends with when it fails after it has begun (then [DONE]). */
export const STREAM_FAILED_EVENT = {
  content: '',
  error: { code: 'STREAM_FAILED', message: 'The coach stopped before finishing its answer. Please ask again.' },
};

export interface ChatRouteDeps {
  coach: CoachService;
  admissionGate: AdmissionGate;
  scoring: ScoringService;
  conversations: CoachConversations;
  /** The account's welcome interview (onboarding), to coach towards its goals; null before it is answered. */
  interviewOf: (accountId: string) => Promise<InterviewAnswers | null>;
  /** The goals of the account's product (outcomes); none for another account's product. */
  goalsOf: (accountId: string, productId: string) => Promise<ProductGoal[]>;
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
      const stored = conversationId ? await storedConversation(deps.conversations, principal, request.body) : null;
      const messages = stored ? [...stored.history, ...request.body.messages] : request.body.messages;
      const resultId = stored ? stored.resultId : request.body.resultId;
      const compareResultId = stored ? stored.compareResultId : request.body.compareResultId;
      checkConversation(request.body.messages, Boolean(request.body.result && resultId), Boolean(compareResultId && !request.body.result && !resultId));
      let result = request.body.result ? withDerivedTotals(request.body.result) : null;
      if (resultId) {
        result = await deps.scoring.get(resultId);
        if (!result) throw new ApiError('NOT_FOUND', { message: 'No scoring result has this id.' });
      }
      const compared = compareResultId ? await deps.scoring.get(compareResultId) : null;
      if (compareResultId && !compared && !stored) throw new ApiError('NOT_FOUND', { message: 'No scoring result has the id given in compareResultId.' });
      // Read together: on PostgreSQL each is a round trip of its own.
      const [named, interview, change, evidence, goals] = await Promise.all([
        // "How do we compare to Rival?": the account's own score of the company the question names.
        !compared && result ? namedCompany(deps.scoring, principal.accountId, result, messages.at(-1)!.content) : null,
        deps.interviewOf(principal.accountId),
        resultId ? deps.scoring.changeOf(principal.accountId, resultId) : null,
        // The tools' and team's evidence stored with the score: the account's own, or what its owner published.
        resultId ? deps.scoring.evidenceView(resultId, principal.accountId) : null,
        // The goals of the result's product, read in the asker's account: another account's product has none here.
        result?.productId ? deps.goalsOf(principal.accountId, result.productId) : [],
      ]);
      const context: CoachContext = { comparedWith: compared ?? named, interview, change, evidence: evidence?.view ?? null, goals };

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

/**
 * GET /app/coach (issue 14, point 2; issue 23, part 5): the coach in the
 * browser. `?conversation=<id>` resumes one of the person's kept
 * conversations; `?result=<id>` (optionally `&compare=<id>`) opens the
 * newest one about that result, or a new one (`&new=1` asks for a new one
 * anyway); coach.js streams POST /api/chat into the page and keeps each
 * question and answer. Without a result, or with one the account does not
 * hold, the person's conversations and the account's results to choose from.
 */
import { Type } from 'typebox';
import { DIMENSIONS } from '../../../framework/dimensions.ts';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import { MAX_CONVERSATION_CHARS, MAX_MESSAGE_CHARS, MAX_MESSAGES } from '../../../modules/coach/routes/post-chat.ts';
import type { ScoringService } from '../../../modules/scoring/scoring-service.ts';
import { PRICING_PATH } from '../../pages/pricing-view.ts';
import { signInPath } from '../../sign-in-form.ts';
import { companyLabel } from '../../result-summary.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppPageDeps, type AppVisit } from '../app-visit.ts';
import type { CoachConversations } from '../../../modules/coach/coach-conversations.ts';
import { CoachConversation, type CoachScriptSettings, type KeptConversation } from './coach-conversation-view.ts';
import { coachPath, conversationPath, dimensionOnResultPath } from './coach-paths.ts';
import { CoachPicker } from './coach-picker-view.ts';
import { suggestedQuestions } from './suggested-questions.ts';

export interface CoachPageDeps extends AppPageDeps {
  scoring: ScoringService;
  conversations: CoachConversations;
}

/** The picker lists this many of the account's newest results. */
export const COACH_PICKER_LIMIT = 50;

const CoachQuery = Type.Object({
  result: Type.Optional(Type.String({ maxLength: 100 })),
  // A second result to compare with (from the compare page): any stored result, as the chat API takes it.
  compare: Type.Optional(Type.String({ maxLength: 100 })),
  // A stored conversation to resume; its result and comparison come with it.
  conversation: Type.Optional(Type.String({ maxLength: 100 })),
  // A new conversation even when one about the result is kept.
  new: Type.Optional(Type.String({ maxLength: 10 })),
  // The question form's fallback without JavaScript reloads the page with it; it is not read.
  question: Type.Optional(Type.String({ maxLength: MAX_MESSAGE_CHARS })),
});

function scriptSettings(visit: AppVisit, resultId: string): CoachScriptSettings {
  return {
    dimensionLinks: DIMENSIONS.map((dimension) => ({ id: dimension.id, name: dimension.name, href: dimensionOnResultPath(resultId, dimension.id) })),
    maxMessages: MAX_MESSAGES,
    maxMessageChars: MAX_MESSAGE_CHARS,
    maxConversationChars: MAX_CONVERSATION_CHARS,
    billingHref: visit.may('billing:manage') ? APP_PATHS.billing : PRICING_PATH,
    onboardingHref: APP_PATHS.onboarding,
    signInHref: signInPath(coachPath(resultId)),
  };
}

/** Why a question would be refused with 403 before it is asked: the page then shows why instead of the form. */
function pausedReason(visit: AppVisit): 'read_only' | 'no_permission' | null {
  if (!visit.may('chat:use')) return 'no_permission';
  return visit.coverage.readOnly ? 'read_only' : null;
}

export function registerCoachPage(app: App, deps: CoachPageDeps): void {
  app.get(APP_PATHS.coach, { config: { auth: 'page' }, schema: { hide: true, querystring: CoachQuery } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const accountId = visit.account.id;
    const owner = { accountId, userId: visit.principal.userId };
    const { conversation: conversationId } = request.query;
    let asked = request.query.result;
    let compare = request.query.compare;
    let kept: KeptConversation | null = null;
    if (conversationId !== undefined && isUuid(conversationId)) {
      const stored = await deps.conversations.get(owner, conversationId);
      if (stored) {
        asked = stored.resultId;
        compare = stored.compareResultId ?? undefined;
        kept = { id: stored.id, startedAt: stored.createdAt.toISOString(), messages: stored.messages };
      }
    }

    if (asked !== undefined && isUuid(asked) && (conversationId === undefined || kept)) {
      // changeOf answers only for a result the account holds: the ownership check and the "since last time" line in one.
      const [change, result, comparedWith, mine] = await Promise.all([
        deps.scoring.changeOf(accountId, asked),
        deps.scoring.get(asked),
        compare !== undefined && isUuid(compare) && compare !== asked ? deps.scoring.get(compare) : null,
        deps.conversations.list(owner, { resultId: asked }),
      ]);
      if (change && result) {
        // Reopening a result resumes the newest conversation about it (with the same comparison), unless a new one is asked for.
        const sameSubject = mine.filter((candidate) => candidate.compareResultId === (comparedWith?.id ?? null));
        if (!kept && request.query.new === undefined && sameSubject[0] && sameSubject[0].messageCount > 0) {
          const latest = await deps.conversations.get(owner, sameSubject[0].id);
          if (latest) kept = { id: latest.id, startedAt: latest.createdAt.toISOString(), messages: latest.messages };
        }
        const questions = suggestedQuestions(result);
        return sendAppPage(reply, deps.settings, visit, {
          title: `Coach: ${companyLabel(result)}`,
          path: kept ? conversationPath(kept.id) : coachPath(result.id),
          section: 'coach',
          body: html`<${CoachConversation}
            result=${result}
            kept=${kept}
            others=${mine
              .filter((other) => other.id !== kept?.id && other.messageCount > 0)
              .map((other) => ({ id: other.id, title: other.title, updatedAt: other.updatedAt.toISOString() }))}
            comparedWith=${comparedWith}
            change=${change}
            questions=${comparedWith ? [`How do we compare to ${companyLabel(comparedWith)}?`, ...questions] : questions}
            paused=${pausedReason(visit)}
            script=${scriptSettings(visit, result.id)}
          />`,
          scripts: ['coach.js'],
          styles: ['coach.css'],
        });
      }
    }

    const [results, conversations] = await Promise.all([deps.scoring.history(accountId, { limit: COACH_PICKER_LIMIT }), deps.conversations.list(owner)]);
    const companies = new Map(results.map((summary) => [summary.id, companyLabel({ url: summary.url, companyName: summary.companyName ?? undefined })]));
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Coach',
      path: coachPath(),
      section: 'coach',
      body: html`<${CoachPicker}
        accountName=${visit.account.name}
        conversations=${conversations
          .filter((conversation) => conversation.messageCount > 0)
          .map((conversation) => ({
            id: conversation.id,
            title: conversation.title,
            messageCount: conversation.messageCount,
            updatedAt: conversation.updatedAt.toISOString(),
            company: companies.get(conversation.resultId) ?? null,
          }))}
        results=${results}
        limit=${COACH_PICKER_LIMIT}
        unknownResult=${asked !== undefined || conversationId !== undefined}
      />`,
      styles: ['coach.css'],
    });
  });
}

/**
 * GET /app/coach?result=<id> (issue 14, point 2): the coach in the browser.
 * With a result of the account's, the conversation about it (coach.js
 * streams POST /api/chat into the page); without one, or with a result the
 * account does not hold, the list of the account's results to choose from.
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
import { CoachConversation, type CoachScriptSettings } from './coach-conversation-view.ts';
import { coachPath, dimensionOnResultPath } from './coach-paths.ts';
import { CoachPicker } from './coach-picker-view.ts';
import { suggestedQuestions } from './suggested-questions.ts';

export interface CoachPageDeps extends AppPageDeps {
  scoring: ScoringService;
}

/** The picker lists this many of the account's newest results. */
export const COACH_PICKER_LIMIT = 50;

const CoachQuery = Type.Object({
  result: Type.Optional(Type.String({ maxLength: 100 })),
  // A second result to compare with (from the compare page): any stored result, as the chat API takes it.
  compare: Type.Optional(Type.String({ maxLength: 100 })),
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
    const asked = request.query.result;

    if (asked !== undefined && isUuid(asked)) {
      // changeOf answers only for a result the account holds: the ownership check and the "since last time" line in one.
      const compare = request.query.compare;
      const [change, result, comparedWith] = await Promise.all([
        deps.scoring.changeOf(accountId, asked),
        deps.scoring.get(asked),
        compare !== undefined && isUuid(compare) && compare !== asked ? deps.scoring.get(compare) : null,
      ]);
      if (change && result) {
        const questions = suggestedQuestions(result);
        return sendAppPage(reply, deps.settings, visit, {
          title: `Coach: ${companyLabel(result)}`,
          path: coachPath(result.id),
          section: 'coach',
          body: html`<${CoachConversation}
            result=${result}
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

    const results = await deps.scoring.history(accountId, { limit: COACH_PICKER_LIMIT });
    return sendAppPage(reply, deps.settings, visit, {
      title: 'Coach',
      path: coachPath(),
      section: 'coach',
      body: html`<${CoachPicker} accountName=${visit.account.name} results=${results} limit=${COACH_PICKER_LIMIT} unknownResult=${asked !== undefined} />`,
      styles: ['coach.css'],
    });
  });
}

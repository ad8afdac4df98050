/** The coach API: the chat (streamed) and the saved conversations. Gathered for the composition root. */
import type { App } from '../../../http/app-types.ts';
import type { AdmissionGate } from '../../metering/admission-gate.ts';
import type { OnboardingService } from '../../onboarding/onboarding-service.ts';
import type { GoalService } from '../../outcomes/goal-service.ts';
import type { ScoringService } from '../../scoring/scoring-service.ts';
import type { CoachConversations } from '../coach-conversations.ts';
import type { CoachService } from '../coach-service.ts';
import { registerCreateConversation } from './create-conversation.ts';
import { registerDeleteConversation } from './delete-conversation.ts';
import { registerGetConversation } from './get-conversation.ts';
import { registerListConversations } from './list-conversations.ts';
import { registerPostChat } from './post-chat.ts';

export interface CoachRouteDeps {
  coach: CoachService;
  admissionGate: AdmissionGate;
  scoring: ScoringService;
  coachConversations: CoachConversations;
  onboarding: Pick<OnboardingService, 'welcomeInterview'>;
  goals: Pick<GoalService, 'list'>;
  progressStream: { heartbeatMs: number; stallTimeoutMs: number };
}

export function registerCoachRoutes(app: App, deps: CoachRouteDeps): void {
  const { coach, admissionGate, scoring, coachConversations: conversations, onboarding } = deps;
  registerPostChat(app, {
    coach,
    admissionGate,
    scoring,
    conversations,
    // The coach steers towards the goals the account gave in its welcome interview.
    interviewOf: async (accountId) => {
      const interview = await onboarding.welcomeInterview(accountId);
      return interview ? { role: interview.role, goals: interview.goals, teamSize: interview.teamSize, productName: interview.product.name } : null;
    },
    goalsOf: async (accountId, productId) =>
      (await deps.goals.list(accountId, productId)).map((goal) => ({
        dimensionId: goal.dimensionId,
        targetLevel: goal.targetLevel,
        dueDate: goal.dueDate,
        currentLevel: goal.progress.currentLevel,
        onTrack: goal.onTrack,
      })),
    heartbeatMs: deps.progressStream.heartbeatMs,
    stallTimeoutMs: deps.progressStream.stallTimeoutMs,
  });
  registerCreateConversation(app, { conversations, scoring });
  registerListConversations(app, { conversations });
  registerGetConversation(app, { conversations });
  registerDeleteConversation(app, { conversations });
}

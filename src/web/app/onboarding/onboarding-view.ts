/**
 * The onboarding checklist (/app/onboarding): the coverage record of
 * GET /api/onboarding/coverage as a person reads it. Each milestone with its
 * state, its completion date or its blocker, and the flow that completes
 * it; where the trial stands, and its positions (Day 0, 7, 14, 25, 30).
 */
import { READ_ONLY_FROM_DAY, TRIAL_DAYS, type Milestone } from '../../../modules/onboarding/trial.ts';
import { isPaidPlan } from '../../../vocabulary/plans.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { ONBOARDING_PATHS } from './onboarding-paths.ts';
import { blockerForPeople } from '../app-layout.ts';
import { Day } from './page-parts.ts';

const MILESTONE_TEXT: Record<Milestone, { title: string; when: string; what: string; href: string; start: string; review: string }> = {
  welcomeInterview: {
    title: 'Welcome interview',
    when: 'Day 1',
    what: 'Your role, your goals, the product to score and your team size: what the coach tailors its advice to.',
    href: ONBOARDING_PATHS.interview,
    start: 'Answer the welcome interview',
    review: 'Review your answers',
  },
  orgMap: {
    title: 'Org map',
    when: 'Week 1',
    what: 'Who owns each of the six functions (strategy, design, development, intelligence, operations, go-to-market) of one product.',
    href: ONBOARDING_PATHS.orgMap,
    start: 'Map your team',
    review: 'Review the org map',
  },
};

const POSITION_TEXT: Record<number, string> = {
  0: 'The trial starts; a welcome mail lists the two steps.',
  7: 'A reminder, if a step is still missing.',
  14: `The account becomes read-only if a step is still missing.`,
  25: 'Five days of the trial left.',
  30: 'The trial ends; the account continues on its plan.',
};

function MilestoneItem({ visit, milestone }: { visit: AppVisit; milestone: Milestone }) {
  const record = visit.coverage.milestones[milestone];
  const text = MILESTONE_TEXT[milestone];
  const done = record.completedAt !== null;
  const mayComplete = visit.may('account:edit');
  return html`<li class=${done ? 'milestone milestone-done' : 'milestone'} data-milestone=${milestone}>
    <div class="milestone-head">
      <h2 id=${`milestone-${milestone}`}>${text.title} <span class="muted milestone-when">(${text.when})</span></h2>
      <span class="milestone-state">${done ? 'Done' : 'To do'}</span>
    </div>
    ${
      done
        ? html`<p>${text.what}</p><p>Completed on <${Day} at=${record.completedAt!} />.</p>`
        : html`<p class="milestone-blocker"><strong>Still missing:</strong> ${blockerForPeople(record.blocker)}</p>`
    }
    ${
      mayComplete
        ? html`<p><a class=${done ? 'button button-quiet' : 'button'} href=${text.href} aria-describedby=${`milestone-${milestone}`}>${done ? text.review : text.start}</a></p>`
        : html`<p class="muted">${done ? html`<a href=${text.href}>See it</a>. ` : null}An owner or admin of the account completes this step.</p>`
    }
  </li>`;
}

function TrialStanding({ visit }: { visit: AppVisit }) {
  const { coverage } = visit;
  if (isPaidPlan(visit.plan))
    return html`<p class="lead">Your paid plan has ended the trial: the account is never read-only. The steps below still help the coach help you.</p>`;
  const day = Math.min(TRIAL_DAYS, TRIAL_DAYS - coverage.trialDaysRemaining);
  const left = coverage.trialDaysRemaining;
  if (left === 0) {
    return html`<p class="lead">Your ${TRIAL_DAYS}-day trial has ended.</p>
      ${coverage.readOnly ? html`<p>The account is read-only until both steps are done, or until it moves to a paid plan.</p>` : null}`;
  }
  const readOnlyDay = coverage.positions.find((position) => position.day === READ_ONLY_FROM_DAY);
  return html`<p class="lead">Day ${day} of your ${TRIAL_DAYS}-day trial: ${left} ${left === 1 ? 'day' : 'days'} left.</p>
    ${
      coverage.readOnly
        ? html`<p>The account is read-only until both steps are done.</p>`
        : readOnlyDay && !readOnlyDay.reached
          ? html`<p>Complete both steps before <${Day} at=${readOnlyDay.at} /> (Day ${READ_ONLY_FROM_DAY}): from then an account with a step missing becomes read-only.</p>`
          : null
    }`;
}

export function OnboardingPage({ visit }: { visit: AppVisit }) {
  const milestones = Object.keys(visit.coverage.milestones) as Milestone[];
  const done = milestones.filter((milestone) => visit.coverage.milestones[milestone].completedAt !== null).length;
  return html`
    <h1>Onboarding</h1>
    <${TrialStanding} visit=${visit} />
    <p><strong>${done} of ${milestones.length}</strong> steps done.</p>
    <ol class="milestones">
      ${milestones.map((milestone) => html`<${MilestoneItem} visit=${visit} milestone=${milestone} />`)}
    </ol>
    <h2>Your trial</h2>
    <table class="trial-positions">
      <caption class="visually-hidden">The trial's milestone positions, their dates and whether each is reached</caption>
      <thead><tr><th scope="col">Day</th><th scope="col">Date</th><th scope="col">What happens</th><th scope="col">Reached</th></tr></thead>
      <tbody>
        ${visit.coverage.positions.map(
          (position) => html`<tr data-reached=${position.reached ? 'true' : 'false'}>
            <th scope="row">Day ${position.day}</th>
            <td><${Day} at=${position.at} /></td>
            <td>${POSITION_TEXT[position.day] ?? ''}</td>
            <td>${position.reached ? 'Yes' : 'Not yet'}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  `;
}

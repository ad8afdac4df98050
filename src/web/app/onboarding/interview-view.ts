/**
 * The welcome interview (/app/onboarding/interview): the form that completes
 * the Day 1 milestone. onboarding.js posts it to
 * POST /api/onboarding/welcome-interview, whose validation is the only one;
 * a refusal marks the fields it names, each with what to change in plain
 * words (an empty one with its own request, data-empty-message). Answering again replaces the
 * answers. A member reads the answers but cannot change them.
 */
import type { WelcomeInterview } from '../../../modules/onboarding/onboarding-service.ts';
import { INTERVIEW_GOALS_MAX, INTERVIEW_TEXT_MAX_LENGTH, TEAM_SIZE_MAX } from '../../../modules/onboarding/routes/onboarding-schemas.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { ONBOARDING_PATHS } from './onboarding-paths.ts';
import { Day, Problem, ScriptNeeded } from './page-parts.ts';

function Answers({ interview }: { interview: WelcomeInterview }) {
  return html`<dl class="answers">
    <div><dt>Role</dt><dd>${interview.role}</dd></div>
    <div><dt>Goals</dt><dd><ul>${interview.goals.map((goal) => html`<li>${goal}</li>`)}</ul></dd></div>
    <div><dt>Product</dt><dd>${interview.product.name}${interview.product.url ? html` (${interview.product.url})` : null}</dd></div>
    <div><dt>Team size</dt><dd>${interview.teamSize}</dd></div>
  </dl>`;
}

function InterviewForm({ interview }: { interview: WelcomeInterview | null }) {
  return html`<form class="flow-form" data-form="welcome-interview" data-done=${ONBOARDING_PATHS.checklist} novalidate>
    <label for="interview-role">Your role</label>
    <input id="interview-role" name="role" data-field="body.role" data-empty-message="Tell us your role, for example Head of Product." required maxlength=${INTERVIEW_TEXT_MAX_LENGTH} autocomplete="organization-title"
      aria-describedby="interview-role-hint" value=${interview?.role ?? ''} />
    <p class="hint" id="interview-role-hint">For example Head of Product, CTO, founder.</p>

    <label for="interview-goals">Your goals</label>
    <textarea id="interview-goals" name="goals" data-field="body.goals" data-empty-message="Write at least one goal, one per line." required rows="4" aria-describedby="interview-goals-hint" value=${interview?.goals.join('\n') ?? ''}></textarea>
    <p class="hint" id="interview-goals-hint">What you want the scoring and coaching to help with: one per line, up to ${INTERVIEW_GOALS_MAX}.</p>

    <fieldset>
      <legend>The product to score</legend>
      <label for="interview-product-name">Name</label>
      <input id="interview-product-name" name="productName" data-field="body.product.name" data-empty-message="Name the product you want to score." required maxlength=${INTERVIEW_TEXT_MAX_LENGTH} value=${interview?.product.name ?? ''} />
      <label for="interview-product-url">Web address <span class="muted">(optional)</span></label>
      <input id="interview-product-url" name="productUrl" data-field="body.product.url" type="url" inputmode="url" placeholder="https://example.com"
        aria-describedby="interview-product-url-hint" value=${interview?.product.url ?? ''} />
      <p class="hint" id="interview-product-url-hint">Leave it empty for a product not yet online.</p>
    </fieldset>

    <label for="interview-team-size">Team size</label>
    <input id="interview-team-size" name="teamSize" data-field="body.teamSize" data-empty-message="Say how many people work on the product, as a number." type="number" inputmode="numeric" min="1" max=${TEAM_SIZE_MAX} required
      aria-describedby="interview-team-size-hint" value=${interview?.teamSize ?? ''} />
    <p class="hint" id="interview-team-size-hint">People working on the product.</p>

    <${Problem} id="interview-problem" />
    <p class="cta"><button class="button" type="submit">${interview ? 'Save answers' : 'Complete the interview'}</button>
      <a class="button button-quiet" href=${ONBOARDING_PATHS.checklist}>Back to the checklist</a></p>
    <${ScriptNeeded} action="Sending the interview" />
  </form>`;
}

export function InterviewPage({ visit, interview }: { visit: AppVisit; interview: WelcomeInterview | null }) {
  const done = visit.coverage.milestones.welcomeInterview.completedAt;
  return html`
    <h1>Welcome interview</h1>
    <p class="lead">Four questions, two minutes: the coach tailors its advice to your answers. Answering completes the Day 1 step of onboarding.</p>
    ${done ? html`<p class="notice">Completed on <${Day} at=${done} />. You can change the answers at any time.</p>` : null}
    ${
      visit.may('account:edit')
        ? html`<${InterviewForm} interview=${interview} />`
        : interview
          ? html`<${Answers} interview=${interview} /><p class="muted">An owner or admin of the account can change the answers.</p>`
          : html`<p class="muted">Not answered yet. An owner or admin of the account answers the welcome interview.</p>`
    }
  `;
}

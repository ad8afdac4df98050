/**
 * A product's goals and rescoring cadence (issue 28): on its page, each goal
 * with its dimension, target and due date, the level at the start and now,
 * on track or at risk, a button to remove it and a form to add one; the
 * cadence with a form to change it, and, when the last scheduled score could
 * not run, why. The dashboard's cards show the same goals and cadence, read
 * only. The forms post to the page's own addresses (goal-form-submit.ts and
 * its siblings), so they work without scripts.
 */
import { DIMENSIONS, dimensionById } from '../../../framework/dimensions.ts';
import type { Goal } from '../../../modules/outcomes/goal-service.ts';
import type { Schedule } from '../../../modules/outcomes/schedule-service.ts';
import { REFUSED_RUN_WORDS } from '../../../modules/outcomes/scheduled-run-refused-mail.ts';
import { html } from '../../view.ts';
import { Day } from '../settings/settings-text.ts';
import { goalFormPath, goalRemovePath, scheduleFormPath } from './goal-paths.ts';

/** What the reader typed into the goal form and what was wrong with it, by field (a re-shown form after a refusal). */
export interface GoalFormState {
  values: { dimensionId?: string; targetLevel?: string; dueDate?: string };
  errors: { dimensionId?: string; targetLevel?: string; dueDate?: string; form?: string };
}

const CADENCE_WORDS: Record<Schedule['cadence'], string> = { weekly: 'Weekly', monthly: 'Monthly', off: 'Off' };

const levelText = (level: number | null) => (level === null ? 'not scored' : `level ${level}`);

function Standing({ goal }: { goal: Goal }) {
  return goal.onTrack ? html`<span class="goal-standing goal-on-track">On track</span>` : html`<span class="goal-standing goal-at-risk">At risk</span>`;
}

function GoalItem({ goal, productName, remove }: { goal: Goal; productName: string; remove: { csrf: string } | null }) {
  const name = dimensionById(goal.dimensionId).name;
  return html`<li class="goal" data-goal=${goal.dimensionId}>
    <p class="goal-head"><strong>${name}</strong>: level ${goal.targetLevel} by <${Day} at=${new Date(`${goal.dueDate}T00:00:00Z`)} /> <${Standing} goal=${goal} /></p>
    <p class="muted goal-progress">Started at ${levelText(goal.progress.startLevel)}, now ${levelText(goal.progress.currentLevel)}.</p>
    ${
      remove
        ? html`<form method="post" action=${goalRemovePath(goal.productId, goal.id)} class="inline-form">
          <input type="hidden" name="csrf" value=${remove.csrf} />
          <button type="submit" class="button button-quiet button-small">Remove<span class="visually-hidden"> the ${name} goal of ${productName}</span></button>
        </form>`
        : null
    }
  </li>`;
}

export function GoalList({ goals, productName, remove = null }: { goals: Goal[]; productName: string; remove?: { csrf: string } | null }) {
  if (goals.length === 0) return html`<p class="muted">No goals yet.</p>`;
  return html`<ul class="goal-list">${goals.map((goal) => html`<${GoalItem} goal=${goal} productName=${productName} remove=${remove} />`)}</ul>`;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? html`<p class="field-error" id=${id}>${message}</p>` : null;
}

function GoalForm({ productId, csrf, today, form }: { productId: string; csrf: string; today: string; form: GoalFormState | null }) {
  const values = form?.values ?? {};
  const errors = form?.errors ?? {};
  const invalid = (field: keyof GoalFormState['errors']) => (errors[field] ? { 'aria-invalid': 'true', 'aria-describedby': `goal-${field}-error` } : {});
  return html`<form method="post" action=${goalFormPath(productId)} class="settings-form goal-form" data-goal-form novalidate>
    <h3>Add a goal</h3>
    <input type="hidden" name="csrf" value=${csrf} />
    <label for="goal-dimensionId">Dimension</label>
    <select id="goal-dimensionId" name="dimensionId" required ...${invalid('dimensionId')}>
      <option value="">Choose a dimension</option>
      ${DIMENSIONS.map((dimension) => html`<option value=${dimension.id} selected=${values.dimensionId === dimension.id}>${dimension.name}</option>`)}
    </select>
    <${FieldError} id="goal-dimensionId-error" message=${errors.dimensionId} />
    <label for="goal-targetLevel">Target level</label>
    <select id="goal-targetLevel" name="targetLevel" required ...${invalid('targetLevel')}>
      ${[2, 3, 4].map((level) => html`<option value=${String(level)} selected=${values.targetLevel === String(level)}>Level ${level}</option>`)}
    </select>
    <${FieldError} id="goal-targetLevel-error" message=${errors.targetLevel} />
    <label for="goal-dueDate">Due date</label>
    <input id="goal-dueDate" name="dueDate" type="date" min=${today} required value=${values.dueDate ?? ''} ...${invalid('dueDate')} />
    <${FieldError} id="goal-dueDate-error" message=${errors.dueDate} />
    <div class="form-actions"><button type="submit" class="button">Add goal</button></div>
  </form>`;
}

/** Why the last scheduled score did not run, in plain words; null when it ran (or none has been due yet). */
export function RefusedRun({ schedule }: { schedule: Schedule }) {
  const last = schedule.lastRun;
  if (!last || last.outcome === 'scored') return null;
  const reason = REFUSED_RUN_WORDS[last.outcome] ?? 'something went wrong on our side';
  return html`<p class="notice notice-error" data-refused-run>The last scheduled score, on <${Day} at=${last.at} />, did not run: ${reason}.</p>`;
}

export function CadenceLine({ schedule }: { schedule: Schedule }) {
  return html`<p class="cadence-line" data-cadence=${schedule.cadence}>Rescored: ${CADENCE_WORDS[schedule.cadence].toLowerCase()}${
    schedule.nextRunAt ? html`, next on <${Day} at=${schedule.nextRunAt} />` : null
  }.</p>
    <${RefusedRun} schedule=${schedule} />`;
}

function CadenceForm({ productId, csrf, schedule }: { productId: string; csrf: string; schedule: Schedule }) {
  return html`<form method="post" action=${scheduleFormPath(productId)} class="settings-form cadence-form" data-cadence-form>
    <input type="hidden" name="csrf" value=${csrf} />
    <label for="cadence">Rescore this product</label>
    <select id="cadence" name="cadence">
      ${(['weekly', 'monthly', 'off'] as const).map((cadence) => html`<option value=${cadence} selected=${schedule.cadence === cadence}>${CADENCE_WORDS[cadence]}</option>`)}
    </select>
    <div class="form-actions"><button type="submit" class="button button-quiet">Save cadence</button></div>
  </form>`;
}

export interface ProductOutcomes {
  goals: Goal[];
  schedule: Schedule;
}

/** The product page's section: goals, the form to add one, the cadence and its control. */
export function ProductGoalsSection({
  productId,
  productName,
  outcomes,
  csrf,
  today,
  form,
}: {
  productId: string;
  productName: string;
  outcomes: ProductOutcomes;
  csrf: string;
  today: string;
  form: GoalFormState | null;
}) {
  return html`<section aria-labelledby="goals-heading" id="goals" class="product-goals">
    <h2 id="goals-heading">Goals and cadence</h2>
    ${form?.errors.form ? html`<p class="notice notice-error" role="alert">${form.errors.form}</p>` : null}
    <${GoalList} goals=${outcomes.goals} productName=${productName} remove=${{ csrf }} />
    <${GoalForm} productId=${productId} csrf=${csrf} today=${today} form=${form} />
    <h3>Scheduled rescoring</h3>
    <${CadenceLine} schedule=${outcomes.schedule} />
    <${CadenceForm} productId=${productId} csrf=${csrf} schedule=${outcomes.schedule} />
  </section>`;
}

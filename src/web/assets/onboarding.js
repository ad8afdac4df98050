// @ts-check
// The forms of the lifecycle pages: the welcome interview, the org map (and the product
// it needs) and the email preferences. Each sends its answers to the JSON API, whose
// validation is the only one: a refusal marks each field it names and says under it, in
// plain words, what to change (the form's alert region says how many, with any advice).
import { adviceOf, callApi, clearFieldProblems, NETWORK_PROBLEM, refusalOf, showFieldProblems, signInAgain } from './api-client.js';

const FUNCTION_OWNER = /^(\w+)\.(name|email)$/;

function clearProblem(form) {
  form.querySelector('[data-problem]')?.replaceChildren();
  clearFieldProblems(form);
}

/**
 * A refusal: each field it names is marked, with what to change said under
 * it in plain words; above, one line says so (or, for a refusal about no
 * field, the API's message), with its advice.
 */
function showProblem(form, answer) {
  const region = form.querySelector('[data-problem]');
  if (!region) return;
  const refusal = refusalOf(answer);
  const notice = document.createElement('div');
  notice.className = 'notice notice-error';
  const message = document.createElement('p');
  const marked = showFieldProblems(form, refusal);
  message.textContent =
    marked > 0
      ? `${marked === 1 ? 'One answer needs a change: the marked field says what.' : `${marked} answers need a change: each marked field says what.`}`
      : refusal.message || 'That did not work. Try again in a moment.';
  notice.append(message);
  const action = adviceOf(refusal);
  if (action) {
    const advice = document.createElement('p');
    advice.textContent = action;
    notice.append(advice);
  }
  region.replaceChildren(notice);
}

function showStatus(form, text) {
  const status = form.querySelector('[data-status]');
  if (status) status.textContent = text;
}

const value = (form, name) => String(new FormData(form).get(name) ?? '').trim();

/**
 * A form's call: method, path and body, as callApi takes them.
 * @typedef {[method: string, url: string, body?: unknown]} FormRequest
 * @typedef {{ request(form: HTMLFormElement): FormRequest, done(form: HTMLFormElement, body: any): void }} FormBehaviour
 */

/**
 * Each form: its request from its fields, and what follows success.
 * @type {Record<string, FormBehaviour>}
 */
const FORMS = {
  'welcome-interview': {
    request(form) {
      const url = value(form, 'productUrl');
      const teamSize = value(form, 'teamSize');
      return [
        'POST',
        '/api/onboarding/welcome-interview',
        {
          role: value(form, 'role'),
          goals: value(form, 'goals')
            .split('\n')
            .map((goal) => goal.trim())
            .filter((goal) => goal !== ''),
          product: { name: value(form, 'productName'), ...(url ? { url } : {}) },
          teamSize: teamSize === '' ? null : Number(teamSize),
        },
      ];
    },
    done: (form) => location.assign(form.dataset.done),
  },
  product: {
    request: (form) => ['POST', '/api/products', { name: value(form, 'name'), url: value(form, 'url') }],
    done: () => location.reload(),
  },
  'org-map': {
    request(form) {
      const owners = {};
      for (const control of form.querySelectorAll('input')) {
        const [, fn, part] = FUNCTION_OWNER.exec(control.name) || [];
        if (!fn || control.value.trim() === '') continue;
        owners[fn] = { name: '', ...owners[fn], [part]: control.value.trim() };
      }
      return ['PUT', `/api/team-registry/${encodeURIComponent(form.dataset.productId)}`, { owners }];
    },
    done(form, answer) {
      if (answer.missingFunctions.length === 0) return location.assign(form.dataset.done);
      const missing = answer.missingFunctions.map((fn) => document.getElementById(`fn-${form.dataset.productId}-${fn}`)?.textContent || fn);
      const total = Object.keys(answer.owners).length + missing.length;
      const count = form.closest('section')?.querySelector('[data-owner-count]');
      if (count) count.textContent = `${total - missing.length} of ${total} functions have an owner.`;
      showStatus(form, `Saved. Still without an owner: ${missing.join(', ')}.`);
    },
  },
  'email-preferences': {
    request(form) {
      const subscriptions = {};
      for (const box of /** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll('input[type="checkbox"]'))) subscriptions[box.name] = box.checked;
      return ['PUT', '/api/account/email-preferences', { subscriptions }];
    },
    done(form, answer) {
      for (const [category, subscribed] of Object.entries(answer.subscriptions)) {
        const box = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="${category}"]`));
        if (box) box.checked = subscribed;
      }
      showStatus(form, 'Saved. Your preferences apply to the next email we send.');
    },
  },
};

for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll('form[data-form]'))) {
  const behaviour = FORMS[form.dataset.form];
  if (!behaviour) continue;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = /** @type {HTMLButtonElement | null} */ (form.querySelector('button[type="submit"]'));
    clearProblem(form);
    showStatus(form, '');
    if (button) button.disabled = true;
    const result = await callApi(...behaviour.request(form));
    if (result.status === 401) return signInAgain();
    if (result.ok && result.body) behaviour.done(form, result.body);
    else showProblem(form, result.status === 0 ? { message: NETWORK_PROBLEM } : result.body);
    if (button) button.disabled = false;
  });
}

// The forms of the lifecycle pages: the welcome interview, the org map (and the product
// it needs) and the email preferences. Each sends its answers to the JSON API, whose
// validation is the only one: a refusal shows the API's message (and its advice) in the
// form's alert region, with each named field marked and listed by its label.
import { adviceOf, callApi, NETWORK_PROBLEM, refusalOf, signInAgain } from './api-client.js';

const FUNCTION_OWNER = /^(\w+)\.(name|email)$/;
/** The schema's words for the commonest slips, as a person would say them (the API's own message is shown too). */
const PLAIN_WORDS = {
  'must NOT have fewer than 1 characters': 'is empty',
  'must NOT have fewer than 1 items': 'needs at least one',
  'must be integer': 'must be a whole number',
};

/** The control a problem's field names (body.goals.0 -> the goals box), by the longest data-field it starts with. */
function controlFor(form, field) {
  let best = null;
  for (const control of form.querySelectorAll('[data-field]')) {
    const name = control.dataset.field;
    if ((field === name || field.startsWith(`${name}.`)) && (!best || name.length > best.dataset.field.length)) best = control;
  }
  return best;
}

function labelOf(control) {
  const label = control.id ? document.querySelector(`label[for="${control.id}"]`) : null;
  return label ? label.textContent.replace(/\s*\(optional\)\s*$/, '').trim() : control.name;
}

function clearProblem(form) {
  form.querySelector('[data-problem]')?.replaceChildren();
  for (const control of form.querySelectorAll('[aria-invalid]')) control.removeAttribute('aria-invalid');
}

function showProblem(form, answer) {
  const region = form.querySelector('[data-problem]');
  if (!region) return;
  const refusal = refusalOf(answer);
  const notice = document.createElement('div');
  notice.className = 'notice notice-error';
  const message = document.createElement('p');
  message.textContent = refusal.message || 'That did not work. Try again in a moment.';
  notice.append(message);
  const problems = Array.isArray(refusal.details) ? refusal.details : [];
  const list = document.createElement('ul');
  for (const problem of problems) {
    const control = problem && typeof problem.field === 'string' ? controlFor(form, problem.field) : null;
    if (!control) continue;
    control.setAttribute('aria-invalid', 'true');
    const item = document.createElement('li');
    item.textContent = `${labelOf(control)}: ${PLAIN_WORDS[problem.message] || problem.message}`;
    list.append(item);
  }
  if (list.children.length > 0) notice.append(list);
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

/** Each form: its request from its fields, and what follows success. */
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
          goals: value(form, 'goals').split('\n').map((goal) => goal.trim()).filter((goal) => goal !== ''),
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
      for (const box of form.querySelectorAll('input[type="checkbox"]')) subscriptions[box.name] = box.checked;
      return ['PUT', '/api/account/email-preferences', { subscriptions }];
    },
    done(form, answer) {
      for (const [category, subscribed] of Object.entries(answer.subscriptions)) {
        const box = form.querySelector(`input[name="${category}"]`);
        if (box) box.checked = subscribed;
      }
      showStatus(form, 'Saved. Your preferences apply to the next email we send.');
    },
  },
};

for (const form of document.querySelectorAll('form[data-form]')) {
  const behaviour = FORMS[form.dataset.form];
  if (!behaviour) continue;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
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

// @ts-check
// The pages' calls to the JSON API (settings, onboarding, billing, checkout,
// feedback on a score): with the session cookie, the way any client calls it,
// so validation, permissions and refusals are the API's own. This is the one
// place that reads both error shapes and words a failure for people.

/**
 * The API's two error shapes, as the server declares them (src/http/errors.ts):
 * the browser reads the same types, so a change there fails `tsc -p tsconfig.browser.json`.
 * @typedef {import('../../http/errors.ts').FlatErrorBody} FlatErrorBody
 * @typedef {import('../../http/errors.ts').NestedErrorBody} NestedErrorBody
 * What the pages read from either shape: the nested one's inner object, or the flat body.
 * @typedef {{ code?: string, message?: string, action?: string, details?: any }} Refusal
 * @typedef {{ ok: boolean, status: number, body: any }} ApiResult
 */

export const NETWORK_PROBLEM = 'The service could not be reached. Check the connection and try again.';

/**
 * Calls the API; never throws: a network failure is status 0. Without `body`, none is sent.
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<ApiResult>}
 */
export async function callApi(method, url, body) {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/**
 * The refusal in either error shape: flat { code, message, details } or nested { error: { message, action } }.
 * @param {FlatErrorBody | NestedErrorBody | null} body
 * @returns {Refusal}
 */
export function refusalOf(body) {
  if (body && body.error && typeof body.error === 'object') return body.error;
  return /** @type {Partial<FlatErrorBody>} */ (body) || {};
}

/**
 * What the refusal advises doing next: its `action`, or `details.action` where the API puts it.
 * @param {Refusal} refusal
 * @returns {string}
 */
export function adviceOf(refusal) {
  const action = refusal.action || (refusal.details && refusal.details.action);
  return typeof action === 'string' ? action : '';
}

/**
 * A failed call in the API's words: its message, then its advice; `fallback` when it gives no message.
 * @param {ApiResult} result
 * @param {string} fallback
 * @returns {string}
 */
export function problemText(result, fallback) {
  if (result.status === 0) return NETWORK_PROBLEM;
  const refusal = refusalOf(result.body);
  const message = typeof refusal.message === 'string' ? refusal.message : fallback;
  const advice = adviceOf(refusal);
  return advice ? `${message} ${advice}` : message;
}

/**
 * Puts one error notice in the region, in place of what it held.
 * @param {Element | null} region
 * @param {string} text
 */
export function showProblem(region, text) {
  if (!region) return;
  const paragraph = document.createElement('p');
  paragraph.className = 'notice notice-error';
  paragraph.textContent = text;
  region.replaceChildren(paragraph);
}

/** The address that signs in again and comes back to this page. */
export function signInPath() {
  return '/sign-in?next=' + encodeURIComponent(location.pathname);
}

/** A session that ended meanwhile: sign in again and come back here. */
export function signInAgain() {
  location.assign(signInPath());
}

/** The schema's words (AJV's, as the API reports them) as a person would say them. */
/** @type {[RegExp, (...found: string[]) => string][]} */
const PLAIN_WORDS = [
  [/^(must NOT have fewer than 1 characters|is blank|is empty)$/, () => 'Fill this in.'],
  [/^must NOT have fewer than 1 items$/, () => 'Give at least one.'],
  [/^must NOT have more than (\d+) characters$/, (max) => `Keep it to ${max} characters or fewer.`],
  [/^must NOT have more than (\d+) items$/, (max) => `Give at most ${max}.`],
  [/^must be (integer|number)$/, () => 'Enter a whole number.'],
  [/^must be >= (\d+)$/, (min) => `Enter ${min} or more.`],
  [/^must be <= (\d+)$/, (max) => `Enter ${max} or less.`],
];

/** One problem's message in plain words; one the table does not know keeps the API's words, as a sentence. */
export function plainWords(message) {
  for (const [pattern, say] of PLAIN_WORDS) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1));
  }
  const sentence = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** The control a problem's field names (body.goals.0 -> the goals box), by the longest data-field it starts with. */
function controlFor(form, field) {
  let best = null;
  for (const control of form.querySelectorAll('[data-field]')) {
    const name = control.dataset.field;
    if ((field === name || field.startsWith(`${name}.`)) && (!best || name.length > best.dataset.field.length)) best = control;
  }
  return best;
}

/** Removes the marks a refusal left on a form's fields. */
export function clearFieldProblems(form) {
  for (const note of form.querySelectorAll('[data-field-problem]')) note.remove();
  for (const control of form.querySelectorAll('[aria-invalid]')) {
    control.removeAttribute('aria-invalid');
    const describedBy = (control.getAttribute('aria-describedby') || '').split(' ').filter((id) => id && id !== `${control.id}-problem`);
    if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
    else control.removeAttribute('aria-describedby');
  }
}

/**
 * Marks each field a refusal names (details: [{ field, message }]) and says
 * under it, in plain words, what to change: an empty field's own request
 * (its data-empty-message) when there is one. Answers how many were marked;
 * the first is focused, so the person lands where the fix is.
 */
export function showFieldProblems(form, refusal) {
  const problems = Array.isArray(refusal.details) ? refusal.details : [];
  const marked = [];
  for (const problem of problems) {
    const control = problem && typeof problem.field === 'string' ? controlFor(form, problem.field) : null;
    if (!control || marked.includes(control)) continue;
    marked.push(control);
    const note = document.createElement('p');
    note.className = 'field-problem';
    note.id = `${control.id}-problem`;
    note.dataset.fieldProblem = '';
    const empty = String(control.value ?? '').trim() === '' && control.dataset.emptyMessage;
    note.textContent = empty ? control.dataset.emptyMessage : plainWords(String(problem.message));
    control.insertAdjacentElement('afterend', note);
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), note.id].filter(Boolean).join(' '));
  }
  marked[0]?.focus();
  return marked.length;
}

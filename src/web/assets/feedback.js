// @ts-check
// Feedback on a score, on the result page (/r/<id>), for a signed-in member:
// each verdict form (components/feedback-controls.ts) posts to
// POST /api/feedback with the session cookie, so its validation and refusals
// are the API's own. A later verdict replaces the earlier one; the form's
// summary then says what the member said. Without this script the page still
// shows the member's verdicts; its Send buttons stay disabled.
import { callApi, problemText, signInPath } from './api-client.js';

function showProblem(form, answer) {
  const notice = document.createElement('p');
  notice.className = 'notice notice-error';
  notice.textContent = problemText(answer, `The verdict was not saved (status ${answer.status}). Try again in a moment.`);
  // A session that ended meanwhile: sign in again, back to this page (the comment is lost, the page says so).
  if (answer.status === 401) {
    const link = document.createElement('a');
    link.href = signInPath();
    link.textContent = 'Sign in again';
    notice.append(' ', link, ', then send it again.');
  }
  form.querySelector('[data-verdict-problem]').replaceChildren(notice);
}

function verdictOf(form) {
  const chosen = form.querySelector('input[name="verdict"]:checked');
  const comment = form.querySelector('textarea[name="comment"]').value.trim();
  const body = { resultId: form.dataset.resultId, verdict: chosen.value };
  if (form.dataset.dimensionId) body.dimensionId = form.dataset.dimensionId;
  if (comment) body.comment = comment;
  return { body, said: chosen.dataset.said };
}

async function send(form) {
  const button = form.querySelector('button[type="submit"]');
  const status = form.querySelector('[data-verdict-status]');
  const { body, said } = verdictOf(form);
  button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  form.querySelector('[data-verdict-problem]').replaceChildren();
  status.textContent = 'Sending…';
  const answer = await callApi('POST', '/api/feedback', body);
  button.disabled = false;
  form.removeAttribute('aria-busy');
  if (!answer.ok) {
    status.textContent = '';
    showProblem(form, answer);
    return;
  }
  form.closest('[data-verdict]').querySelector('[data-verdict-said]').textContent = `You said: ${said}`;
  // 201: a first verdict; 200: it replaced the member's earlier one.
  status.textContent = answer.status === 201 ? 'Saved. Thank you.' : 'Changed. Thank you.';
}

for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll('form[data-verdict-form]'))) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.getAttribute('aria-busy') === 'true' || !form.reportValidity()) return;
    send(form);
  });
  /** @type {HTMLButtonElement} */ (form.querySelector('button[type="submit"]')).disabled = false;
}

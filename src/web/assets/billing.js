// @ts-check
// The billing settings' buttons. "Manage billing": POST /api/billing/portal answers the
// payment provider's portal address and the browser goes there. Cancelling (at the end of
// the period, or now) and keeping the subscription call the API and reload the page to
// show what now holds. A refusal (the API's message and advice) is shown beside the button.
import { callApi, problemText, showProblem, signInAgain } from './api-client.js';

const button = /** @type {HTMLButtonElement | null} */ (document.querySelector('[data-billing-portal]'));
const problem = document.getElementById('portal-problem');

button?.addEventListener('click', async () => {
  button.disabled = true;
  problem?.replaceChildren();
  const result = await callApi('POST', '/api/billing/portal');
  if (result.ok && result.body && typeof result.body.url === 'string') return location.assign(result.body.url);
  if (result.status === 401) return signInAgain();
  showProblem(problem, problemText(result, 'The billing portal could not open. Try again in a moment.'));
  button.disabled = false;
});

const cancelProblem = document.getElementById('cancel-problem');

async function changeSubscription(control, method, url, body, fallback) {
  control.disabled = true;
  cancelProblem?.replaceChildren();
  const result = await callApi(method, url, body);
  if (result.ok) return location.reload();
  if (result.status === 401) return signInAgain();
  showProblem(cancelProblem, problemText(result, fallback));
  control.disabled = false;
}

for (const control of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-cancel-subscription]'))) {
  control.addEventListener('click', () =>
    changeSubscription(
      control,
      'POST',
      '/api/billing/subscription/cancel',
      { when: control.dataset.cancelSubscription },
      'The subscription could not be cancelled. Try again in a moment.',
    ),
  );
}
const resume = document.querySelector('[data-resume-subscription]');
resume?.addEventListener('click', () =>
  changeSubscription(resume, 'POST', '/api/billing/subscription/resume', undefined, 'The subscription could not be kept. Try again in a moment.'),
);

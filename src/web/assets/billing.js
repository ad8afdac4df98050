// The billing settings' "Manage billing" button: POST /api/billing/portal answers the
// payment provider's portal address and the browser goes there. A refusal (the API's
// message, and its advice when it gives one) is shown beside the button.
import { callApi, problemText, showProblem, signInAgain } from './api-client.js';

const button = document.querySelector('[data-billing-portal]');
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

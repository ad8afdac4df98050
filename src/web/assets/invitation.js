// @ts-check
// The invitation page's Accept (/invitations/<token>): the API joins the
// signed-in person to the account (POST /api/invitations/accept), then the
// app opens in it. A refusal (another address, no seat, a spent link) is
// shown in the API's words.
import { callApi, problemText, showProblem, signInAgain } from './api-client.js';

const button = /** @type {HTMLButtonElement | null} */ (document.querySelector('[data-accept-invitation]'));
button?.addEventListener('click', async () => {
  const problem = document.getElementById('accept-problem');
  const status = document.querySelector('[data-accept-status]');
  problem.replaceChildren();
  button.disabled = true;
  const result = await callApi('POST', '/api/invitations/accept', { token: button.dataset.acceptInvitation });
  if (result.status === 401) return signInAgain();
  if (!result.ok) {
    button.disabled = false;
    return showProblem(problem, problemText(result, `The invitation could not be accepted (status ${result.status}). Try again in a moment.`));
  }
  status.textContent = result.body.alreadyMember
    ? `You are already in ${result.body.accountName}. Opening it…`
    : `You joined ${result.body.accountName}. Opening it…`;
  location.assign('/app');
});

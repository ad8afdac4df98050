// @ts-check
// The pricing page's checkout buttons, through the API: POST /api/payment/checkout
// answers the provider's address and the browser goes there. Without this script
// the same forms post to /pricing/checkout, which redirects: this only spares a
// page load and shows a refusal in place.
import { callApi, problemText, showProblem, signInAgain } from './api-client.js';

const notice = document.querySelector('.checkout-notice');

for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll('form[data-checkout]'))) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    const field = form.dataset.checkout;
    if (button) button.disabled = true;
    const result = await callApi('POST', '/api/payment/checkout', { [field]: new FormData(form).get(field) });
    if (result.ok && result.body && typeof result.body.url === 'string') return location.assign(result.body.url);
    if (result.status === 401) return signInAgain();
    // The network failed: the plain form post may still get through.
    if (result.status === 0) return form.submit();
    showProblem(notice, problemText(result, 'The checkout could not start. Try again in a moment.'));
    if (button) button.disabled = false;
  });
}

// The pricing page's checkout buttons, through the API: POST /api/payment/checkout
// answers the provider's address and the browser goes there. Without this script
// the same forms post to /pricing/checkout, which redirects: this only spares a
// page load and shows a refusal in place.
const notice = document.querySelector('.checkout-notice');

function showProblem(text) {
  if (!notice) return;
  const paragraph = document.createElement('p');
  paragraph.className = 'notice notice-error';
  paragraph.textContent = text;
  notice.replaceChildren(paragraph);
}

for (const form of document.querySelectorAll('form[data-checkout]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    const field = form.dataset.checkout;
    const value = new FormData(form).get(field);
    if (button) button.disabled = true;
    try {
      const response = await fetch('/api/payment/checkout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ [field]: value }),
      });
      const body = await response.json().catch(() => null);
      if (response.ok && body && typeof body.url === 'string') {
        location.assign(body.url);
        return;
      }
      if (response.status === 401) {
        location.assign('/sign-in?next=' + encodeURIComponent(location.pathname));
        return;
      }
      showProblem((body && body.message) || 'The checkout could not start. Try again in a moment.');
    } catch {
      // The network failed: the plain form post may still get through.
      form.submit();
      return;
    }
    if (button) button.disabled = false;
  });
}

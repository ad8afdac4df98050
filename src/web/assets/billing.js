// The billing settings' "Manage billing" button: POST /api/billing/portal answers the
// payment provider's portal address and the browser goes there. A refusal (the API's
// message, and its advice when it gives one) is shown beside the button.
const button = document.querySelector('[data-billing-portal]');
const problem = document.getElementById('portal-problem');

function showProblem(body) {
  if (!problem) return;
  const message = (body && body.message) || 'The billing portal could not open. Try again in a moment.';
  const action = body && (body.action || (body.details && body.details.action));
  const paragraph = document.createElement('p');
  paragraph.className = 'notice notice-error';
  paragraph.textContent = action ? `${message} ${action}` : message;
  problem.replaceChildren(paragraph);
}

if (button) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    problem?.replaceChildren();
    try {
      const response = await fetch('/api/billing/portal', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
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
      showProblem(body && body.error && typeof body.error === 'object' ? body.error : body);
    } catch {
      showProblem(null);
    }
    button.disabled = false;
  });
}

// @ts-check
// The webhooks page's script (/app/settings/webhooks): adding an endpoint (its secret shown
// once), and each endpoint's actions (a test event, rotating the secret, disabling,
// enabling, deleting, sending a delivery again), each a call to the JSON API whose
// validation and refusals are shown in the page. After an action the page reloads to show
// what now holds; a new secret is shown first, since a reload would lose it.
import { callApi, clearFieldProblems, problemText, showFieldProblems, showProblem, signInAgain } from './api-client.js';
import { confirmAction } from './confirm-dialog.js';

const FLASH_KEY = 'webhooks-flash';

function refuse(result, region) {
  if (result.status === 401) return signInAgain();
  showProblem(region, problemText(result, `The request failed (status ${result.status}). Try again in a moment.`));
}

function reloadSaying(text) {
  sessionStorage.setItem(FLASH_KEY, text);
  location.reload();
}

const pageStatus = document.querySelector('[data-page-status]');
const flash = sessionStorage.getItem(FLASH_KEY);
if (flash && pageStatus) {
  sessionStorage.removeItem(FLASH_KEY);
  pageStatus.textContent = flash;
}

// A secret, shown once: copied with one click, and the page reloads only when the person says so.
const reveal = /** @type {HTMLElement | null} */ (document.querySelector('[data-secret-reveal]'));
function showSecret(secret, forWhat) {
  if (!reveal) return;
  /** @type {HTMLInputElement} */ (reveal.querySelector('[data-secret]')).value = secret;
  reveal.querySelector('[data-secret-for]').textContent = forWhat;
  reveal.hidden = false;
  reveal.focus();
}
reveal?.querySelector('[data-copy-secret]').addEventListener('click', async () => {
  const field = /** @type {HTMLInputElement} */ (reveal.querySelector('[data-secret]'));
  const status = reveal.querySelector('[data-copy-status]');
  try {
    await navigator.clipboard.writeText(field.value);
    status.textContent = 'Copied.';
  } catch {
    field.select();
    status.textContent = 'Press Ctrl+C (or ⌘C) to copy the selected secret.';
  }
});
reveal?.querySelector('[data-secret-done]').addEventListener('click', () => location.reload());

const createForm = /** @type {HTMLFormElement | null} */ (document.querySelector('[data-create-webhook-form]'));
createForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const region = document.getElementById('create-webhook-problem');
  region.replaceChildren();
  clearFieldProblems(createForm);
  const data = new FormData(createForm);
  const description = String(data.get('description') || '').trim();
  const body = { url: String(data.get('url') || '').trim(), events: data.getAll('events').map(String), ...(description ? { description } : {}) };
  const button = /** @type {HTMLButtonElement} */ (createForm.querySelector('button[type="submit"]'));
  button.disabled = true;
  const result = await callApi('POST', '/api/webhooks', body);
  button.disabled = false;
  if (result.ok) {
    createForm.reset();
    const empty = document.querySelector('[data-endpoints-empty]');
    if (empty) empty.textContent = 'Added: the endpoint is listed here once you press “I have copied it”.';
    return showSecret(result.body.secret, result.body.url);
  }
  if (result.status === 401) return signInAgain();
  const marked = result.body ? showFieldProblems(createForm, result.body) : 0;
  showProblem(
    region,
    marked > 0 ? 'The endpoint needs a change: the marked field says what.' : problemText(result, 'The endpoint could not be added. Try again in a moment.'),
  );
});

const ACTIONS = {
  test: { method: 'POST', path: (id) => `/api/webhooks/${id}/test`, done: () => reloadSaying('Test event sent: it is at the top of the deliveries.') },
  rotate: { method: 'POST', path: (id) => `/api/webhooks/${id}/rotate-secret`, done: (body) => showSecret(body.secret, `${body.url} (the new one)`) },
  disable: { method: 'POST', path: (id) => `/api/webhooks/${id}/disable`, done: () => reloadSaying('Disabled: no events are sent to it until it is enabled.') },
  enable: { method: 'POST', path: (id) => `/api/webhooks/${id}/enable`, done: () => reloadSaying('Enabled: events are sent to it again.') },
  delete: { method: 'DELETE', path: (id) => `/api/webhooks/${id}`, done: () => reloadSaying('Deleted.') },
  redeliver: {
    method: 'POST',
    path: (id, delivery) => `/api/webhooks/${id}/deliveries/${delivery}/redeliver`,
    done: () => reloadSaying('Sent again: the new delivery is at the top.'),
  },
};

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-webhook-action]'))) {
  button.addEventListener('click', async () => {
    const action = ACTIONS[button.dataset.webhookAction];
    const id = button.dataset.webhookId;
    const region = document.getElementById(`webhook-${id}-problem`);
    region?.replaceChildren();
    if (button.hasAttribute('data-confirm') && !(await confirmAction(button))) return;
    button.disabled = true;
    const result = await callApi(action.method, action.path(id, button.dataset.deliveryId));
    button.disabled = false;
    if (result.ok) return action.done(result.body);
    refuse(result, region);
  });
}

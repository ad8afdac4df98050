// @ts-check
// The settings pages' script (/app/settings, /team, /api-keys): each action
// calls the JSON API the way any client would, so its validation and refusals
// are the API's own, shown in the page. Without it the pages still show the
// account's state; a <noscript> note says what needs it.
import { callApi, clearFieldProblems, problemText, showFieldProblems, showProblem, signInAgain } from './api-client.js';
import { confirmAction } from './confirm-dialog.js';

const FLASH_KEY = 'settings-flash';
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function clearProblem(region) {
  if (region) region.replaceChildren();
}

function say(region, text) {
  if (region) region.textContent = text;
}

/** What a failed call shows, unless it means the session is gone. */
function refuse(result, region) {
  if (result.status === 401) return signInAgain();
  showProblem(region, problemText(result, `The request failed (status ${result.status}). Try again in a moment.`));
}

// ---------------------------------------------------------------------------
// ---------------------------------------------------------------------------
// Messages that outlive a reload (the team page reloads to show seats worked out again).

function flashThenReload(text) {
  sessionStorage.setItem(FLASH_KEY, text);
  location.reload();
}

const pageStatus = document.querySelector('[data-page-status]');
const flash = sessionStorage.getItem(FLASH_KEY);
if (flash) {
  sessionStorage.removeItem(FLASH_KEY);
  say(pageStatus, flash);
}

// ---------------------------------------------------------------------------
// Account: rename (PUT /api/account)

const renameForm = /** @type {HTMLFormElement | null} */ (document.querySelector('[data-rename-form]'));
renameForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (renameForm.elements.namedItem('name'));
  const problem = renameForm.querySelector('[data-problem]');
  const status = renameForm.querySelector('[data-status]');
  const button = /** @type {HTMLButtonElement} */ (renameForm.querySelector('button[type="submit"]'));
  clearProblem(problem);
  say(status, '');
  button.disabled = true;
  const result = await callApi('PUT', '/api/account', { name: input.value });
  button.disabled = false;
  if (!result.ok) return refuse(result, problem);
  // The API keeps the name trimmed: show what it kept.
  const name = input.value.trim();
  input.value = name;
  for (const element of document.querySelectorAll('.account-label, [data-account-name]')) element.textContent = name;
  say(status, `Renamed to ${name}.`);
});

// ---------------------------------------------------------------------------
// Account: delete (DELETE /api/account/delete), then sign out and go home.

const deleteForm = /** @type {HTMLFormElement | null} */ (document.querySelector('[data-delete-form]'));
if (deleteForm) {
  const input = /** @type {HTMLInputElement} */ (deleteForm.elements.namedItem('confirmation'));
  const button = /** @type {HTMLButtonElement} */ (deleteForm.querySelector('button[type="submit"]'));
  const sync = () => (button.disabled = input.value !== input.dataset.expected);
  input.addEventListener('input', sync);
  sync();
  deleteForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const problem = deleteForm.querySelector('[data-problem]');
    clearProblem(problem);
    button.disabled = true;
    const result = await callApi('DELETE', '/api/account/delete', { confirmation: input.value });
    // 404: deleted already (another tab, a retry); the outcome is the same.
    if (!result.ok && result.status !== 404) {
      sync();
      return refuse(result, problem);
    }
    say(deleteForm.querySelector('[data-status]'), 'The account is deleted. Signing you out…');
    // Clears the session cookie where the sign-in is ours; with an external provider the route is
    // absent, and the session no longer leads anywhere anyway (its account is gone).
    await fetch('/sign-out', { method: 'POST', credentials: 'same-origin' }).catch(() => null);
    location.replace('/?account=deleted');
  });
}

// ---------------------------------------------------------------------------
// Team: remove a member (DELETE /api/account/members/<userId>)

async function removeMember(button) {
  if (!(await confirmAction(button))) return;
  const problem = document.getElementById('team-problem');
  clearProblem(problem);
  button.disabled = true;
  const result = await callApi('DELETE', '/api/account/members/' + encodeURIComponent(button.dataset.removeMember));
  button.disabled = false;
  if (!result.ok) return refuse(result, problem);
  // Who holds a seat may have changed: the page shows it afresh.
  flashThenReload(`${button.dataset.name} was removed from the account.`);
}

// ---------------------------------------------------------------------------
// Team: invite by email (POST /api/account/invitations), revoke (DELETE .../<id>)

const inviteForm = /** @type {HTMLFormElement | null} */ (document.querySelector('[data-invite-form]'));
inviteForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const region = document.getElementById('invite-problem');
  clearProblem(region);
  clearFieldProblems(inviteForm);
  const data = new FormData(inviteForm);
  const email = String(data.get('email') || '').trim();
  const button = /** @type {HTMLButtonElement} */ (inviteForm.querySelector('button[type="submit"]'));
  button.disabled = true;
  const result = await callApi('POST', '/api/account/invitations', { email, role: String(data.get('role')) });
  button.disabled = false;
  if (result.ok) return flashThenReload(`Invitation sent to ${result.body.email}.`);
  if (result.status === 401) return signInAgain();
  // A problem with the address is said under it; any other (the seats) under the form.
  const marked = result.body ? showFieldProblems(inviteForm, result.body) : 0;
  if (marked === 0) showProblem(region, problemText(result, 'The invitation could not be sent. Try again in a moment.'));
});

async function revokeInvitation(button) {
  if (!(await confirmAction(button))) return;
  const problem = document.getElementById('team-problem');
  clearProblem(problem);
  button.disabled = true;
  const result = await callApi('DELETE', '/api/account/invitations/' + encodeURIComponent(button.dataset.revokeInvitation));
  button.disabled = false;
  if (!result.ok) return refuse(result, problem);
  flashThenReload(`The invitation to ${button.dataset.email} was revoked.`);
}

// ---------------------------------------------------------------------------
// API keys: create with a one-time reveal, copy, revoke.

const createForm = /** @type {HTMLFormElement | null} */ (document.querySelector('[data-create-key-form]'));
const reveal = /** @type {HTMLElement | null} */ (document.querySelector('[data-key-reveal]'));
const keysBody = /** @type {HTMLTableSectionElement | null} */ (document.querySelector('[data-keys]'));

function showKeyList() {
  const empty = keysBody.rows.length === 0;
  /** @type {HTMLElement} */ (document.querySelector('[data-no-keys]')).hidden = !empty;
  /** @type {HTMLElement} */ (document.querySelector('[data-keys-table]')).hidden = empty;
}

function addKeyRow(key) {
  const template = /** @type {HTMLTemplateElement} */ (document.querySelector('[data-key-row-template]'));
  const row = /** @type {HTMLElement} */ (template.content.firstElementChild.cloneNode(true));
  row.dataset.key = key.id;
  row.querySelector('[data-cell="name"]').textContent = key.name;
  row.querySelector('[data-cell="prefix"]').textContent = `${key.prefix}…`;
  const created = /** @type {HTMLTimeElement} */ (row.querySelector('[data-cell="created"]'));
  created.dateTime = key.createdAt;
  created.textContent = DAY.format(new Date(key.createdAt));
  const revoke = /** @type {HTMLButtonElement} */ (row.querySelector('[data-revoke-key]'));
  revoke.dataset.revokeKey = key.id;
  revoke.dataset.name = key.name;
  revoke.dataset.confirmTitle = `Revoke ${key.name}?`;
  revoke.dataset.confirmText = `Anything that calls the API with "${key.name}" is refused from now on. This cannot be undone.`;
  revoke.querySelector('[data-key-label]').textContent = ` ${key.name}`;
  keysBody.prepend(row);
  showKeyList();
}

createForm?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const input = /** @type {HTMLInputElement} */ (createForm.elements.namedItem('name'));
  const problem = createForm.querySelector('[data-problem]');
  const button = /** @type {HTMLButtonElement} */ (createForm.querySelector('button[type="submit"]'));
  clearProblem(problem);
  button.disabled = true;
  const result = await callApi('POST', '/api/keys', { name: input.value });
  button.disabled = false;
  if (!result.ok) return refuse(result, problem);
  const key = result.body;
  reveal.querySelector('[data-new-key-name]').textContent = key.name;
  /** @type {HTMLInputElement} */ (reveal.querySelector('[data-new-key-secret]')).value = key.key;
  reveal.dataset.keyId = key.id;
  say(reveal.querySelector('[data-copy-status]'), '');
  reveal.hidden = false;
  reveal.focus();
  addKeyRow(key);
  createForm.reset();
});

reveal?.querySelector('[data-copy-key]').addEventListener('click', async () => {
  const secret = /** @type {HTMLInputElement} */ (reveal.querySelector('[data-new-key-secret]'));
  const status = reveal.querySelector('[data-copy-status]');
  try {
    await navigator.clipboard.writeText(secret.value);
    say(status, 'Copied to the clipboard.');
  } catch {
    // No clipboard access (an older browser, a page without the permission): select it for the keyboard.
    secret.focus();
    secret.select();
    say(status, 'The key is selected: press Ctrl+C (⌘C on a Mac) to copy it.');
  }
});

async function revokeKey(button) {
  if (!(await confirmAction(button))) return;
  const problem = document.getElementById('keys-problem');
  clearProblem(problem);
  button.disabled = true;
  const id = button.dataset.revokeKey;
  const result = await callApi('DELETE', '/api/keys/' + encodeURIComponent(id));
  // 404: revoked already (another tab); it is gone either way.
  if (!result.ok && result.status !== 404) {
    button.disabled = false;
    return refuse(result, problem);
  }
  button.closest('tr').remove();
  showKeyList();
  if (reveal && reveal.dataset.keyId === id) {
    reveal.hidden = true;
    /** @type {HTMLInputElement} */ (reveal.querySelector('[data-new-key-secret]')).value = '';
  }
  say(pageStatus, `The key ${button.dataset.name} is revoked.`);
  document.getElementById('keys-title')?.focus();
}

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const remove = target?.closest('[data-remove-member]');
  if (remove) return void removeMember(remove);
  const revoke = target?.closest('[data-revoke-key]');
  if (revoke) return void revokeKey(revoke);
  const withdraw = target?.closest('[data-revoke-invitation]');
  if (withdraw) return void revokeInvitation(withdraw);
});

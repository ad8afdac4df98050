// @ts-check
// A result scored before signing up is held in this browser with its claim
// token. Once the visitor is signed in, it is linked to their account here,
// on whatever page they land, without them doing anything.

const HELD_RESULT_KEY = 'maturity.heldResult';

async function claimHeldResult() {
  if (document.body.dataset.signedIn !== 'true') return;
  let held;
  try {
    held = JSON.parse(localStorage.getItem(HELD_RESULT_KEY) || 'null');
  } catch {
    held = null;
  }
  if (!held || !held.id || !held.claimToken) return;
  const response = await fetch('/api/score/link', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: held.id, claimToken: held.claimToken }),
    credentials: 'same-origin',
  });
  // Linked, or no longer claimable (already linked, unknown): either way nothing is left to do.
  if (response.ok || response.status === 404 || response.status === 409 || response.status === 400) localStorage.removeItem(HELD_RESULT_KEY);
  if (!response.ok) return;
  const note = document.createElement('div');
  note.className = 'notice';
  note.setAttribute('role', 'status');
  const link = document.createElement('a');
  link.href = `/r/${held.id}`;
  link.textContent = held.companyName ? `your result for ${held.companyName}` : 'your result';
  note.append('We saved ', link, ' to your account.');
  document.querySelector('main')?.prepend(note);
}

void claimHeldResult();

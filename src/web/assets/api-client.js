// The pages' calls to the JSON API (settings, onboarding, billing, checkout,
// feedback on a score): with the session cookie, the way any client calls it,
// so validation, permissions and refusals are the API's own. This is the one
// place that reads both error shapes and words a failure for people.

export const NETWORK_PROBLEM = 'The service could not be reached. Check the connection and try again.';

/** Calls the API; never throws: a network failure is status 0. Without `body`, none is sent. */
export async function callApi(method, url, body) {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { ok: response.ok, status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** The refusal in either error shape: flat { code, message, details } or nested { error: { message, action } }. */
export function refusalOf(body) {
  if (body && body.error && typeof body.error === 'object') return body.error;
  return body || {};
}

/** What the refusal advises doing next: its `action`, or `details.action` where the API puts it. */
export function adviceOf(refusal) {
  const action = refusal.action || (refusal.details && refusal.details.action);
  return typeof action === 'string' ? action : '';
}

/** A failed call in the API's words: its message, then its advice; `fallback` when it gives no message. */
export function problemText(result, fallback) {
  if (result.status === 0) return NETWORK_PROBLEM;
  const refusal = refusalOf(result.body);
  const message = typeof refusal.message === 'string' ? refusal.message : fallback;
  const advice = adviceOf(refusal);
  return advice ? `${message} ${advice}` : message;
}

/** Puts one error notice in the region, in place of what it held. */
export function showProblem(region, text) {
  if (!region) return;
  const paragraph = document.createElement('p');
  paragraph.className = 'notice notice-error';
  paragraph.textContent = text;
  region.replaceChildren(paragraph);
}

/** The address that signs in again and comes back to this page. */
export function signInPath() {
  return '/sign-in?next=' + encodeURIComponent(location.pathname);
}

/** A session that ended meanwhile: sign in again and come back here. */
export function signInAgain() {
  location.assign(signInPath());
}

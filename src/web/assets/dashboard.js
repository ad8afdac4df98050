// @ts-check
// The dashboard's script (/app and /app/products/<id>): scores a new
// address and rescores a product through the JSON API, with the live
// progress of /try (score-progress.js), then opens the product's history
// (or, for an address scored on its own, the result). A refusal is shown in
// the alert region in the API's own words, with its advice. A score goes
// into the market segment the form chose (a rescore: the product's latest
// score's segment), for the peer comparison. Without this
// script the pages still show everything; their score buttons stay disabled.
import { mark, problemLinks, problemOf, readScoreAnswer } from './score-progress.js';

const root = /** @type {HTMLElement | null} */ (document.querySelector('[data-dashboard]'));
const feedback = document.querySelector('[data-score-feedback]');
const panel = feedback && /** @type {HTMLElement | null} */ (feedback.querySelector('[data-score-progress]'));
const problemBox = feedback && /** @type {HTMLElement | null} */ (feedback.querySelector('[data-score-problem]'));
const mayManageBilling = Boolean(root && root.dataset.mayManageBilling === 'true');
let busy = false;

const productPath = (productId) => `/app/products/${productId}`;

function postJson(path, body, accept = 'application/json') {
  return fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function waitPhrase(seconds) {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** A problem in words: a title, the API's message, what to do next, and where to go. */
function describe(problem) {
  const message = problem.message || '';
  const action = problem.action || '';
  const upgrade = mayManageBilling ? [{ href: '/app/settings/billing', label: 'Plans and score packs' }] : [];
  const upgradeNext = mayManageBilling ? 'Upgrade or buy a score pack to keep going.' : 'An owner or admin of the account can upgrade or buy a score pack.';
  switch (problem.code) {
    case 'CREDIT_EXHAUSTED':
      return { title: 'No credits left for a score', text: message, next: action || upgradeNext, links: upgrade };
    case 'PLAN_LIMIT_REACHED':
      return { title: "Your plan's limit is reached", text: message, next: action || upgradeNext, links: upgrade };
    case 'SCORING_RATE_LIMITED':
      return { title: 'Too many scores at once', text: message, next: action || `Try again in ${waitPhrase(problem.retryAfterSeconds || 60)}.`, links: [] };
    case 'ACCOUNT_READ_ONLY':
      return { title: 'This account is read-only', text: message, next: action, links: [{ href: '/app/onboarding', label: 'Open the onboarding checklist' }] };
    case 'INVALID_URL':
    case 'INVALID_REQUEST':
      return {
        title: 'That address cannot be scored',
        text: message,
        next: 'Enter the full address of a public company site, like https://example.com.',
        links: [],
      };
    case 'CRAWL_FAILED':
      return {
        title: 'We could not read that site',
        text: message,
        next: 'Check that the address opens in your browser, then try again in a few minutes.',
        links: [],
      };
    case 'SERVICE_UNAVAILABLE':
      return { title: 'We are busy right now', text: message, next: action || 'Try again in a minute.', links: [] };
    case 'AUTH_REQUIRED':
      return {
        title: 'Please sign in again',
        text: 'Your session has ended.',
        next: 'Sign in, then score the site again.',
        links: [{ href: `/sign-in?next=${encodeURIComponent(location.pathname)}`, label: 'Sign in' }],
      };
    default:
      return {
        title: 'The score did not finish',
        text: message || 'Something went wrong on the way.',
        next: action || 'Please try again in a minute.',
        links: [],
      };
  }
}

function paragraph(text) {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

function showProblem(problem, note) {
  const words = describe(problem && typeof problem.code === 'string' ? problem : { code: '' });
  const title = document.createElement('h2');
  title.textContent = words.title;
  problemBox.replaceChildren(title);
  for (const text of [words.text, words.next]) if (text) problemBox.append(paragraph(text));
  if (note) problemBox.append(note);
  if (words.links.length > 0) problemBox.append(problemLinks(words.links));
  problemBox.hidden = false;
  problemBox.focus();
}

function setBusy(value) {
  busy = value;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-needs-script]'))) button.disabled = value;
  if (root) root.setAttribute('aria-busy', String(value));
}

/** Shows the progress and the problem next to the form that started the score (its card), or where they are. */
function placeFeedback(form) {
  const host = form.closest('[data-feedback-host]');
  if (host && feedback.parentElement !== host) host.append(feedback);
}

function startProgress() {
  problemBox.hidden = true;
  panel.hidden = false;
  panel.querySelector('progress').removeAttribute('value');
  panel.querySelector('[data-progress-text]').textContent = 'Starting: reading the site…';
  mark(panel, 'crawl');
}

/** Runs one score to its end and opens `destination(result)`; a refusal or failure is shown, with `note` after it. */
async function score(form, request, destination, note) {
  placeFeedback(form);
  startProgress();
  try {
    const { result } = await readScoreAnswer(await request(), panel);
    mark(panel, 'done');
    panel.querySelector('[data-progress-text]').textContent = 'Done. Opening the new score…';
    window.location.assign(destination(result));
  } catch (problem) {
    panel.hidden = true;
    setBusy(false);
    showProblem(problem, note);
  }
}

/** The segment a score is placed in: none when the form names none. */
const withSegment = (body, segment) => (segment ? { ...body, segment } : body);

function scoreProduct(form, productId, segment, note) {
  const body = withSegment({ productId }, segment);
  return score(
    form,
    () => postJson('/api/score/product', body, 'text/event-stream'),
    () => productPath(productId),
    note,
  );
}

/** As the server reads a typed address (target-url.ts withDefaultScheme): "acme.com" means https://acme.com. */
function withDefaultScheme(input) {
  const trimmed = input.trim();
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  const namesScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !/^[^:/]+:\d/.test(trimmed);
  return namesScheme ? trimmed : `https://${trimmed}`;
}

function sameAddress(a, b) {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function addedNote(productId, name) {
  const p = document.createElement('p');
  const link = document.createElement('a');
  link.href = productPath(productId);
  link.textContent = name;
  p.append('We added ', link, ' to your products: score it from its page when you are ready.');
  return p;
}

/** A new address: the product at that address if there is one, else a new product (or, with none left, a one-off score). */
async function scoreNewAddress(form) {
  const data = new FormData(form);
  const url = withDefaultScheme(String(data.get('url') || ''));
  const name = String(data.get('name') || '').trim();
  const segment = String(data.get('segment') || '');
  const existing = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-product-url]'))].find((card) =>
    sameAddress(card.dataset.productUrl, url),
  );
  if (existing) return scoreProduct(form, existing.dataset.productId, segment);
  if (form.dataset.mode === 'once') {
    const body = withSegment(name ? { url, companyName: name } : { url }, segment);
    return score(
      form,
      () => postJson('/api/score', body, 'text/event-stream'),
      (result) => `/r/${result.id}`,
    );
  }
  placeFeedback(form);
  let productName = name;
  if (!productName) {
    try {
      productName = new URL(url).hostname.replace(/^www\./, '');
    } catch {
      productName = url;
    }
  }
  const created = await postJson('/api/products', { name: productName, url });
  if (!created.ok) {
    setBusy(false);
    return showProblem(await problemOf(created));
  }
  const product = await created.json();
  return scoreProduct(form, product.id, segment, addedNote(product.id, product.name));
}

function onSubmit(form, run) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy || !form.reportValidity()) return;
    setBusy(true);
    run(form).catch((problem) => {
      setBusy(false);
      panel.hidden = true;
      showProblem(problem);
    });
  });
}

if (feedback) {
  for (const form of document.querySelectorAll('form[data-new-score]')) onSubmit(form, scoreNewAddress);
  for (const form of document.querySelectorAll('form[data-rescore]'))
    onSubmit(form, (rescore) => scoreProduct(rescore, rescore.dataset.productId, rescore.dataset.segment));
  setBusy(false);
}

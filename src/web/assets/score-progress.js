// @ts-check
// Live progress for the score form: posts the address with
// `Accept: text/event-stream`, shows the crawl's progress events as they
// arrive, then opens the result page. Without this script the form posts
// to the page itself and the server answers when the score is done.
// The dashboard's script (dashboard.js) imports the stream reading and the
// progress display from here; the form binding below finds no form there.

import { serverSentEvents } from './sse.js';

const HELD_RESULT_KEY = 'maturity.heldResult';

/** Plain words for a refusal or failure, with what to do next. */
function explain(code, message, action, retryAfterSeconds) {
  switch (code) {
    case 'SCORING_RATE_LIMITED': {
      const wait = retryAfterSeconds ? waitPhrase(retryAfterSeconds) : 'a little while';
      return {
        title: 'You have used your free score for now',
        text: message || 'Anonymous scoring is limited to one score per address per hour.',
        next: `Sign up for free to score more sites and keep your results, or try again in ${wait}.`,
        links: [
          { href: '/sign-up', label: 'Sign up free' },
          { href: '/pricing', label: 'See plans' },
        ],
      };
    }
    case 'INVALID_URL':
    case 'INVALID_REQUEST':
      return {
        title: 'That address cannot be scored',
        text: message || 'The address is not a public web site we can visit.',
        next: 'Enter the full address of a public company site, like https://example.com.',
        links: [],
      };
    case 'CRAWL_FAILED':
      return {
        title: 'We could not read that site',
        text: message || 'The site did not answer, or answered with an error.',
        next: 'Check that the address opens in your browser, then try again in a few minutes.',
        links: [],
      };
    case 'CREDIT_EXHAUSTED':
    case 'PLAN_LIMIT_REACHED':
      return {
        title: 'Your plan has no scores left',
        text: message,
        next: action || 'Upgrade or buy a score pack to keep going.',
        links: [{ href: '/pricing', label: 'See plans and packs' }],
      };
    case 'SERVICE_UNAVAILABLE':
      return { title: 'We are busy right now', text: message, next: 'Try again in a minute.', links: [] };
    case 'AUTH_REQUIRED':
      return {
        title: 'Please sign in',
        text: 'Your session has ended.',
        next: 'Sign in again, then score the site.',
        links: [{ href: '/sign-in', label: 'Sign in' }],
      };
    default:
      return { title: 'Something went wrong', text: message || 'The score did not finish.', next: action || 'Please try again in a minute.', links: [] };
  }
}

function waitPhrase(seconds) {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return 'a minute';
  if (minutes < 60) return `${minutes} minutes`;
  return 'an hour';
}

export function showProgress(panel, progress) {
  const bar = panel.querySelector('progress');
  const status = panel.querySelector('[data-progress-text]');
  const limit = Math.max(progress.pageLimit || 1, progress.pagesFound || 0, 1);
  if (progress.stage === 'crawling') {
    bar.max = limit * 2;
    bar.value = (progress.pagesFetched || 0) + (progress.pagesAnalysed || 0);
    status.textContent = `Found ${progress.pagesFound} ${plural(progress.pagesFound, 'page')}, fetched ${progress.pagesFetched}, analysed ${progress.pagesAnalysed}.`;
    mark(panel, 'crawl');
  } else {
    bar.removeAttribute('value');
    status.textContent =
      progress.stage === 'refining'
        ? 'Refining the reasoning…'
        : `Scoring 27 dimensions from ${progress.pagesAnalysed} ${plural(progress.pagesAnalysed, 'page')}…`;
    mark(panel, 'score');
  }
}

export function mark(panel, step) {
  const order = ['crawl', 'score', 'done'];
  for (const item of panel.querySelectorAll('[data-step]')) {
    const distance = order.indexOf(item.dataset.step) - order.indexOf(step);
    item.dataset.state = distance < 0 ? 'done' : distance === 0 ? 'active' : 'waiting';
  }
}

function plural(count, word) {
  return count === 1 ? word : `${word}s`;
}

/** What to do next about a refusal, as a row of quiet buttons: [{ href, label }]. */
export function problemLinks(links) {
  const row = document.createElement('p');
  row.className = 'cta';
  for (const link of links) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.className = 'button button-quiet';
    anchor.textContent = link.label;
    row.append(anchor);
  }
  return row;
}

function showProblem(form, problem) {
  const box = form.parentElement.querySelector('[data-score-problem]');
  box.replaceChildren();
  const title = document.createElement('h2');
  title.textContent = problem.title;
  const text = document.createElement('p');
  text.textContent = problem.text;
  const next = document.createElement('p');
  next.textContent = problem.next;
  box.append(title, text, next);
  if (problem.links.length > 0) box.append(problemLinks(problem.links));
  box.hidden = false;
  box.focus();
}

/**
 * A refused or failed request's problem, from the API's error body: the
 * nested shape (402, 429) or the flat one, whose advice is in details.action
 * (ACCOUNT_READ_ONLY).
 */
export async function problemOf(response) {
  const body = await response.json().catch(() => ({}));
  const nested = body.error && typeof body.error === 'object' ? body.error : null;
  return {
    code: (nested ? nested.code : body.code) || '',
    message: (nested ? nested.message : body.message) || '',
    action: (nested ? nested.action : body.details && body.details.action) || '',
    retryAfterSeconds: Number(response.headers.get('retry-after')) || 0,
    status: response.status,
  };
}

/**
 * The score's answer: a progress stream followed into `panel`, or a JSON
 * result taken as it is (an endpoint that does not stream). Resolves with
 * { result, claimToken }; throws a problem ({ code, message, action, ... }).
 */
export async function readScoreAnswer(response, panel) {
  if (!response.ok) throw await problemOf(response);
  if (!(response.headers.get('content-type') || '').startsWith('text/event-stream')) {
    return { result: await response.json(), claimToken: response.headers.get('score-claim-token') };
  }
  for await (const { event, data } of serverSentEvents(response.body)) {
    if (data === '[DONE]') break;
    const payload = JSON.parse(data);
    if (event === 'progress') showProgress(panel, payload);
    else if (event === 'error') throw { code: payload.code, message: payload.message, action: '', retryAfterSeconds: 0, status: payload.status };
    else if (event === 'result') return { result: payload.result, claimToken: payload.claimToken || null };
  }
  throw { code: '', message: 'The connection closed before the score was done.', action: '', retryAfterSeconds: 0, status: 0 };
}

async function submitScore(form) {
  const button = form.querySelector('button[type="submit"]');
  const panel = form.parentElement.querySelector('[data-score-progress]');
  const problemBox = form.parentElement.querySelector('[data-score-problem]');
  const url = new FormData(form).get('url');
  problemBox.hidden = true;
  button.disabled = true;
  panel.hidden = false;
  showProgress(panel, { stage: 'crawling', pagesFound: 0, pagesFetched: 0, pagesAnalysed: 0, pageLimit: 1 });
  try {
    const response = await fetch(form.dataset.endpoint, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
      credentials: 'same-origin',
    });
    const { result, claimToken } = await readScoreAnswer(response, panel);
    mark(panel, 'done');
    if (claimToken) {
      localStorage.setItem(HELD_RESULT_KEY, JSON.stringify({ id: result.id, claimToken, companyName: result.companyName || null }));
    }
    panel.querySelector('[data-progress-text]').textContent = 'Done. Opening your result…';
    window.location.assign(`/r/${result.id}`);
  } catch (problem) {
    panel.hidden = true;
    const known = problem && typeof problem.code === 'string';
    showProblem(form, known ? explain(problem.code, problem.message, problem.action, problem.retryAfterSeconds) : explain('', '', '', 0));
  } finally {
    button.disabled = false;
  }
}

for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll('form[data-score-form]'))) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    void submitScore(form);
  });
}

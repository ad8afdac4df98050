// @ts-check
// The coach page's script: sends each question to POST /api/chat, in the
// person's kept conversation (created with the first question, by
// POST /api/coach/conversations; the server holds what was said before and
// keeps each question and answer), and shows the streamed answer as it
// arrives. Answers kept from before are drawn from their Markdown on load. The
// answer is Markdown written by a model: it becomes DOM nodes made with
// createElement and textContent only, never innerHTML, so no text it holds
// can become markup. Without this script the page shows the result and a
// note that the coach needs JavaScript.

import { serverSentEvents } from './sse.js';

// ---------------------------------------------------------------------------
// Markdown, safely: paragraphs, headings, lists, quotes, code, **bold**,
// *em*, `code` and links to http(s) or our own paths. A dimension named in
// the text (by name or id) links to its place on the result page.

const LIST_ITEM = /^\s*([-*+]|\d{1,9}[.)])\s+(.*)$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const FENCE = /^\s{0,3}```/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
// Code, bold, em (an underscore inside a word, as in pricing_packaging, is not emphasis), a link.
const INLINE =
  /`([^`]+)`|\*\*(.+?)\*\*|(?<!\w)__(.+?)__(?!\w)|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<!\w)_([^_\s](?:[^_]*[^_\s])?)_(?!\w)|\[([^\]]+)\]\(([^()\s]+)\)/g;

function element(name, className) {
  const node = document.createElement(name);
  if (className) node.className = className;
  return node;
}

/** A link's address if it is http(s) or a path of this site; null for anything else (javascript:, data:, //other). */
function safeHref(raw) {
  try {
    const url = new URL(raw, window.location.origin);
    if (raw.startsWith('/')) return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Opens in a new tab, so that following advice never loses the conversation. */
function link(href, fill) {
  const anchor = element('a');
  anchor.href = href;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  fill(anchor);
  const note = element('span', 'visually-hidden');
  note.textContent = ' (opens in a new tab)';
  anchor.append(note);
  return anchor;
}

function escapeForPattern(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text with every dimension it names linked to that dimension on the result page. */
function dimensionLinker(dimensions) {
  const hrefs = new Map();
  for (const { id, name, href } of dimensions) {
    hrefs.set(id.toLowerCase(), href);
    hrefs.set(name.toLowerCase(), href);
  }
  const names = [...hrefs.keys()].sort((a, b) => b.length - a.length).map(escapeForPattern);
  const pattern = names.length > 0 ? new RegExp(`(?<![\\w])(${names.join('|')})(?![\\w])`, 'gi') : null;
  return (parent, text) => {
    let last = 0;
    for (const match of pattern ? text.matchAll(pattern) : []) {
      parent.append(text.slice(last, match.index));
      parent.append(link(hrefs.get(match[0].toLowerCase()), (anchor) => (anchor.textContent = match[0])));
      last = match.index + match[0].length;
    }
    parent.append(text.slice(last));
  };
}

function renderInline(parent, text, linkDimensions) {
  const appendText = linkDimensions ?? ((node, plain) => node.append(plain));
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    appendText(parent, text.slice(last, match.index));
    const [, code, bold, boldUnderscore, em, emUnderscore, label, href] = match;
    if (code !== undefined) {
      const node = element('code');
      node.textContent = code;
      parent.append(node);
    } else if (bold !== undefined || boldUnderscore !== undefined) {
      const node = element('strong');
      renderInline(node, bold ?? boldUnderscore, linkDimensions);
      parent.append(node);
    } else if (em !== undefined || emUnderscore !== undefined) {
      const node = element('em');
      renderInline(node, em ?? emUnderscore, linkDimensions);
      parent.append(node);
    } else {
      const target = safeHref(href);
      // A link we will not follow keeps its words, not its address.
      if (target) parent.append(link(target, (anchor) => renderInline(anchor, label, null)));
      else renderInline(parent, label, linkDimensions);
    }
    last = match.index + match[0].length;
  }
  appendText(parent, text.slice(last));
}

function startsBlock(line) {
  return LIST_ITEM.test(line) || HEADING.test(line) || RULE.test(line) || FENCE.test(line) || QUOTE.test(line);
}

/** The answer so far as a fragment of elements; called again with the longer text as more arrives. */
function renderMarkdown(text, linkDimensions) {
  const out = document.createDocumentFragment();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (FENCE.test(line)) {
      const code = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]); i++) code.push(lines[i]);
      i++;
      const pre = element('pre');
      const node = element('code');
      node.textContent = code.join('\n');
      pre.append(node);
      out.append(pre);
    } else if (HEADING.test(line)) {
      const [, marks, words] = HEADING.exec(line);
      // The page's own headings go down to h2: an answer's (# or ##, as models write them) start at h3.
      const heading = element(`h${Math.min(6, Math.max(3, marks.length + 1))}`);
      renderInline(heading, words, linkDimensions);
      out.append(heading);
      i++;
    } else if (RULE.test(line)) {
      out.append(element('hr'));
      i++;
    } else if (QUOTE.test(line)) {
      const quoted = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) quoted.push(QUOTE.exec(lines[i])[1]);
      const quote = element('blockquote');
      const paragraph = element('p');
      renderInline(paragraph, quoted.join(' '), linkDimensions);
      quote.append(paragraph);
      out.append(quote);
    } else if (LIST_ITEM.test(line)) {
      const ordered = /\d/.test(LIST_ITEM.exec(line)[1]);
      const list = element(ordered ? 'ol' : 'ul');
      if (ordered && parseInt(LIST_ITEM.exec(line)[1], 10) !== 1) list.start = parseInt(LIST_ITEM.exec(line)[1], 10);
      const items = [];
      for (; i < lines.length; i++) {
        const item = LIST_ITEM.exec(lines[i]);
        if (item && /\d/.test(item[1]) === ordered) items.push(item[2]);
        else if (items.length > 0 && /^\s+\S/.test(lines[i]) && !startsBlock(lines[i])) items[items.length - 1] += ` ${lines[i].trim()}`;
        else break;
      }
      for (const words of items) {
        const item = element('li');
        renderInline(item, words, linkDimensions);
        list.append(item);
      }
      out.append(list);
    } else {
      const words = [];
      for (; i < lines.length && lines[i].trim() !== '' && (words.length === 0 || !startsBlock(lines[i])); i++) words.push(lines[i].trim());
      const paragraph = element('p');
      renderInline(paragraph, words.join(' '), linkDimensions);
      out.append(paragraph);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// The stream

/** A refusal's code, message and action, from either error shape: nested { error: { ... } } or flat { code, message, details }. */
async function refusalOf(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const nested = body && typeof body.error === 'object' && body.error !== null ? body.error : null;
  return {
    code: nested?.code ?? body?.code ?? `HTTP_${response.status}`,
    message: nested?.message ?? body?.message ?? `The coach could not answer (HTTP ${response.status}).`,
    action: nested?.action || body?.details?.action || '',
  };
}

/** What a refusal is called on the page, and where its action leads. */
function presentation(code, places) {
  switch (code) {
    case 'CREDIT_EXHAUSTED':
    case 'PLAN_LIMIT_REACHED':
      return { title: 'No chat messages left this period', link: { href: places.billing, label: 'See plans and upgrade' } };
    case 'SCORING_RATE_LIMITED':
      return { title: 'Too many questions for now', link: null };
    case 'ACCOUNT_READ_ONLY':
      return { title: 'This account is read-only', link: { href: places.onboarding, label: 'Open the onboarding checklist' } };
    case 'AUTH_REQUIRED':
      return { title: 'Your session has ended', link: { href: places.signIn, label: 'Sign in again' } };
    case 'NOT_FOUND':
      return { title: 'This result or conversation no longer exists', link: { href: places.coach, label: 'Choose another result' } };
    case 'CONFLICT':
      return { title: 'This conversation is full', link: { href: places.fresh, label: 'Start a new conversation' } };
    default:
      return { title: 'The coach could not answer', link: null };
  }
}

function start(form) {
  const log = document.querySelector('[data-coach-log]');
  const problemBox = document.querySelector('[data-coach-problem]');
  const emptyNote = /** @type {HTMLElement | null} */ (document.querySelector('[data-coach-empty]'));
  const input = form.querySelector('textarea');
  const send = form.querySelector('[data-coach-send]');
  const stop = form.querySelector('[data-coach-stop]');
  const data = form.dataset;
  const resultId = data.resultId;
  // A second result to compare with, when the page was opened from a comparison.
  const compareResultId = data.compareId || undefined;
  // The kept conversation this page continues; none until the first question creates it.
  let conversationId = data.conversationId || null;
  const maxMessageChars = Number(data.maxMessageChars);
  const fresh = new URLSearchParams({ result: resultId, ...(compareResultId ? { compare: compareResultId } : {}), new: '1' });
  const places = {
    billing: data.billingHref,
    signIn: data.signInHref,
    onboarding: data.onboardingHref,
    coach: form.getAttribute('action'),
    fresh: `${form.getAttribute('action')}?${fresh}`,
  };
  const linkDimensions = dimensionLinker(JSON.parse(data.dimensionLinks || '[]'));
  let streaming = null;

  // Answers kept from earlier visits arrive as their Markdown text: draw them as the streamed ones are.
  for (const kept of document.querySelectorAll('[data-markdown]')) kept.replaceChildren(renderMarkdown(kept.textContent, linkDimensions));

  /** The kept conversation to add to, made on the first question; the address then names it, so a reload resumes it. */
  async function keptConversation(signal) {
    if (conversationId) return { ok: true };
    const response = await fetch('/api/coach/conversations', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ resultId, compareResultId }),
      signal,
    });
    if (!response.ok) return { ok: false, response };
    conversationId = (await response.json()).id;
    form.dataset.conversationId = conversationId;
    history.replaceState(null, '', `${form.getAttribute('action')}?${new URLSearchParams({ conversation: conversationId })}`);
    return { ok: true };
  }

  function addTurn(role) {
    const item = element('div', `coach-turn coach-turn-${role}`);
    const speaker = element('p', 'coach-speaker');
    speaker.textContent = role === 'user' ? 'You' : 'Coach';
    const body = element('div', role === 'user' ? 'coach-question' : 'coach-answer');
    item.append(speaker, body);
    log.append(item);
    return { item, body };
  }

  function note(turn, text, state) {
    const line = element('p', 'coach-note');
    line.textContent = text;
    turn.body.append(line);
    turn.item.dataset.state = state;
  }

  function showProblem(refusal) {
    const { title, link: action } = presentation(refusal.code, places);
    const box = element('div', 'notice notice-error');
    const heading = element('h3');
    heading.textContent = title;
    const message = element('p');
    message.textContent = refusal.message;
    box.append(heading, message);
    if (refusal.action) {
      const advice = element('p');
      advice.textContent = refusal.action;
      box.append(advice);
    }
    if (action) {
      const line = element('p');
      const anchor = element('a');
      anchor.href = action.href;
      anchor.textContent = action.label;
      line.append(anchor);
      box.append(line);
    }
    problemBox.replaceChildren(box);
  }

  function setStreaming(controller) {
    streaming = controller;
    send.disabled = controller !== null;
    stop.hidden = controller === null;
  }

  async function ask(text) {
    const question = text.trim();
    if (question === '' || streaming) return;
    problemBox.replaceChildren();
    if (emptyNote) emptyNote.hidden = true;
    const asked = addTurn('user');
    asked.body.textContent = question;
    input.value = '';
    const answer = addTurn('assistant');
    answer.item.setAttribute('aria-busy', 'true');
    const waiting = element('p', 'muted');
    waiting.textContent = 'The coach is thinking…';
    answer.body.append(waiting);
    const controller = new AbortController();
    setStreaming(controller);
    stop.focus();
    let said = '';
    let finished = false;
    try {
      const kept = await keptConversation(controller.signal);
      const response = kept.ok
        ? await fetch('/api/chat', {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
            body: JSON.stringify({ conversationId, messages: [{ role: 'user', content: question.slice(0, maxMessageChars) }] }),
            signal: controller.signal,
          })
        : kept.response;
      if (!response.ok) {
        // Nothing was said: the question goes back in the box, to ask again once the refusal is lifted.
        const refusal = await refusalOf(response);
        asked.item.remove();
        answer.item.remove();
        if (emptyNote) emptyNote.hidden = log.children.length > 0;
        input.value = question;
        showProblem(refusal);
        return;
      }
      for await (const { data: payload } of serverSentEvents(response.body)) {
        if (payload === '[DONE]') {
          finished = true;
          break;
        }
        const event = JSON.parse(payload);
        if (event.error) {
          if (said === '') answer.body.replaceChildren();
          note(answer, event.error.message, 'failed');
          continue;
        }
        said += event.content;
        if (said !== '') answer.body.replaceChildren(renderMarkdown(said, linkDimensions));
      }
      if (!finished) throw new Error('the stream ended without [DONE]');
    } catch {
      const stopped = controller.signal.aborted;
      if (said === '') answer.body.replaceChildren();
      if (stopped) note(answer, said ? 'Stopped: the answer above is cut short.' : 'Stopped before the coach answered.', 'stopped');
      else note(answer, 'The connection was lost before the answer was finished.', 'failed');
    } finally {
      answer.item.removeAttribute('aria-busy');
      setStreaming(null);
      input.focus();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    ask(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  for (const button of document.querySelectorAll('[data-coach-question]')) button.addEventListener('click', () => ask(button.textContent));
  stop.addEventListener('click', () => streaming?.abort());
}

const coachForm = document.querySelector('[data-coach-form]');
if (coachForm) start(coachForm);

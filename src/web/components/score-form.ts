/**
 * The address box. Without JavaScript it posts to `action` and the server
 * answers with the result page when the score is done; with it
 * (assets/score-progress.js) it posts to `endpoint` asking for a stream and
 * shows the crawl as it happens.
 */
import { html } from '../view.ts';

export interface ScoreFormProps {
  /** The page that scores a posted form (no JavaScript). */
  action: string;
  /** The API endpoint the script streams from. */
  endpoint: string;
  csrf: string;
  value?: string;
  autofocus?: boolean;
  buttonLabel?: string;
}

/**
 * The live progress of a score (filled in by assets/score-progress.js, or a
 * page script that imports it): a bar, a status line read out as it
 * changes, and the three steps. `doneLabel` names where the page goes next.
 */
export function ScoreProgressPanel({ doneLabel = 'Opening your result' }: { doneLabel?: string }) {
  return html`<div class="progress-panel card" data-score-progress hidden>
    <h2 class="visually-hidden">Progress</h2>
    <progress aria-label="Scoring progress"></progress>
    <p role="status" aria-live="polite" data-progress-text>Starting…</p>
    <ol class="progress-steps">
      <li data-step="crawl">Reading the site's pages</li>
      <li data-step="score">Scoring 27 dimensions from the evidence</li>
      <li data-step="done">${doneLabel}</li>
    </ol>
  </div>`;
}

/** Where a refusal or failure is said, in words, with what to do next (an alert: read out when filled). */
export function ScoreProblem() {
  return html`<div class="notice notice-error" role="alert" tabindex="-1" data-score-problem hidden></div>`;
}

export function ScoreForm(props: ScoreFormProps) {
  return html`
    <div class="score-box">
      <form class="score-form" method="post" action=${props.action} data-score-form data-endpoint=${props.endpoint}>
        <input type="hidden" name="csrf" value=${props.csrf} />
        <label for="score-url">Company web address</label>
        <input id="score-url" name="url" type="text" inputmode="url" autocomplete="url" autocapitalize="none" spellcheck="false" required maxlength="2048"
          placeholder="yourcompany.com" value=${props.value ?? ''} autofocus=${props.autofocus ?? false}
          aria-describedby="score-url-hint" />
        <button class="button" type="submit">${props.buttonLabel ?? 'Score it'}</button>
        <p id="score-url-hint" class="hint">We read up to a few dozen public pages of the site, the way a visitor would. It takes about a minute.</p>
      </form>
      <${ScoreProgressPanel} />
      <${ScoreProblem} />
    </div>
  `;
}

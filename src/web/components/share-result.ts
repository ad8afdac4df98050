/**
 * Passing a result on: its address (to copy with one click, or select by
 * hand without JavaScript), who can see it, and the PDF report to forward.
 */
import { html } from '../view.ts';

export interface ShareProps {
  /** The page's absolute address, the one to pass on. */
  url: string;
  /** The PDF report of the result. */
  pdfPath: string;
  /** The report's file name when saved. */
  pdfName: string;
  /** Who can see it, in one sentence. */
  audience: string;
}

export function ShareBar({ url, pdfPath, pdfName, audience }: ShareProps) {
  return html`<section class="share-bar card" aria-labelledby="share-heading">
    <h2 id="share-heading">Share this result</h2>
    <p class="share-audience">${audience}</p>
    <div class="share-controls">
      <label for="share-url" class="visually-hidden">Link to this result</label>
      <input id="share-url" class="share-url" type="text" readonly value=${url} data-share-url />
      <button type="button" class="button button-quiet" data-copy-link hidden>Copy link</button>
      <a class="button" href=${pdfPath} download=${pdfName}>Download the PDF report</a>
    </div>
    <p class="hint share-status" role="status" aria-live="polite" data-copy-status></p>
  </section>`;
}

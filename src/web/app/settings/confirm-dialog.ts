/**
 * The one confirmation dialog a settings page holds. A button that needs
 * confirming carries `data-confirm` with its title, text and the confirming
 * button's label (data-confirm-title, -text, -label); settings.js opens this
 * <dialog> modally with them, and runs the action only on the confirming
 * button. Cancel and Escape close it with nothing done.
 */
import { html } from '../../view.ts';

export function ConfirmDialog() {
  return html`<dialog class="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text" data-confirm-dialog>
    <form method="dialog">
      <h2 id="confirm-title" data-confirm-title>Are you sure?</h2>
      <p id="confirm-text" data-confirm-text></p>
      <div class="dialog-actions">
        <button type="submit" value="cancel" class="button button-quiet" data-confirm-cancel>Cancel</button>
        <button type="submit" value="confirm" class="button button-danger" data-confirm-accept>Confirm</button>
      </div>
    </form>
  </dialog>`;
}

/** The attributes of a button whose action waits for the dialog's confirmation. */
export function confirmation(title: string, text: string, label: string) {
  return { 'data-confirm': '', 'data-confirm-title': title, 'data-confirm-text': text, 'data-confirm-label': label };
}

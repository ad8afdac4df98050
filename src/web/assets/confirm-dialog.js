// @ts-check
// The confirmation dialog of a settings page (web/app/settings/confirm-dialog.ts): a button
// that needs confirming carries its title, text and the confirming label; this opens the
// page's one <dialog> with them and resolves true only on the confirming button.

export function confirmAction(button) {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.querySelector('[data-confirm-dialog]'));
  if (!dialog || typeof dialog.showModal !== 'function') return Promise.resolve(true);
  dialog.querySelector('[data-confirm-title]').textContent = button.dataset.confirmTitle;
  dialog.querySelector('[data-confirm-text]').textContent = button.dataset.confirmText;
  dialog.querySelector('[data-confirm-accept]').textContent = button.dataset.confirmLabel;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
  });
}

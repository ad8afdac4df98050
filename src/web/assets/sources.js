// @ts-check
// The Sources page's script (/app/settings/sources): connecting a provider (the API answers
// the provider's authorize address, where the browser goes; the provider sends it back to
// the API's callback, which returns here), choosing which repositories or teams count for
// which product (read from the provider when asked), syncing now and disconnecting, each a
// call to the JSON API whose refusals are shown in the page.
import { callApi, problemText, showProblem, signInAgain } from './api-client.js';
import { confirmAction } from './confirm-dialog.js';

const FLASH_KEY = 'sources-flash';

function refuse(result, region) {
  if (result.status === 401) return signInAgain();
  showProblem(region, problemText(result, `The request failed (status ${result.status}). Try again in a moment.`));
}

const pageStatus = document.querySelector('[data-page-status]');
const flash = sessionStorage.getItem(FLASH_KEY);
if (flash && pageStatus) {
  sessionStorage.removeItem(FLASH_KEY);
  pageStatus.textContent = flash;
}

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-connect]'))) {
  button.addEventListener('click', async () => {
    const provider = button.dataset.connect;
    button.disabled = true;
    const result = await callApi('POST', `/api/sources/${provider}/connect`);
    button.disabled = false;
    if (!result.ok) return refuse(result, document.getElementById(`connect-${provider}-problem`));
    location.assign(result.body.authorizeUrl);
  });
}

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('[data-source-action]'))) {
  button.addEventListener('click', async () => {
    const id = button.dataset.sourceId;
    const action = button.dataset.sourceAction;
    if (action === 'disconnect' && !(await confirmAction(button))) return;
    button.disabled = true;
    const result = action === 'sync' ? await callApi('POST', `/api/sources/${id}/sync`) : await callApi('DELETE', `/api/sources/${id}`);
    button.disabled = false;
    if (!result.ok) return refuse(result, document.getElementById(`connection-${id}-problem`));
    sessionStorage.setItem(FLASH_KEY, action === 'sync' ? `Synced: ${result.body.stored} signals stored.` : 'Disconnected: the grant was revoked.');
    location.reload();
  });
}

/**
 * One group per repository or team the grant can read, a box per product,
 * ticked where it counts now. Built with text nodes only: the names come
 * from the provider.
 */
function scopeChoices(resources, products, chosen, sourceId) {
  const groups = [];
  for (const [index, resource] of resources.entries()) {
    const fieldset = document.createElement('fieldset');
    fieldset.className = 'scope-choice';
    const legend = document.createElement('legend');
    legend.textContent = resource.name;
    fieldset.append(legend);
    for (const product of products) {
      const label = document.createElement('label');
      label.className = 'checkbox';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.id = `scope-${sourceId}-${index}-${product.id}`;
      box.dataset.productId = product.id;
      box.dataset.resourceId = resource.id;
      box.dataset.resourceName = resource.name;
      box.checked = chosen.some((scope) => scope.productId === product.id && scope.resourceId === resource.id);
      label.append(box, document.createTextNode(` ${product.name}`));
      fieldset.append(label);
    }
    groups.push(fieldset);
  }
  return groups;
}

for (const picker of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-scope-picker]'))) {
  const sourceId = picker.dataset.sourceId;
  const products = JSON.parse(picker.dataset.products ?? '[]');
  const chosen = JSON.parse(picker.dataset.scopes ?? '[]');
  const choose = /** @type {HTMLButtonElement} */ (picker.querySelector('[data-choose-scopes]'));
  const form = /** @type {HTMLFormElement} */ (picker.querySelector('[data-scope-form]'));
  const choices = /** @type {HTMLElement} */ (picker.querySelector('[data-scope-choices]'));
  const problem = document.getElementById(`connection-${sourceId}-scopes-problem`);
  choose.addEventListener('click', async () => {
    choose.disabled = true;
    const result = await callApi('GET', `/api/sources/${sourceId}/resources`);
    choose.disabled = false;
    if (!result.ok) return refuse(result, problem);
    if (result.body.resources.length === 0)
      return showProblem(problem, 'The provider lists nothing this grant can read. Connect again with access to the repositories or teams you want.');
    choices.replaceChildren(...scopeChoices(result.body.resources, products, chosen, sourceId));
    form.hidden = false;
    choose.hidden = true;
    choices.querySelector('input')?.focus();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const boxes = /** @type {NodeListOf<HTMLInputElement>} */ (choices.querySelectorAll('input[type=checkbox]:checked'));
    const scopes = [...boxes].map((box) => ({ productId: box.dataset.productId, resourceId: box.dataset.resourceId, resourceName: box.dataset.resourceName }));
    const submit = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
    submit.disabled = true;
    const result = await callApi('PUT', `/api/sources/${sourceId}/scopes`, { scopes });
    submit.disabled = false;
    if (!result.ok) return refuse(result, problem);
    sessionStorage.setItem(FLASH_KEY, `Saved: ${result.body.scopes.length} ${result.body.scopes.length === 1 ? 'choice' : 'choices'}. Sync to read them.`);
    location.reload();
  });
}

// @ts-check
// The Sources page's script (/app/settings/sources): connecting a provider (the API answers
// the provider's authorize address, where the browser goes; the provider sends it back to
// the API's callback, which returns here), syncing now and disconnecting, each a call to
// the JSON API whose refusals are shown in the page.
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

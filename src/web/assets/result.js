// @ts-check
// A result page (/r/<id>, /demo/<slug>): each dimension's detail opens when a
// link leads to it (the heatmap's cells, strengths and gaps, an address with
// #dimension-<id>); "Open all" and "Close all"; and "Copy link". Without it
// the page still reads: the details open by hand, the link can be selected.

function detailFor(hash) {
  if (!hash || !hash.startsWith('#dimension-')) return null;
  const item = document.getElementById(decodeURIComponent(hash.slice(1)));
  return item ? /** @type {HTMLDetailsElement | null} */ (item.querySelector('details[data-dimension-detail]')) : null;
}

function openFromHash() {
  const detail = detailFor(location.hash);
  if (!detail) return;
  detail.open = true;
  detail.parentElement.scrollIntoView({ block: 'start' });
}

window.addEventListener('hashchange', openFromHash);
openFromHash();

// A link to the dimension already in the address bar changes no hash: open it anyway.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-open-dimension]') : null;
  if (!link) return;
  const detail = detailFor(link.getAttribute('href'));
  if (detail) detail.open = true;
});

const toggles = /** @type {HTMLElement | null} */ (document.querySelector('[data-details-toggles]'));
if (toggles) {
  toggles.hidden = false;
  const details = () => /** @type {NodeListOf<HTMLDetailsElement>} */ (document.querySelectorAll('details[data-dimension-detail]'));
  toggles.querySelector('[data-open-all]').addEventListener('click', () => details().forEach((detail) => (detail.open = true)));
  toggles.querySelector('[data-close-all]').addEventListener('click', () => details().forEach((detail) => (detail.open = false)));
}

const copy = /** @type {HTMLButtonElement | null} */ (document.querySelector('[data-copy-link]'));
const field = /** @type {HTMLInputElement | null} */ (document.querySelector('[data-share-url]'));
const copyStatus = document.querySelector('[data-copy-status]');
if (copy && field && copyStatus) {
  copy.hidden = false;
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(field.value);
      copyStatus.textContent = 'Link copied. Anyone you send it to can open the result.';
    } catch {
      // No clipboard (an insecure origin, a refused permission): select it for the person to copy.
      field.focus();
      field.select();
      copyStatus.textContent = 'Press Ctrl+C (or ⌘C) to copy the selected link.';
    }
  });
}

/**
 * The org map (/app/onboarding/org-map): the team registry as a form, one
 * per product, naming who owns each of the six functions. onboarding.js
 * saves a product's owners with PUT /api/team-registry/<productId>; the
 * first product with all six named completes the Week 1 milestone. Without
 * a product yet, the page first adds one (POST /api/products), prefilled
 * from the welcome interview's answer.
 */
import { FUNCTION_LABELS, FUNCTIONS } from '../../../framework/functions.ts';
import type { RegistryEntry, WelcomeInterview } from '../../../modules/onboarding/onboarding-service.ts';
import { OWNER_EMAIL_MAX_LENGTH, OWNER_NAME_MAX_LENGTH } from '../../../modules/onboarding/routes/onboarding-schemas.ts';
import { PRODUCT_NAME_MAX_LENGTH } from '../../../modules/products/routes/product-schemas.ts';
import { html } from '../../view.ts';
import type { AppVisit } from '../app-visit.ts';
import { ONBOARDING_PATHS } from './onboarding-paths.ts';
import { Day, Problem, ScriptNeeded } from './page-parts.ts';

export interface OrgMapContent {
  visit: AppVisit;
  registry: RegistryEntry[];
  interview: WelcomeInterview | null;
  /** The team's addresses, offered as owners. */
  memberEmails: string[];
}

function AddProductForm({ interview }: { interview: WelcomeInterview | null }) {
  return html`<section class="card" aria-labelledby="add-product-title">
    <h2 id="add-product-title">First, the product to map</h2>
    <p>The account has no product yet. Add the one your team works on${interview ? ' (from your welcome interview)' : ''}; you can score it later.</p>
    <form class="flow-form" data-form="product" novalidate>
      <label for="product-name">Name</label>
      <input id="product-name" name="name" data-field="body.name" data-empty-message="Name the product." required maxlength=${PRODUCT_NAME_MAX_LENGTH} value=${interview?.product.name ?? ''} />
      <label for="product-url">Web address</label>
      <input id="product-url" name="url" data-field="body.url" data-empty-message="Give the product's web address, for example example.com." type="text" inputmode="url" autocapitalize="none" spellcheck="false" required placeholder="example.com" value=${interview?.product.url ?? ''} />
      <${Problem} id="product-problem" />
      <p class="cta"><button class="button" type="submit">Add the product</button></p>
      <${ScriptNeeded} action="Adding a product" />
    </form>
  </section>`;
}

function OwnersForm({ entry }: { entry: RegistryEntry }) {
  const id = entry.productId;
  return html`<form class="flow-form" data-form="org-map" data-product-id=${id} data-done=${ONBOARDING_PATHS.checklist} novalidate>
    <table class="owners">
      <caption class="visually-hidden">The owner of each function of ${entry.productName}</caption>
      <thead><tr><th scope="col">Function</th><th scope="col">Owner</th><th scope="col">Email <span class="muted">(optional)</span></th></tr></thead>
      <tbody>
        ${FUNCTIONS.map((fn) => {
          const owner = entry.owners[fn];
          return html`<tr>
            <th scope="row" id=${`fn-${id}-${fn}`}>${FUNCTION_LABELS[fn]}</th>
            <td>
              <label class="visually-hidden" for=${`owner-${id}-${fn}`}>${FUNCTION_LABELS[fn]} owner's name</label>
              <input id=${`owner-${id}-${fn}`} name=${`${fn}.name`} data-field=${`body.owners.${fn}.name`} maxlength=${OWNER_NAME_MAX_LENGTH} autocomplete="off" value=${owner?.name ?? ''} />
            </td>
            <td>
              <label class="visually-hidden" for=${`email-${id}-${fn}`}>${FUNCTION_LABELS[fn]} owner's email</label>
              <input id=${`email-${id}-${fn}`} name=${`${fn}.email`} data-field=${`body.owners.${fn}.email`} type="email" maxlength=${OWNER_EMAIL_MAX_LENGTH} list="member-emails" autocomplete="off" value=${owner?.email ?? ''} />
            </td>
          </tr>`;
        })}
      </tbody>
    </table>
    <${Problem} id=${`org-map-problem-${id}`} />
    <p class="cta"><button class="button" type="submit">Save owners of ${entry.productName}</button></p>
    <p class="form-status" role="status" data-status></p>
    <${ScriptNeeded} action="Saving the owners" />
  </form>`;
}

function OwnersList({ entry }: { entry: RegistryEntry }) {
  return html`<dl class="answers">
    ${FUNCTIONS.map((fn) => html`<div><dt>${FUNCTION_LABELS[fn]}</dt><dd>${entry.owners[fn] ? entry.owners[fn]!.name : html`<span class="muted">No owner named</span>`}</dd></div>`)}
  </dl>`;
}

function ProductSection({ entry, mayEdit }: { entry: RegistryEntry; mayEdit: boolean }) {
  const missing = entry.missingFunctions.length;
  return html`<section class="card org-map-product" aria-labelledby=${`product-${entry.productId}`}>
    <h2 id=${`product-${entry.productId}`}>${entry.productName}</h2>
    <p class="muted" data-owner-count>${missing === 0 ? 'All six functions have an owner.' : `${FUNCTIONS.length - missing} of ${FUNCTIONS.length} functions have an owner.`}</p>
    ${mayEdit ? html`<${OwnersForm} entry=${entry} />` : html`<${OwnersList} entry=${entry} />`}
  </section>`;
}

export function OrgMapPage({ visit, registry, interview, memberEmails }: OrgMapContent) {
  const done = visit.coverage.milestones.orgMap.completedAt;
  const mayEdit = visit.may('account:edit');
  return html`
    <h1>Org map</h1>
    <p class="lead">Who owns each of the six functions of your product. Naming an owner for all six functions of one product completes the Week 1 step of onboarding.</p>
    ${done ? html`<p class="notice">Completed on <${Day} at=${done} />. Keep it current as the team changes.</p>` : null}
    ${!mayEdit ? html`<p class="muted">An owner or admin of the account names the owners.</p>` : null}
    ${registry.length === 0 ? (mayEdit ? html`<${AddProductForm} interview=${interview} />` : html`<p>The account has no product yet.</p>`) : registry.map((entry) => html`<${ProductSection} entry=${entry} mayEdit=${mayEdit} />`)}
    <datalist id="member-emails">${memberEmails.map((email) => html`<option value=${email}></option>`)}</datalist>
    <p><a href=${ONBOARDING_PATHS.checklist}>Back to the checklist</a></p>
  `;
}

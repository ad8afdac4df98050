/**
 * The API reference drawn from the OpenAPI document the routes generate
 * (GET /api/openapi.json): an index of every resource and its operations
 * (GET /docs), and a page per resource (GET /docs/<resource>) where each
 * operation says who may call it, what it takes and what it answers, with
 * every field of its bodies. No script: nothing runs that the content
 * security policy would have to allow, and it reads on a phone. A page per
 * resource keeps each one light enough to read (and to check) in one go.
 */
import { html } from '../view.ts';
import { Prose, SchemaView, type JsonSchema } from './api-schema-view.ts';

export const API_REFERENCE_PATH = '/docs';
export const API_DOCUMENT_PATH = '/api/openapi.json';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: Record<string, string[]>[];
}

export interface ApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  webhooks?: Record<string, { post?: Operation }>;
}

interface Entry {
  id: string;
  method: string;
  path: string;
  operation: Operation;
}

function anchorOf(method: string, path: string): string {
  return `${method}-${path
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}`;
}

/** One page of the reference: a resource's operations (by their first tag), or the webhooks we send. */
export interface ReferenceSection {
  /** The address segment: /docs/<slug>. */
  slug: string;
  title: string;
  kind: 'operations' | 'webhooks';
  entries: Entry[];
}

function slugOf(title: string): string {
  return title
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** The reference's sections: each tag's operations in the order the document lists them, then the webhooks. */
export function sectionsOf(document: ApiDocument): ReferenceSection[] {
  const groups = new Map<string, Entry[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      const entries = groups.get(tag) ?? [];
      entries.push({ id: anchorOf(method, path), method: method.toUpperCase(), path, operation });
      groups.set(tag, entries);
    }
  }
  const sections: ReferenceSection[] = [...groups.entries()].map(([title, entries]) => ({ slug: slugOf(title), title, kind: 'operations', entries }));
  const webhooks: Entry[] = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
    item.post ? [{ id: `webhook-${slugOf(name)}`, method: 'POST', path: name, operation: item.post }] : [],
  );
  if (webhooks.length > 0) sections.push({ slug: 'webhooks-we-send', title: 'Webhooks we send', kind: 'webhooks', entries: webhooks });
  return sections;
}

export function sectionPath(section: Pick<ReferenceSection, 'slug'>): string {
  return `${API_REFERENCE_PATH}/${section.slug}`;
}

/** Who may call it, in words, from the operation's security requirements. */
function accessInWords(operation: Operation): string {
  const security = operation.security;
  if (!security || security.length === 0) return 'Public: no credentials needed.';
  const anonymous = security.some((requirement) => Object.keys(requirement).length === 0);
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  const ways = [schemes.includes('bearerAuth') ? 'a bearer token or API key' : null, schemes.includes('sessionCookie') ? 'the session cookie' : null].filter(
    Boolean,
  );
  return anonymous ? `Open to anyone; signed in with ${ways.join(' or ')}, it acts for your account.` : `Signed in: ${ways.join(' or ')}.`;
}

function bodySchema(content: Record<string, { schema?: JsonSchema }> | undefined): { type: string; schema: JsonSchema } | null {
  const [type, media] = Object.entries(content ?? {})[0] ?? [];
  return type && media?.schema ? { type, schema: media.schema } : null;
}

function Parameters({ parameters }: { parameters: Parameter[] }) {
  return html`<h3>Parameters</h3>
    <ul class="schema-fields">
      ${parameters.map(
        (parameter) => html`<li>
          <div class="schema-field-head">
            <code class="schema-name">${parameter.name}</code>
            <span class="schema-type">${parameter.in}${parameter.schema?.format ? `, ${parameter.schema.format}` : ''}</span>
            ${parameter.required ? html`<span class="schema-required">required</span>` : null}
          </div>
          ${parameter.description ? html`<div class="schema-description"><${Prose} text=${parameter.description} /></div>` : null}
        </li>`,
      )}
    </ul>`;
}

function Responses({ responses }: { responses: NonNullable<Operation['responses']> }) {
  const statuses = Object.entries(responses);
  const successes = statuses.filter(([status]) => status.startsWith('2') || status.startsWith('3'));
  const failures = statuses.filter(([status]) => !status.startsWith('2') && !status.startsWith('3'));
  return html`<h3>Responses</h3>
    ${successes.map(([status, response]) => {
      const body = bodySchema(response.content);
      return html`<div class="api-response">
        <p><span class="api-status">${status}</span> ${response.description ?? ''}</p>
        ${body ? html`<details class="api-body"><summary>Body (${body.type})</summary><${SchemaView} schema=${body.schema} /></details>` : null}
      </div>`;
    })}
    ${
      failures.length > 0
        ? html`<details class="api-body"><summary>Refusals and errors: ${failures.map(([status]) => status).join(', ')}</summary>
          <dl class="api-failures">
            ${failures.map(([status, response]) => html`<div><dt>${status}</dt><dd>${response.description ?? ''}</dd></div>`)}
          </dl>
          <p class="muted">Bodies as in <a href=${`${API_REFERENCE_PATH}#errors`}>Errors</a>.</p>
        </details>`
        : null
    }`;
}

function OperationView({ entry, webhook }: { entry: Entry; webhook: boolean }) {
  const { operation } = entry;
  const request = bodySchema(operation.requestBody?.content);
  const heading = html`<span class=${`api-method api-method-${entry.method.toLowerCase()}`}>${entry.method}</span> <code class="api-path">${entry.path}</code>`;
  return html`<article class="api-operation card" id=${entry.id} aria-labelledby=${`${entry.id}-title`}>
    <h2 id=${`${entry.id}-title`}>${heading}</h2>
    ${operation.summary ? html`<p class="api-summary">${operation.summary}</p>` : null}
    ${operation.description ? html`<div class="api-description"><${Prose} text=${operation.description} /></div>` : null}
    ${webhook ? null : html`<p class="api-access">${accessInWords(operation)}</p>`}
    ${operation.parameters && operation.parameters.length > 0 ? html`<${Parameters} parameters=${operation.parameters} />` : null}
    ${
      request
        ? html`<h3>${webhook ? 'Payload' : 'Request body'} <span class="muted">(${request.type})</span></h3><${SchemaView} schema=${request.schema} />`
        : null
    }
    ${operation.responses && !webhook ? html`<${Responses} responses=${operation.responses} />` : null}
  </article>`;
}

function Breadcrumb({ section }: { section?: ReferenceSection }) {
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
    <a href="/">Maturity Scoring</a> › ${section ? html`<a href=${API_REFERENCE_PATH}>API reference</a> › ${section.title}` : 'API reference'}
  </nav>`;
}

function SectionList({ sections, current }: { sections: ReferenceSection[]; current?: ReferenceSection }) {
  return html`<ul class="api-section-list">
    ${sections.map((section) => html`<li><a href=${sectionPath(section)} aria-current=${section === current ? 'page' : undefined}>${section.title}</a></li>`)}
  </ul>`;
}

/** GET /docs: what the API is, how to authenticate, the error shapes, and every operation by resource. */
export function ReferenceIndex({ document, baseUrl }: { document: ApiDocument; baseUrl: string }) {
  const sections = sectionsOf(document);
  return html`
    <${Breadcrumb} />
    <h1>API reference</h1>
    ${document.info.description ? html`<p class="lead">${document.info.description}</p>` : null}
    <p>Version ${document.info.version}. Every address is relative to <code>${baseUrl}</code>. The same reference as an OpenAPI 3.1 document, for code generators and API clients: <a href=${API_DOCUMENT_PATH}>${API_DOCUMENT_PATH}</a>.</p>
    <section id="authentication" aria-labelledby="authentication-title">
      <h2 id="authentication-title">Authentication</h2>
      <p>Send <code>${'Authorization: Bearer <token>'}</code> with a session token from the identity provider, or with an API key (Business and Enterprise plans; create one in the app under Settings, API keys). In a browser, the <code>__session</code> cookie set at sign-in does the same. A few addresses are public: a result by its id, the anonymous try, the image card, the payment webhook (signed) and unsubscribing (by the mail's token).</p>
    </section>
    <section id="errors" aria-labelledby="errors-title">
      <h2 id="errors-title">Errors</h2>
      <p>A refusal answers <code>{ "error", "code", "message", "details"? }</code>: <code>error</code> is a short label, <code>code</code> one of the catalogue's codes (for example <code>AUTH_REQUIRED</code>, <code>FORBIDDEN</code>, <code>INVALID_URL</code>), <code>message</code> a sentence. Rate limits and quotas (429 and 402) answer <code>{ "error": { "code", "message", "action", "retryable" } }</code>, where <code>action</code> says what to do next; a 429 carries <code>Retry-After</code>.</p>
    </section>
    <section aria-labelledby="resources-title">
      <h2 id="resources-title">Resources</h2>
      <div class="api-index">
        ${sections.map(
          (section) => html`<section class="card api-index-section" aria-labelledby=${`index-${section.slug}`}>
            <h3 id=${`index-${section.slug}`}><a href=${sectionPath(section)}>${section.title}</a></h3>
            <ul>
              ${section.entries.map(
                (
                  entry,
                ) => html`<li><a href=${`${sectionPath(section)}#${entry.id}`}>${section.kind === 'operations' ? html`<span class="api-method-text">${entry.method}</span> ` : null}${entry.path}</a>
                  ${entry.operation.summary ? html`<span class="muted"> ${entry.operation.summary}</span>` : null}</li>`,
              )}
            </ul>
          </section>`,
        )}
      </div>
    </section>
  `;
}

/** GET /docs/<resource>: the resource's operations in full, with the other resources a click away. */
export function ReferenceSectionView({ document, section }: { document: ApiDocument; section: ReferenceSection }) {
  const sections = sectionsOf(document);
  return html`
    <${Breadcrumb} section=${section} />
    <h1>${section.title}</h1>
    ${
      section.kind === 'webhooks'
        ? html`<p class="lead">Register an endpoint (in the app under Settings, Webhooks, or with <a href=${`${API_REFERENCE_PATH}/webhooks`}>the Webhooks API</a>) and we POST each event to it, signed per Standard Webhooks with the endpoint's secret, and retry for 3 days.</p>`
        : null
    }
    <div class="api-layout">
      <nav class="api-contents card" aria-labelledby="api-contents-title">
        <h2 id="api-contents-title">On this page</h2>
        <ul>${section.entries.map((entry) => html`<li><a href=${`#${entry.id}`}>${section.kind === 'operations' ? html`<span class="api-method-text">${entry.method}</span> ` : null}${entry.path}</a></li>`)}</ul>
        <h2 class="api-contents-other">Other resources</h2>
        <${SectionList} sections=${sections} current=${section} />
      </nav>
      <div class="api-main">
        ${section.entries.map((entry) => html`<${OperationView} entry=${entry} webhook=${section.kind === 'webhooks'} />`)}
      </div>
    </div>
  `;
}

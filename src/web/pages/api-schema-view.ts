/**
 * A JSON Schema (as the OpenAPI document carries it: TypeBox's output, every
 * schema inline) drawn as a list of fields people read: name, type in words,
 * required or not, the description, and the fields of nested objects and of
 * array items beneath. Prose with `code` in backticks becomes paragraphs
 * with code spans, never markup.
 */
import { html, type ComponentChildren } from '../view.ts';

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/** Deeper than this, a nested object is named but its fields are not listed (the JSON document has them). */
const MAX_DEPTH = 6;

/** Text with `code` spans, as the document's descriptions write it. */
export function Prose({ text }: { text: string }): ComponentChildren {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => html`<p>${paragraph.split('`').map((part, index) => (index % 2 === 1 ? html`<code>${part}</code>` : part))}</p>`);
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function alternatives(schema: JsonSchema): JsonSchema[] | null {
  return schema.anyOf ?? schema.oneOf ?? null;
}

function isNull(schema: JsonSchema): boolean {
  return schema.type === 'null';
}

function range(low: number | undefined, high: number | undefined, unit: string): string | null {
  if (low === undefined && high === undefined) return null;
  if (low !== undefined && high !== undefined) return low === high ? `${low}${unit}` : `${low} to ${high}${unit}`;
  return low !== undefined ? `at least ${low}${unit}` : `at most ${high}${unit}`;
}

/** The schema's type in a few words: "string (uuid)", "integer, 27 to 135", "array of objects", "one of: a, b". */
export function typeInWords(schema: JsonSchema): string {
  if (schema.const !== undefined) return `always ${literal(schema.const)}`;
  if (schema.enum) return `one of: ${schema.enum.map(literal).join(', ')}`;
  const options = alternatives(schema);
  if (options) {
    const nullable = options.some(isNull);
    const rest = options.filter((option) => !isNull(option));
    const words = rest.length === 1 ? typeInWords(rest[0]!) : rest.map(typeInWords).join(' or ');
    return nullable ? `${words}, or null` : words;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') {
    const items = schema.items ? typeInWords(schema.items) : 'anything';
    const count = range(schema.minItems, schema.maxItems, ' items');
    return `array of ${items.startsWith('object') ? 'objects' : items}${count ? ` (${count})` : ''}`;
  }
  if (type === 'string') {
    const length = range(schema.minLength, schema.maxLength, ' characters');
    return [`string${schema.format ? ` (${schema.format})` : ''}`, length].filter(Boolean).join(', ');
  }
  if (type === 'integer' || type === 'number') {
    const bounds = range(schema.minimum, schema.maximum, '');
    return bounds ? `${type}, ${bounds}` : type;
  }
  return type ?? (schema.properties ? 'object' : 'any value');
}

/** The object shapes a schema's fields come from: itself, its array items, or each object among its alternatives. */
function nestedShapes(schema: JsonSchema): JsonSchema[] {
  if (schema.properties && Object.keys(schema.properties).length > 0) return [schema];
  if (schema.items) return nestedShapes(schema.items);
  const options = alternatives(schema);
  return options ? options.flatMap(nestedShapes) : [];
}

function Field({ name, schema, required, depth }: { name: string; schema: JsonSchema; required: boolean; depth: number }) {
  return html`<li>
    <div class="schema-field-head">
      <code class="schema-name">${name}</code>
      <span class="schema-type">${typeInWords(schema)}</span>
      ${required ? html`<span class="schema-required">required</span>` : null}
    </div>
    ${schema.description ? html`<div class="schema-description"><${Prose} text=${schema.description} /></div>` : null}
    <${SchemaShapes} schema=${schema} depth=${depth + 1} />
  </li>`;
}

function SchemaShapes({ schema, depth }: { schema: JsonSchema; depth: number }) {
  if (depth > MAX_DEPTH) return null;
  const shapes = nestedShapes(schema);
  if (shapes.length === 0) return null;
  if (shapes.length === 1) return html`<${FieldList} schema=${shapes[0]} depth=${depth} />`;
  return html`<p class="schema-note">One of these shapes:</p>
    <ol class="schema-shapes">${shapes.map((shape) => html`<li><${FieldList} schema=${shape} depth=${depth} /></li>`)}</ol>`;
}

function FieldList({ schema, depth }: { schema: JsonSchema; depth: number }) {
  const required = new Set(schema.required ?? []);
  return html`<ul class="schema-fields">
    ${Object.entries(schema.properties ?? {}).map(
      ([name, property]) => html`<${Field} name=${name} schema=${property} required=${required.has(name)} depth=${depth} />`,
    )}
  </ul>`;
}

/** A body's schema: its fields, or, for a body that is not an object, its type in words. */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  const plainObject = schema.properties !== undefined;
  return html`${plainObject ? null : html`<p class="schema-type">${typeInWords(schema)}</p>`}<${SchemaShapes} schema=${schema} depth=${0} />`;
}

/**
 * What turns the document @fastify/swagger generates into one clients can
 * generate from: every operation named (operationId), the two error shapes
 * as named components instead of a copy in every response, and the headers
 * the service speaks described once (rate limits, retries, entity tags,
 * idempotency) and referred to where they apply. Pure: a document in, a
 * document out.
 */
import { FlatErrorSchema, NestedErrorSchema } from './errors.ts';

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; parameters?: Json[]; responses?: Record<string, Json> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The named schemas: an inline schema equal to one of these becomes a reference to it. */
const NAMED_SCHEMAS: Record<string, unknown> = {
  FlatError: FlatErrorSchema,
  NestedError: NestedErrorSchema,
};

const HEADERS: Record<string, Json> = {
  RateLimit: {
    description:
      'The window this request counted in (draft-ietf-httpapi-ratelimit-headers-11): the quota left and the seconds until more frees up, e.g. `"score";r=0;t=42`.',
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: 'The window itself: its quota and length in seconds, e.g. `"score";q=5;w=60`.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
  ETag: {
    description: 'The entity tag of this representation; send it back in If-None-Match to get 304 while it is unchanged.',
    schema: { type: 'string' },
  },
  'Idempotent-Replayed': {
    description: 'Present (`true`) when this response is the kept answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const PARAMETERS: Record<string, Json> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'A key of your choosing, 1 to 255 printable ASCII characters (a UUID, say): a retry with the same key and body gets the first answer again instead of acting twice.',
    schema: { type: 'string', minLength: 1, maxLength: 255 },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'An ETag from an earlier answer: 304 with no body while the representation is unchanged.',
    schema: { type: 'string' },
  },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const parameterRef = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** `post /api/score/{id}/link` -> `postScoreByIdLink`: stable, unique per method and path. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `by-${parameter[1]}` : segment;
    })
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '');
  return [method.toLowerCase(), ...words].map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** A schema as it appears in the document: JSON, keys in a fixed order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Json).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

/**
 * `idempotentOperations`: "METHOD /path/{param}" of the routes that honour
 * Idempotency-Key (known from the routes, not from the document).
 */
export function finishApiDocument(document: Json, idempotentOperations: ReadonlySet<string>): Json {
  const named = new Map(Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [canonical(JSON.parse(JSON.stringify(schema))), name]));
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  const taken = new Map<string, string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      operation.operationId ??= operationIdOf(method, path);
      const clash = taken.get(operation.operationId);
      if (clash) throw new Error(`operationId ${operation.operationId} names both ${clash} and ${method} ${path}`);
      taken.set(operation.operationId, `${method} ${path}`);

      const responses = operation.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const content = response.content as Record<string, { schema?: unknown }> | undefined;
        for (const media of Object.values(content ?? {})) {
          const name = media.schema === undefined ? undefined : named.get(canonical(media.schema));
          if (name) media.schema = { $ref: `#/components/schemas/${name}` };
        }
        const headers = (response.headers ?? {}) as Json;
        if (status === '429')
          Object.assign(headers, {
            RateLimit: headerRef('RateLimit'),
            'RateLimit-Policy': headerRef('RateLimit-Policy'),
            'Retry-After': headerRef('Retry-After'),
          });
        if (status.startsWith('2') && responses['304']) headers.ETag = headerRef('ETag');
        if (status.startsWith('2') && idempotentOperations.has(`${method.toUpperCase()} ${path}`))
          headers['Idempotent-Replayed'] = headerRef('Idempotent-Replayed');
        if (Object.keys(headers).length > 0) response.headers = headers;
      }
      const parameters = operation.parameters ?? [];
      if (responses['304']) parameters.push(parameterRef('IfNoneMatch'));
      if (idempotentOperations.has(`${method.toUpperCase()} ${path}`)) parameters.push(parameterRef('IdempotencyKey'));
      if (parameters.length > 0) operation.parameters = parameters;
    }
  }
  // The requests we send to subscribers carry no credential of theirs: they are signed (Standard Webhooks), which the description says.
  for (const item of Object.values((document.webhooks ?? {}) as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) if (METHODS.has(method)) operation.security ??= [];
  }
  const components = (document.components ?? {}) as Json;
  document.components = {
    ...components,
    schemas: { ...(components.schemas as Json | undefined), ...JSON.parse(JSON.stringify(NAMED_SCHEMAS)) },
    headers: { ...(components.headers as Json | undefined), ...HEADERS },
    parameters: { ...(components.parameters as Json | undefined), ...PARAMETERS },
  };
  return document;
}

/**
 * The document with every local reference (`#/components/...`) replaced by
 * what it names, for readers that walk schemas without resolving them (the
 * /docs pages). Our named components hold no cycles.
 */
export function inlineReferences<T>(document: T): T {
  const root = document as Json;
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (!value || typeof value !== 'object') return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, key) => (node as Json | undefined)?.[key], root);
      if (target !== undefined) return resolve(target);
    }
    return Object.fromEntries(Object.entries(value as Json).map(([key, inner]) => [key, resolve(inner)]));
  };
  return resolve(document) as T;
}

/**
 * What a request may carry, checked once for every route rather than per route:
 * - Bodies are JSON. Fastify's built-in text/plain parser is removed, so a
 *   body of any other type answers 415 UNSUPPORTED_MEDIA_TYPE instead of
 *   reaching the schema as a string (and answering 400). HTML forms parse
 *   their own bodies in their own scope (app.ts); the payment webhook keeps
 *   the raw bytes in its own.
 * - Text is storable (storable-text.ts): no NUL and no unpaired surrogate in
 *   any string, or property name, of the path parameters, the query string or
 *   the parsed body. Otherwise 400 INVALID_REQUEST naming each field. The
 *   check runs before validation and every handler, so nothing is charged or
 *   written; a raw body (a Buffer) is not parsed text and is left alone.
 *
 * Install on the root instance before any route or child scope: scopes copy
 * their parent's body parsers when they are registered.
 */
import type { App } from './app-types.ts';
import { invalidBody, type FieldProblem } from './errors.ts';
import { printable, TEXT_FAULT_MESSAGES, textFault } from '../storable-text.ts';

/** Enough to fix a request; a body full of bad strings does not make a huge answer. */
const MAX_REPORTED_PROBLEMS = 20;

export function installRequestContentRules(app: App): void {
  app.removeContentTypeParser('text/plain');
  // A callback, not a promise: every request passes here.
  app.addHook('preValidation', (request, _reply, done) => {
    // No route, no fields to name: an unknown address answers 404 whatever it carries.
    if (request.is404) return done();
    // Without a body or an escape in its address, every parameter is a piece of the address, which is checked whole.
    if (request.body === undefined && !request.url.includes('%') && textFault(request.url) === null) return done();
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const problems = unstorableText(value, part);
      if (problems.length > 0) return done(invalidBody(problems, part));
    }
    done();
  });
}

interface Pending {
  value: unknown;
  path: string;
  /** Set when the property name on the way to this value is itself unstorable. */
  badName?: FieldProblem;
}

/**
 * Every string (and property name) in a parsed JSON value that the database
 * cannot store, in document order, as `root.a.0.b` paths. Iterative: a deeply
 * nested body cannot exhaust the stack.
 */
export function unstorableText(value: unknown, root: string): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const pending: Pending[] = [{ value, path: root }];
  while (pending.length > 0 && problems.length < MAX_REPORTED_PROBLEMS) {
    const next = pending.pop()!;
    if (next.badName) problems.push(next.badName);
    const current = next.value;
    if (typeof current === 'string') {
      const fault = textFault(current);
      if (fault) problems.push({ field: next.path, message: TEXT_FAULT_MESSAGES[fault] });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) pending.push({ value: current[index], path: `${next.path}.${index}` });
    } else if (isParsedObject(current)) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [name, child] = entries[index]!;
        const path = `${next.path}.${printable(name)}`;
        const fault = textFault(name);
        pending.push({ value: child, path, ...(fault ? { badName: { field: path, message: `has a name that ${TEXT_FAULT_MESSAGES[fault]}` } } : {}) });
      }
    }
  }
  return problems.slice(0, MAX_REPORTED_PROBLEMS);
}

/**
 * An object of parsed fields: JSON.parse's plain objects, the query-string
 * parser's and the router's null-prototype ones. Not a raw body (a Buffer).
 */
function isParsedObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

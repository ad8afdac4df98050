/**
 * Database errors as the logs may show them: the SQL text, the SQLSTATE code
 * and the names of what was violated, never the values bound to the query.
 * Drizzle's DrizzleQueryError puts every parameter in its message (and so in
 * its stack) and in `params`; PGlite attaches `params` to its own errors;
 * PostgreSQL's `detail` repeats row values ("Failing row contains (...)",
 * "Key (id)=(...) already exists"); and the messages of data exceptions
 * (SQLSTATE class 22) quote the offending value. Parameters hold account
 * ids, free text and key hashes.
 */

/** The fields of a PostgreSQL error that name things rather than carry values. */
const IDENTIFYING_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/** How deep a cause chain is followed; deeper causes are left out. */
const MAX_CAUSES = 8;

const SQLSTATE = /^[0-9A-Z]{5}$/;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error;
}

/** The error and its causes, outermost first. */
function causeChain(error: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [];
  for (let current: unknown = error; isErrorLike(current) && chain.length < MAX_CAUSES && !chain.includes(current); current = current.cause) {
    chain.push(current);
  }
  return chain;
}

function isDatabaseErrorItself(error: ErrorLike): boolean {
  return (
    'params' in error || typeof error.query === 'string' || (typeof error.code === 'string' && SQLSTATE.test(error.code) && typeof error.severity === 'string')
  );
}

/** True when the error, or any of its causes, came from a database query. */
export function involvesDatabase(error: unknown): boolean {
  return isErrorLike(error) && causeChain(error).some(isDatabaseErrorItself);
}

function sqlState(error: ErrorLike): string | undefined {
  return typeof error.code === 'string' && SQLSTATE.test(error.code) ? error.code : undefined;
}

/** The message without bound values: Drizzle's parameter list cut off, data-exception quotes masked. */
function safeMessage(error: ErrorLike): string {
  let message = error.message;
  const parameterList = message.indexOf('\nparams: ');
  if ('params' in error && parameterList >= 0) message = message.slice(0, parameterList);
  if (sqlState(error)?.startsWith('22')) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  return message;
}

/** The stack's frames under the safe message: the original first line repeats the message, values and all. */
function safeStack(error: ErrorLike): string {
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [`${error.name}: ${safeMessage(error)}`, ...frames].join('\n');
}

export type LoggableDatabaseError = {
  type: string;
  message: string;
  stack: string;
  /** The SQLSTATE, when the database answered one. */
  code?: string;
  /** The SQL text, with its placeholders ($1, $2, ...), never their values. */
  query?: string;
  /** How many values were bound (not what they were). */
  paramCount?: number;
  severity?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  constraint?: string;
  routine?: string;
};

/** The error (and its causes) reduced to what may be logged; see the file comment for what is dropped. */
export function loggableDatabaseError(error: Error): LoggableDatabaseError {
  const chain = causeChain(error as ErrorLike);
  const first = <T>(read: (e: ErrorLike) => T | undefined): T | undefined => chain.map(read).find((value) => value !== undefined);
  const result: LoggableDatabaseError = {
    type: error.constructor?.name ?? error.name,
    message: chain.map(safeMessage).join(': '),
    stack: chain.map(safeStack).join('\ncaused by: '),
  };
  const code = first(sqlState);
  if (code) result.code = code;
  const query = first((e) => (typeof e.query === 'string' ? e.query : undefined));
  if (query !== undefined) result.query = query;
  const params = first((e) => (Array.isArray(e.params) ? e.params : undefined));
  if (params) result.paramCount = params.length;
  for (const field of IDENTIFYING_FIELDS) {
    const value = first((e) => (typeof e[field] === 'string' ? (e[field] as string) : undefined));
    if (value !== undefined) result[field] = value;
  }
  return result;
}

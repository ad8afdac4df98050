import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { involvesDatabase, loggableDatabaseError } from './loggable-error.ts';

/** A PostgreSQL error as node-postgres and PGlite raise it. */
function databaseError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });
}

describe('loggableDatabaseError', () => {
  it('drops the values a data exception quotes in its message, and the detail that repeats the row', () => {
    const cause = databaseError('invalid input syntax for type uuid: "not-a-uuid-secret"', {
      code: '22P02',
      detail: 'Failing row contains (secret)',
      where: "unnamed portal parameter $1 = '...'",
    });
    const error = new DrizzleQueryError('select "id" from "products" where "id" = $1', ['not-a-uuid-secret'], cause);
    expect(involvesDatabase(error)).toBe(true);
    const logged = loggableDatabaseError(error);
    expect(logged).toMatchObject({ code: '22P02', query: 'select "id" from "products" where "id" = $1', paramCount: 1, severity: 'ERROR' });
    expect(logged.message).toBe('Failed query: select "id" from "products" where "id" = $1: invalid input syntax for type uuid: "[redacted]"');
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('drops the params PGlite attaches to its own errors, keeping their query', () => {
    const error = databaseError('duplicate key value violates unique constraint "api_keys_key_hash_unique"', {
      code: '23505',
      constraint: 'api_keys_key_hash_unique',
      detail: 'Key (key_hash)=(9f86d081884c7d65) already exists.',
      query: 'insert into "api_keys" ("key_hash") values ($1)',
      params: ['9f86d081884c7d65'],
      queryOptions: {},
    });
    const logged = loggableDatabaseError(error);
    expect(logged).toMatchObject({
      code: '23505',
      constraint: 'api_keys_key_hash_unique',
      query: 'insert into "api_keys" ("key_hash") values ($1)',
      paramCount: 1,
    });
    expect(JSON.stringify(logged)).not.toContain('9f86d081884c7d65');
  });

  it('finds a database error wrapped as the cause of another, and leaves other errors alone', () => {
    const query = new DrizzleQueryError('update "accounts" set "name" = $1', ['Private Name'], new Error('Connection terminated unexpectedly'));
    const wrapped = new Error('refund failed', { cause: query });
    expect(involvesDatabase(wrapped)).toBe(true);
    const logged = loggableDatabaseError(wrapped);
    expect(logged.message).toBe('refund failed: Failed query: update "accounts" set "name" = $1: Connection terminated unexpectedly');
    expect(logged.stack).toContain('caused by: Error: Failed query');
    expect(JSON.stringify(logged)).not.toContain('Private Name');
    expect(involvesDatabase(new Error('crawl failed', { cause: new Error('ECONNRESET') }))).toBe(false);
    expect(involvesDatabase('not an error')).toBe(false);
  });
});

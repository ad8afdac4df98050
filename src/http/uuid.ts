import { Type } from 'typebox';

/** A canonical uuid (8-4-4-4-12 hex): anything else cannot name a stored row, so it is a 404, not a database error. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A path id, validated by the route's schema: anything that is not a uuid is
 * refused with 400 and details before the handler runs, so it never reaches
 * the database (where it would be an error, not a miss). One schema for every
 * id in a path.
 */
export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

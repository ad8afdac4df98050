import { Type } from 'typebox';
import { API_KEY_NAME_MAX_LENGTH } from '../api-key-service.ts';

/** The name is trimmed before its length is checked, so the schema bounds the raw value loosely. */
export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH * 4 }),
});

const ApiKeyFields = {
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String({ description: 'The first characters of the key, to tell keys apart.' }),
  createdAt: Type.String({ format: 'date-time' }),
};

export const CreatedApiKeySchema = Type.Object({
  ...ApiKeyFields,
  key: Type.String({ description: 'The secret. Shown this once; only its hash is stored.' }),
});

export const ApiKeyListSchema = Type.Object({
  keys: Type.Array(Type.Object({ ...ApiKeyFields, lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]) })),
});

export { IdParams as ApiKeyParams } from '../../../http/uuid.ts';

export const RevokedSchema = Type.Object({ success: Type.Literal(true) });

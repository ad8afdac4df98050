import { Type } from 'typebox';
import { ACCOUNT_NAME_MAX_LENGTH } from '../account-service.ts';
import { ROLES } from '../../../vocabulary/roles.ts';

export const AccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  kind: Type.Enum(['organization', 'personal']),
  plan: Type.Enum(['free', 'pro', 'business', 'enterprise']),
  role: Type.Enum(ROLES),
  createdAt: Type.String({ format: 'date-time' }),
});

/** The name is trimmed before its length is checked, so the schema bounds the raw value loosely. */
export const RenameAccountBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: ACCOUNT_NAME_MAX_LENGTH * 4 }),
});

export const SuccessSchema = Type.Object({ success: Type.Literal(true) });

export const DeleteAccountBody = Type.Object({
  confirmation: Type.Optional(Type.Unknown()),
});

export const MembersSchema = Type.Object({
  members: Type.Array(
    Type.Object({
      userId: Type.String(),
      role: Type.Enum(ROLES),
      email: Type.Union([Type.String(), Type.Null()]),
      createdAt: Type.String({ format: 'date-time' }),
      /** Owners and admins always hold one; members do in the order they joined, up to the plan's seats. */
      holdsSeat: Type.Boolean(),
    }),
  ),
});

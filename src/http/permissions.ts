/**
 * Role -> permissions (spec part 5). The spec names chat:use (every
 * authenticated user), account:edit (admin and above) and owner-only
 * deletion; the rest of the matrix is ours (docs/DECISIONS.md).
 */
import type { Role } from '../vocabulary/roles.ts';

export const PERMISSIONS = [
  'chat:use',
  'account:edit',
  'account:delete',
  'billing:manage',
  'api_keys:manage',
  'webhooks:manage',
  'sources:manage',
  'moves:approve',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set<Permission>(['chat:use', 'account:edit', 'billing:manage', 'api_keys:manage', 'webhooks:manage', 'sources:manage', 'moves:approve']),
  member: new Set<Permission>(['chat:use']),
};

export function hasPermission(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/**
 * Verified JWT claims -> who is calling. Pure.
 *
 * Identity providers put the organisation in one of two forms: the flat claims
 * `org_id` / `org_role` / `org_slug`, or the compact organisation claim
 * `o: { id, rol, slg }` of current session tokens. Roles arrive with or without
 * an `org:` prefix; the mapping to our three roles is configurable.
 */
import type { JWTPayload } from 'jose';
import { ROLES, type Role } from '../vocabulary/roles.ts';
import { textFault } from '../storable-text.ts';

export interface Identity {
  userId: string;
  email: string | null;
  /** Absent: the user acts in their personal account, which they own. */
  organization: { id: string; role: Role; slug: string | null } | null;
}

const DEFAULT_ROLE_MAP: ReadonlyMap<string, Role> = new Map([
  ['owner', 'owner'],
  ['admin', 'admin'],
  ['member', 'member'],
  ['basic_member', 'member'],
]);

/** Unknown provider roles get the least privilege. */
const FALLBACK_ROLE: Role = 'member';

/**
 * Only own entries count (a provider role named 'constructor' or 'toString'
 * must not find Object.prototype's), and only values that are one of ours.
 */
export function mapRole(providerRole: unknown, extraMap: Record<string, string>): Role {
  if (typeof providerRole !== 'string' || providerRole === '') return FALLBACK_ROLE;
  const unprefixed = providerRole.replace(/^org:/, '');
  const configured = (name: string) => (Object.hasOwn(extraMap, name) ? extraMap[name] : undefined);
  const role = configured(providerRole) ?? configured(unprefixed) ?? DEFAULT_ROLE_MAP.get(unprefixed);
  return isRole(role) ? role : FALLBACK_ROLE;
}

function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/**
 * Null (the token is refused) without a subject, or when a claim the identity
 * keeps holds text the database cannot store: dropping such a claim instead
 * would put an organisation's member in a personal account.
 */
export function identityFromClaims(payload: JWTPayload, roleMap: Record<string, string>): Identity | null {
  if (typeof payload.sub !== 'string' || payload.sub === '') return null;
  const compact = isRecord(payload.o) ? payload.o : null;
  const orgId = stringClaim(payload.org_id) ?? stringClaim(compact?.id);
  const email = stringClaim(payload.email) ?? stringClaim(payload.primary_email) ?? null;
  const slug = stringClaim(payload.org_slug) ?? stringClaim(compact?.slg) ?? null;
  if ([payload.sub, orgId, email, slug].some((kept) => kept != null && textFault(kept) !== null)) return null;
  if (!orgId) return { userId: payload.sub, email, organization: null };
  return {
    userId: payload.sub,
    email,
    organization: { id: orgId, role: mapRole(payload.org_role ?? compact?.rol, roleMap), slug },
  };
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

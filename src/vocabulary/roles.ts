/**
 * The roles a member holds in an account (spec part 2), highest first.
 * Identity reads them from tokens, http checks permissions by them, and the
 * accounts module stores them: so they live here, under all three.
 */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

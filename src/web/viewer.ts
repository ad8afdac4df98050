/** Who is looking at a page: a signed-in member of an account, or a visitor. */
import type { FastifyRequest } from 'fastify';
import type { Role } from '../vocabulary/roles.ts';

export interface Viewer {
  signedIn: boolean;
  email: string | null;
  role: Role | null;
}

const VISITOR: Viewer = { signedIn: false, email: null, role: null };

/** Pages declare `auth: 'page'`: a usable session cookie gives a principal, anything else a visitor. */
export function viewerOf(request: FastifyRequest): Viewer {
  const principal = request.principal;
  return principal ? { signedIn: true, email: principal.email ?? null, role: principal.role } : VISITOR;
}

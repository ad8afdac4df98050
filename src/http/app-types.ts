import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
// Type augmentations: request.cookies, and the `hide`/`tags` schema keys of the API document.
import type {} from '@fastify/cookie';
import type {} from '@fastify/swagger';
import type { Role } from '../vocabulary/roles.ts';
import type { Identity } from '../identity/claims.ts';
import type { Permission } from './permissions.ts';
import type { ApiError } from './errors.ts';

/** The Fastify instance every route registers on: TypeBox types request and reply. */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

/** The authenticated caller, in our terms. */
export interface Principal {
  /** The identity provider's subject, or `api_key:<id>` for an API key. */
  userId: string;
  accountId: string;
  role: Role;
  email: string | null;
  method: 'session' | 'bearer' | 'api_key';
  apiKeyId: string | null;
}

/**
 * public: no credentials looked at. optional: a credential is verified when
 * present (an invalid one is refused), anonymous callers pass. required: 401
 * without a valid credential. page: an HTML page that greets a signed-in
 * visitor by the session cookie, where an expired or unusable session is
 * simply a visitor (a page must not answer 401 JSON). Every /api route must
 * declare one.
 */
export type AuthMode = 'public' | 'optional' | 'required' | 'page';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    permission?: Permission;
    /**
     * The route starts an erased identity over: its caller's account may be
     * gone, and the verified identity is handed to the route instead of a 404.
     */
    startsOver?: boolean;
    /**
     * The route acts for the verified person, whatever account their
     * session would resolve to (accepting an invitation: a removed person
     * must reach it). Session or JWT only, never an API key; no permission.
     */
    identityOnly?: boolean;
    /**
     * An HTML page's answers, for the API document: declared here, not as a
     * response schema, which would make Fastify serialize the page.
     */
    pageResponses?: Record<number, unknown>;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** On a `startsOver` route: the verified identity whose account was erased. */
    erasedIdentity: Identity | null;
    /** On an `identityOnly` route: the verified identity, its account not resolved. */
    verifiedIdentity: Identity | null;
    /** On an HTML page: why a valid session was refused (a member without a seat); null otherwise. */
    pageRefusal: ApiError | null;
  }
}

import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { AccountService } from '../account-service.ts';
import { MembersSchema } from './account-schemas.ts';

/** GET /api/account/members (our addition): the team and each member's role. */
export function registerListMembers(app: App, deps: { accounts: AccountService }): void {
  app.get(
    '/api/account/members',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Account'],
        summary: "The account's members and their roles",
        response: { 200: MembersSchema, ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const members = await deps.accounts.members(principal.accountId);
      return { members: members.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
    },
  );
}

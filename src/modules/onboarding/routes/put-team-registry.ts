import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { ApiError, errorResponses, invalidBody, type FieldProblem } from '../../../http/errors.ts';
import { FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';
import type { FunctionOwners, OnboardingService } from '../onboarding-service.ts';
import { ProductParams, PutRegistryBody, RegistryEntrySchema, registryEntryView } from './onboarding-schemas.ts';

const isFunction = (key: string): key is ProductFunction => (FUNCTIONS as readonly string[]).includes(key);

/**
 * PUT /api/team-registry/<productId>: names the owners of the product's
 * functions, replacing the ones named before (a function left out has no
 * owner afterwards). The first time one product has an owner for all six,
 * the org map milestone is complete. Admin and above. In read-only mode it
 * is refused once the org map is complete, not before: it is how that
 * milestone is completed.
 */
export function registerPutTeamRegistry(app: App, deps: { onboarding: OnboardingService }): void {
  app.put(
    '/api/team-registry/:productId',
    {
      config: { auth: 'required', permission: 'account:edit', whenReadOnly: 'allow-toward-org-map' },
      schema: {
        tags: ['Lifecycle'],
        summary: "Name the owners of a product's functions",
        params: ProductParams,
        body: PutRegistryBody,
        response: { 200: RegistryEntrySchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN', 'NOT_FOUND', 'ACCOUNT_READ_ONLY') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const problems: FieldProblem[] = [];
      const owners: FunctionOwners = {};
      for (const [key, owner] of Object.entries(request.body.owners)) {
        if (!isFunction(key)) {
          problems.push({ field: `body.owners.${key}`, message: `is not a function; the functions are ${FUNCTIONS.join(', ')}` });
          continue;
        }
        const name = owner.name.trim();
        if (!name) problems.push({ field: `body.owners.${key}.name`, message: 'is blank' });
        owners[key] = { name, email: owner.email ?? null };
      }
      if (problems.length > 0) throw invalidBody(problems);
      const entry = await deps.onboarding.setOwners(principal.accountId, request.params.productId, owners);
      if (!entry) throw new ApiError('NOT_FOUND', { message: 'No such product in this account.' });
      return registryEntryView(entry);
    },
  );
}

/** GET /api/signal-types: the custom.<metric> types the account declared (the listed ones are in the metadata). */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses } from '../../../http/errors.ts';
import type { SignalService } from '../signal-service.ts';
import { CustomTypeSchema, customTypeJson } from './signal-schemas.ts';

export function registerListSignalTypes(app: App, deps: { signals: SignalService }): void {
  app.get(
    '/api/signal-types',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['Signals'],
        summary: "The account's declared custom signal types",
        response: { 200: Type.Object({ customTypes: Type.Array(CustomTypeSchema) }), ...errorResponses('AUTH_REQUIRED') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return { customTypes: (await deps.signals.customTypes(principal.accountId)).map(customTypeJson) };
    },
  );
}

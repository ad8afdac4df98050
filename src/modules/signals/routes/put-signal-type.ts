/** PUT /api/signal-types/<type>: declares (or redefines) a custom.<metric> type the account may push; admin and above. */
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { requirePrincipal } from '../../../http/authentication.ts';
import { errorResponses, invalidBody } from '../../../http/errors.ts';
import { CUSTOM_SIGNAL_TYPE } from '../../../framework/measured-signals.ts';
import type { SignalService } from '../signal-service.ts';
import { CustomTypeSchema, customTypeJson } from './signal-schemas.ts';

export function registerPutSignalType(app: App, deps: { signals: SignalService }): void {
  app.put(
    '/api/signal-types/:type',
    {
      config: { auth: 'required', permission: 'sources:manage' },
      schema: {
        tags: ['Signals'],
        summary: 'Declare a custom.<metric> signal type',
        params: Type.Object({ type: Type.String({ pattern: CUSTOM_SIGNAL_TYPE.source }) }),
        body: Type.Object({
          unit: Type.String({ minLength: 1, maxLength: 40 }),
          description: Type.String({ minLength: 1, maxLength: 300 }),
          minimum: Type.Optional(Type.Number()),
          maximum: Type.Optional(Type.Number()),
        }),
        response: { 200: CustomTypeSchema, ...errorResponses('INVALID_REQUEST', 'AUTH_REQUIRED', 'FORBIDDEN') },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { unit, description, minimum = null, maximum = null } = request.body;
      if (minimum !== null && maximum !== null && minimum > maximum) throw invalidBody([{ field: 'body.minimum', message: 'is above body.maximum' }]);
      return customTypeJson(await deps.signals.declareCustomType(principal.accountId, { type: request.params.type, unit, description, minimum, maximum }));
    },
  );
}

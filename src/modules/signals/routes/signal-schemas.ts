/** Schemas of /api/signals and /api/signal-types. */
import { Type, type Static } from 'typebox';
import type { CustomSignalType, SignalRow } from '../signal-service.ts';

export const SignalSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  value: Type.Number(),
  observedAt: Type.String({ format: 'date-time' }),
  productId: Type.Union([Type.String(), Type.Null()]),
  source: Type.String({ description: 'github, linear, or push' }),
  scope: Type.Union([Type.String(), Type.Null()], { description: 'Repository or team measured' }),
  periodStart: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  periodEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  link: Type.Union([Type.String(), Type.Null()]),
  clientId: Type.Union([Type.String(), Type.Null()]),
});
export type SignalJson = Static<typeof SignalSchema>;

export function signalJson(row: SignalRow): SignalJson {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    observedAt: row.observedAt.toISOString(),
    productId: row.productId,
    source: row.source,
    scope: row.scope,
    periodStart: row.periodStart?.toISOString() ?? null,
    periodEnd: row.periodEnd?.toISOString() ?? null,
    link: row.link,
    clientId: row.clientId,
  };
}

export const CustomTypeSchema = Type.Object({
  type: Type.String(),
  unit: Type.String(),
  description: Type.String(),
  minimum: Type.Union([Type.Number(), Type.Null()]),
  maximum: Type.Union([Type.Number(), Type.Null()]),
});

export function customTypeJson(row: CustomSignalType): Static<typeof CustomTypeSchema> {
  return { type: row.type, unit: row.unit, description: row.description, minimum: row.minimum, maximum: row.maximum };
}

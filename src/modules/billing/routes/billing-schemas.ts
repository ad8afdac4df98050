import { Type } from 'typebox';
import { PAID_PLANS, SCORE_PACK_NAMES } from '../../../vocabulary/plans.ts';

/** Exactly one of the two (checked in the route, for a message that names both). */
export const CheckoutBody = Type.Object(
  {
    plan: Type.Optional(Type.Enum(PAID_PLANS, { description: 'A plan to subscribe to.' })),
    pack: Type.Optional(Type.Enum(SCORE_PACK_NAMES, { description: 'A score pack to buy (paid plans only).' })),
  },
  { additionalProperties: false },
);

export const CheckoutResponse = Type.Object({
  url: Type.String({ format: 'uri', description: 'Where to send the buyer.' }),
});

export const WebhookResponse = Type.Object({
  received: Type.Literal(true),
  outcome: Type.Enum(['applied', 'duplicate', 'ignored', 'held'], {
    description: '`held`: for a customer or subscription no account is known by yet; kept, and applied in order once one is.',
  }),
});

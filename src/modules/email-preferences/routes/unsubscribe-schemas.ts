import { Type } from 'typebox';
import { OPT_OUT_CATEGORIES, TRANSACTIONAL_CATEGORIES } from '../../../vocabulary/mail-categories.ts';
import type { PreferenceState } from '../email-preferences.ts';

/** Optional in the schema so that a missing token gets the spec's own message ('Token required'), not a schema error. */
export const TokenQuery = Type.Object({
  token: Type.Optional(Type.String({ description: 'The token from a mail we sent.' })),
});

/** Categories are checked in the route, so that an unknown one is named in the answer. */
const CategoryList = (description: string) => Type.Optional(Type.Array(Type.String(), { maxItems: 50, description }));

export const UnsubscribeBody = Type.Object({
  token: Type.Optional(Type.String({ description: 'Required: the token from a mail we sent.' })),
  categories: CategoryList(`Categories to opt out of: ${OPT_OUT_CATEGORIES.join(', ')}.`),
  all: Type.Optional(Type.Boolean({ description: 'true opts out of every marketing category; transactional mail is still sent.' })),
  subscribe: CategoryList('Categories to opt back into (our addition: the preference page needs a way back).'),
});

export const PreferenceStateSchema = Type.Object({
  email: Type.String({ description: 'The address the token belongs to.' }),
  subscriptions: Type.Object(
    Object.fromEntries(OPT_OUT_CATEGORIES.map((category) => [category, Type.Boolean()])) as Record<
      (typeof OPT_OUT_CATEGORIES)[number],
      ReturnType<typeof Type.Boolean>
    >,
    { description: 'Each category the recipient may opt out of: true while subscribed.' },
  ),
  transactional: Type.Array(Type.String(), { description: 'Categories always sent (account, billing, security).' }),
});

export function preferenceStateBody(state: PreferenceState) {
  return { email: state.email, subscriptions: state.subscriptions, transactional: [...TRANSACTIONAL_CATEGORIES] };
}

export const OneClickQuery = Type.Object({
  token: Type.Optional(Type.String()),
  category: Type.Optional(Type.String()),
});

/** RFC 8058: the mailbox provider posts exactly List-Unsubscribe=One-Click. */
export const OneClickForm = Type.Object({
  'List-Unsubscribe': Type.Optional(Type.String()),
});

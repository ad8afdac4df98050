/**
 * The unsubscribe endpoints' errors, with the spec's exact messages (part 7):
 * an unknown, aged-out or mistyped token is one answer, so nobody learns
 * whether an address is behind it.
 */
import { ApiError, invalidBody, type FieldProblem } from '../../../http/errors.ts';
import { isOptOutCategory, OPT_OUT_CATEGORIES, TRANSACTIONAL_CATEGORIES, type OptOutCategory } from '../../../vocabulary/mail-categories.ts';

export const TOKEN_REQUIRED_MESSAGE = 'Token required';
export const TOKEN_INVALID_MESSAGE = 'Token invalid';

export function tokenRequired(): ApiError {
  return new ApiError('INVALID_REQUEST', { message: TOKEN_REQUIRED_MESSAGE });
}

export function tokenInvalid(): ApiError {
  return new ApiError('NOT_FOUND', { message: TOKEN_INVALID_MESSAGE });
}

/** The token, or 400 'Token required' when it is missing or empty. */
export function requireToken(token: string | undefined): string {
  if (token === undefined || token.trim() === '') throw tokenRequired();
  return token.trim();
}

/** What is wrong with a category name, or null when one may opt out of it. */
export function categoryProblem(category: string, field: string): FieldProblem | null {
  if (isOptOutCategory(category)) return null;
  if ((TRANSACTIONAL_CATEGORIES as readonly string[]).includes(category)) {
    return { field, message: `is "${category}", transactional mail, which is always sent and cannot be opted out of` };
  }
  return { field, message: `is "${category}", not a category (one of: ${OPT_OUT_CATEGORIES.join(', ')})` };
}

/** The listed categories, or 400 INVALID_REQUEST naming each one that is not an opt-out category. */
export function requireCategories(categories: readonly string[] | undefined, field: string): OptOutCategory[] {
  const list = categories ?? [];
  const problems = list.flatMap((category, index) => categoryProblem(category, `${field}.${index}`) ?? []);
  if (problems.length > 0) throw invalidBody(problems, field.split('.')[0]);
  return [...new Set(list)] as OptOutCategory[];
}

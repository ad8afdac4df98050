/**
 * What refuses any of the app's HTML forms (the product page's goal and
 * cadence forms, the anomaly and move buttons) before their fields are read:
 * an expired form (the CSRF token: another site could post it in a member's
 * name otherwise), or an account the trial left read-only, which the API
 * refuses the same writes (whenReadOnly: 'refuse').
 */
import type { AppPageDeps, AppVisit } from './app-visit.ts';

export async function formRefusal(
  deps: Pick<AppPageDeps, 'onboarding'>,
  visit: AppVisit,
  csrf: string | undefined,
  validCsrf: (token: string | undefined) => boolean,
): Promise<{ status: number; message: string } | null> {
  if (!validCsrf(csrf)) return { status: 403, message: 'The form expired. Nothing was changed: try again.' };
  const readOnly = await deps.onboarding.writeRefusal({ accountId: visit.account.id, role: visit.principal.role }, 'refuse');
  // The API's message; its advice names API routes, and the page's read-only banner already says what lifts it, in words.
  if (readOnly) return { status: 403, message: readOnly.message };
  return null;
}

/**
 * The key a recipient's preferences are kept under: the address trimmed and
 * lower-cased. The local part is case-sensitive in theory and never in
 * practice; folding it means an opt-out made as Alice@ also holds for alice@,
 * which errs on the side of sending less.
 */
export function normaliseAddress(email: string): string {
  return email.trim().toLowerCase();
}

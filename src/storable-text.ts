/**
 * Text the database can store. PostgreSQL refuses a NUL character in text and
 * in jsonb, and a string holding an unpaired UTF-16 surrogate is not Unicode:
 * it has no UTF-8 form (node-postgres would quietly store U+FFFD instead, and
 * jsonb refuses the `\ud800` escape JSON.stringify writes for it). Input with
 * either is refused where it enters: request fields (http/request-content.ts)
 * and token claims (identity/claims.ts).
 */
export type TextFault = 'nul' | 'unpaired_surrogate';

export function textFault(value: string): TextFault | null {
  if (value.includes('\u0000')) return 'nul';
  if (!value.isWellFormed()) return 'unpaired_surrogate';
  return null;
}

export const TEXT_FAULT_MESSAGES: Record<TextFault, string> = {
  nul: 'contains a NUL character',
  unpaired_surrogate: 'contains an unpaired surrogate (not valid Unicode)',
};

/** The text with each NUL and unpaired surrogate shown as U+FFFD, to name it safely (in an error, a log). */
export function printable(value: string): string {
  return value.replaceAll('\u0000', '\ufffd').toWellFormed();
}

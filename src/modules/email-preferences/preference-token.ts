/**
 * Preference tokens: 32 random bytes in base64url (256 bits: nothing to
 * guess), one minted for each mail, stored as a plain SHA-256 for the reasons
 * API keys are (api-keys/api-key-secret.ts): a unique index finds the token's
 * recipient, and a copy of the database holds nothing a link could be made of.
 */
import crypto from 'node:crypto';

const TOKEN_BYTES = 32;

/**
 * A mail's links stop working this long after the mail was sent: long enough
 * for a yearly mail's link to still work, short enough that an old forwarded
 * or archived mail does not control someone's mail for ever. Each mail
 * carries a fresh token, so a recipient who still gets mail always holds a
 * working link.
 */
export const TOKEN_AGE_DAYS = 365;
export const TOKEN_AGE_MS = TOKEN_AGE_DAYS * 24 * 60 * 60 * 1000;

export function generatePreferenceToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashPreferenceToken(token) };
}

export function hashPreferenceToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * API key secrets: `msk_` and 32 random bytes in base64url (256 bits), so a
 * key can never be mistaken for a JWT (no dots) and cannot be guessed.
 *
 * Stored as a plain SHA-256, not a slow password hash: a slow hash defends
 * low-entropy secrets against guessing, and a 256-bit random key has
 * nothing to guess, while a fast, deterministic hash lets every request
 * find its key through a unique index instead of trying each stored hash.
 */
import crypto from 'node:crypto';

export const API_KEY_MARKER = 'msk_';
const SECRET_BYTES = 32;
/** Characters shown to tell keys apart: the marker and 8 of the secret (48 bits; not enough to use). */
const PREFIX_LENGTH = API_KEY_MARKER.length + 8;

export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): NewApiKey {
  const key = `${API_KEY_MARKER}${crypto.randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

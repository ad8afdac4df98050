/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are
 * `whsec_` + base64 of random bytes; a message is signed as
 * `v1,<base64 HMAC-SHA256 of "<msg id>.<unix seconds>.<body>">` keyed with
 * the secret's decoded bytes. During a rotation's overlap both the new and
 * the old secret sign, space-separated, so a receiver holding either verifies.
 */
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function signatureFor(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const digest = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three Standard Webhooks headers for one attempt; `secrets` newest first. */
export function signedHeaders(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => signatureFor(secret, messageId, timestampSeconds, body)).join(' '),
  };
}

/**
 * The payment webhook signature (spec part 6): `Payment-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the provider's
 * scheme. Several v1 values may be present (the provider signs with every
 * active secret while one is rolled), and we may hold several secrets: any
 * pair that matches is enough. The timestamp must be within five minutes
 * either way of our clock; the signed timestamp is what stops a captured
 * delivery being replayed later.
 */
import crypto from 'node:crypto';

/** Part 6 / issue 4: timestamps older than 300 s, or more than 300 s in the future, are refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const SIGNATURE_SCHEME = 'v1';
const SHA256_HEX_LENGTH = 64;

export type SignatureRefusal = 'missing_header' | 'malformed_header' | 'no_matching_signature' | 'timestamp_out_of_tolerance';
export type SignatureCheck = { ok: true } | { ok: false; reason: SignatureRefusal };

export interface SignatureInput {
  header: string | undefined;
  /** The body exactly as received: a re-serialised body would not match. */
  rawBody: Buffer;
  secrets: readonly string[];
  now: Date;
}

export function verifyPaymentSignature(input: SignatureInput): SignatureCheck {
  if (!input.header) return { ok: false, reason: 'missing_header' };
  const parsed = parseHeader(input.header);
  if (!parsed) return { ok: false, reason: 'malformed_header' };
  const candidates = parsed.signatures.map((hex) => Buffer.from(hex, 'hex'));
  const matched = input.secrets.some((secret) => {
    const expected = hmac(secret, parsed.timestamp, input.rawBody);
    // Every candidate is compared in constant time; lengths are fixed by parseHeader.
    return candidates.map((candidate) => crypto.timingSafeEqual(candidate, expected)).includes(true);
  });
  if (!matched) return { ok: false, reason: 'no_matching_signature' };
  const ageSeconds = Math.floor(input.now.getTime() / 1000) - Number(parsed.timestamp);
  if (Math.abs(ageSeconds) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp_out_of_tolerance' };
  return { ok: true };
}

/** The header value for `rawBody` signed with `secret` at `timestampSeconds` (the local provider signs its events with it). */
export function paymentSignatureHeader(rawBody: Buffer, secret: string, timestampSeconds: number): string {
  const timestamp = String(timestampSeconds);
  return `t=${timestamp},${SIGNATURE_SCHEME}=${hmac(secret, timestamp, rawBody).toString('hex')}`;
}

function hmac(secret: string, timestamp: string, rawBody: Buffer): Buffer {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** `t` once, as digits; every well-formed v1 value. Other schemes (v0) are ignored. */
function parseHeader(header: string): { timestamp: string; signatures: string[] } | null {
  let timestamp: string | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const separator = item.indexOf('=');
    if (separator < 0) continue;
    const key = item.slice(0, separator).trim();
    const value = item.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== null || !/^\d{1,12}$/.test(value)) return null;
      timestamp = value;
    } else if (key === SIGNATURE_SCHEME && value.length === SHA256_HEX_LENGTH && /^[0-9a-f]+$/i.test(value)) {
      signatures.push(value);
    }
  }
  if (timestamp === null || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/** Our verification against headers made by the provider's own SDK (test/fakes/payment-events.ts). */
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../test/fakes/payment-events.ts';
import { paymentSignatureHeader, SIGNATURE_TOLERANCE_SECONDS, verifyPaymentSignature } from './payment-signature.ts';

const SECRET = 'whsec_current';
const OLD_SECRET = 'whsec_previous';
const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.payment_succeeded', created: 1, data: { object: {} } });
const now = new Date('2026-05-01T12:00:00.000Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

function verify(header: string | undefined, options: { rawBody?: string; secrets?: string[]; at?: Date } = {}) {
  return verifyPaymentSignature({
    header,
    rawBody: Buffer.from(options.rawBody ?? body),
    secrets: options.secrets ?? [SECRET],
    now: options.at ?? now,
  });
}

describe('verifyPaymentSignature', () => {
  it('accepts a header the provider SDK made for the exact bytes', () => {
    expect(verify(signatureHeader(body, { secret: SECRET, timestamp: nowSeconds }))).toEqual({ ok: true });
  });

  it('refuses a tampered body under a valid header, even one that parses to the same JSON', () => {
    const header = signatureHeader(body, { secret: SECRET, timestamp: nowSeconds });
    expect(verify(header, { rawBody: body.replace('invoice.payment_succeeded', 'invoice.payment_failed') })).toEqual({
      ok: false,
      reason: 'no_matching_signature',
    });
    expect(verify(header, { rawBody: JSON.stringify(JSON.parse(body), null, 1) })).toMatchObject({ ok: false });
  });

  it('accepts timestamps up to 300 s either way and refuses stale and future ones', () => {
    for (const offset of [-SIGNATURE_TOLERANCE_SECONDS, SIGNATURE_TOLERANCE_SECONDS]) {
      expect(verify(signatureHeader(body, { secret: SECRET, timestamp: nowSeconds + offset })), String(offset)).toEqual({ ok: true });
    }
    for (const offset of [-SIGNATURE_TOLERANCE_SECONDS - 1, SIGNATURE_TOLERANCE_SECONDS + 1, -86_400]) {
      expect(verify(signatureHeader(body, { secret: SECRET, timestamp: nowSeconds + offset })), String(offset)).toEqual({
        ok: false,
        reason: 'timestamp_out_of_tolerance',
      });
    }
  });

  it('refuses a header that carries only the legacy v0 scheme', () => {
    expect(verify(signatureHeader(body, { secret: SECRET, timestamp: nowSeconds, scheme: 'v0' }))).toEqual({ ok: false, reason: 'malformed_header' });
  });

  it('accepts any of several v1 values and any of several configured secrets (rotation)', () => {
    const signedWithOld = signatureHeader(body, { secret: OLD_SECRET, timestamp: nowSeconds });
    const signedWithNew = signatureHeader(body, { secret: SECRET, timestamp: nowSeconds });
    const both = `${signedWithOld},v1=${signedWithNew.split('v1=')[1]}`;
    expect(verify(both, { secrets: [SECRET] })).toEqual({ ok: true });
    expect(verify(signedWithOld, { secrets: [SECRET, OLD_SECRET] })).toEqual({ ok: true });
    expect(verify(signedWithOld, { secrets: [SECRET] })).toEqual({ ok: false, reason: 'no_matching_signature' });
  });

  it('refuses missing and malformed headers', () => {
    expect(verify(undefined)).toEqual({ ok: false, reason: 'missing_header' });
    const valid = signatureHeader(body, { secret: SECRET, timestamp: nowSeconds });
    const signature = valid.split('v1=')[1]!;
    for (const header of [
      '',
      'garbage',
      `v1=${signature}`,
      `t=abc,v1=${signature}`,
      `t=${nowSeconds},t=${nowSeconds},v1=${signature}`,
      `t=${nowSeconds},v1=${signature.slice(2)}`,
    ]) {
      expect(verify(header).ok, header).toBe(false);
    }
  });

  it('signs the way the provider does (the local provider uses it)', () => {
    expect(paymentSignatureHeader(Buffer.from(body), SECRET, nowSeconds)).toBe(signatureHeader(body, { secret: SECRET, timestamp: nowSeconds }));
  });
});

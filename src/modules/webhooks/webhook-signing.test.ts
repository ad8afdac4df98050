/** Our Standard Webhooks signing, checked by the reference library. */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signedHeaders } from './webhook-signing.ts';

const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-11-25T00:00:00.000Z', data: { hello: 'world' } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('signs so that the reference library verifies it', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders([secret], 'msg_1', nowSeconds(), body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is refused by the library for another secret, another body or another id', () => {
    const secret = generateWebhookSecret();
    const headers = signedHeaders([secret], 'msg_1', nowSeconds(), body);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
  });

  it('signs with both secrets during a rotation, each verifying on its own', () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signedHeaders([current, previous], 'msg_1', nowSeconds(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenCipher } from './token-cipher.ts';

const oldKey = { id: 'k1', key: crypto.randomBytes(32) };
const newKey = { id: 'k2', key: crypto.randomBytes(32) };

describe('TokenCipher', () => {
  it('seals without showing the token and opens it again', () => {
    const cipher = new TokenCipher([oldKey]);
    const sealed = cipher.seal('gho_secret_token');
    expect(sealed).not.toContain('gho_secret_token');
    expect(sealed.startsWith('k1.')).toBe(true);
    expect(cipher.open(sealed)).toBe('gho_secret_token');
    expect(cipher.seal('gho_secret_token')).not.toBe(sealed);
  });

  it('after a rotation seals with the new key and still opens what the old one sealed', () => {
    const before = new TokenCipher([oldKey]).seal('lin_oauth_1');
    const rotated = new TokenCipher([newKey, oldKey]);
    expect(rotated.open(before)).toBe('lin_oauth_1');
    expect(rotated.seal('x').startsWith('k2.')).toBe(true);
    expect(() => new TokenCipher([newKey]).open(before)).toThrow(/unknown key/);
  });

  it('refuses an altered value and a value relabelled with another key id', () => {
    const cipher = new TokenCipher([newKey, oldKey]);
    const sealed = cipher.seal('token');
    const [, iv, tag, data] = sealed.split('.');
    expect(() => cipher.open(`k1.${iv}.${tag}.${data}`)).toThrow();
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.open(`k2.${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow();
  });
});

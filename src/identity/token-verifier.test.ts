import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createTokenVerifier, looksLikeJwt } from './token-verifier.ts';

/** An external identity provider: RS256 keys behind a JWKS endpoint on 127.0.0.1. */
let server: http.Server;
let jwksUrl: string;
let providerKey: CryptoKey;
const KID = 'provider-key-1';
const ISSUER = 'https://identity.example.test';
let jwksRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  providerKey = pair.privateKey;
  const jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] };
  server = http.createServer((_req, res) => {
    jwksRequests++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const clock = new ManualClock('2026-06-01T12:00:00Z');
const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

function verifier(extra: Record<string, string> = {}) {
  const config = loadConfig({ IDENTITY_JWKS_URL: jwksUrl, IDENTITY_ISSUER: ISSUER, ...extra });
  return createTokenVerifier(config.identity, null, clock);
}

function token(claims: Record<string, unknown> = {}, options: { kid?: string; iat?: number; exp?: number; nbf?: number } = {}) {
  const iat = options.iat ?? nowSeconds();
  const jwt = new SignJWT({ org_id: 'org_ext', org_role: 'org:admin', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID })
    .setSubject('user_ext')
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 300);
  if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
  return jwt.sign(providerKey);
}

describe('token verifier against an external JWKS', () => {
  it('accepts a valid provider token and reads its organisation', async () => {
    expect(await verifier().verify(await token())).toEqual({ userId: 'user_ext', email: null, organization: { id: 'org_ext', role: 'admin', slug: null } });
    expect(jwksRequests).toBeGreaterThan(0);
  });

  it('allows a few seconds of clock skew on exp and nbf, and no more', async () => {
    const skew = 5;
    const expiredJustNow = await token({}, { iat: nowSeconds() - 600, exp: nowSeconds() - skew + 1 });
    const expiredLongAgo = await token({}, { iat: nowSeconds() - 600, exp: nowSeconds() - skew - 1 });
    const notBeforeSoon = await token({}, { nbf: nowSeconds() + skew - 1 });
    const notBeforeLater = await token({}, { nbf: nowSeconds() + skew + 60 });
    const v = verifier({ IDENTITY_CLOCK_SKEW_SECONDS: String(skew) });
    expect(await v.verify(expiredJustNow)).not.toBeNull();
    expect(await v.verify(expiredLongAgo)).toBeNull();
    expect(await v.verify(notBeforeSoon)).not.toBeNull();
    expect(await v.verify(notBeforeLater)).toBeNull();
  });

  it('refuses unknown key ids, tampered signatures and tampered payloads', async () => {
    const v = verifier();
    expect(await v.verify(await token({}, { kid: 'unknown-kid' }))).toBeNull();
    const valid = await token();
    const [header, payload, signature] = valid.split('.');
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
    expect(await v.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), org_role: 'org:owner' })).toString(
      'base64url',
    );
    expect(await v.verify(`${header}.${forgedPayload}.${signature}`)).toBeNull();
  });

  it('checks the audience when one is configured', async () => {
    const v = verifier({ IDENTITY_AUDIENCE: 'maturity-api' });
    expect(await v.verify(await token({ aud: 'maturity-api' }))).not.toBeNull();
    expect(await v.verify(await token({ aud: 'another-api' }))).toBeNull();
    expect(await v.verify(await token())).toBeNull();
  });

  it('requires azp to be one of the authorised parties, as a string, when parties are configured', async () => {
    const v = verifier({ IDENTITY_AUTHORIZED_PARTIES: 'https://app.example.test,https://admin.example.test' });
    expect(await v.verify(await token({ azp: 'https://app.example.test' }))).not.toBeNull();
    expect(await v.verify(await token({ azp: 'https://evil.example.test' }))).toBeNull();
    // Not a string: an array naming a party, or a party hidden in one, an object, a number, an empty string.
    for (const azp of [['https://evil.example.test'], ['https://app.example.test'], { origin: 'https://app.example.test' }, 1, '']) {
      expect(await v.verify(await token({ azp })), JSON.stringify(azp)).toBeNull();
    }
    // Missing: the token names no party, so it cannot be one of them.
    expect(await v.verify(await token())).toBeNull();
  });

  it('reads no azp at all when no parties are configured', async () => {
    const v = verifier({});
    expect(await v.verify(await token())).not.toBeNull();
    expect(await v.verify(await token({ azp: ['https://evil.example.test'] }))).not.toBeNull();
  });

  it('refuses alg none and HMAC tokens outright', async () => {
    const v = verifier();
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'user_ext', iss: ISSUER, iat: nowSeconds(), exp: nowSeconds() + 300 };
    expect(await v.verify(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`)).toBeNull();
    const hmac = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: KID })
      .setSubject('user_ext')
      .setIssuer(ISSUER)
      .setIssuedAt(nowSeconds())
      .setExpirationTime(nowSeconds() + 300)
      .sign(new TextEncoder().encode('a-shared-secret-of-sufficient-length'));
    expect(await v.verify(hmac)).toBeNull();
  });
});

describe('looksLikeJwt', () => {
  it('tells a compact JWS from an API key', () => {
    expect(looksLikeJwt('eyJh.eyJz.c2ln')).toBe(true);
    expect(looksLikeJwt('mk_live_abcdef0123456789')).toBe(false);
    expect(looksLikeJwt('a.b')).toBe(false);
  });
});

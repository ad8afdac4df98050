/**
 * The built-in development identity provider: an ES256 key pair generated on
 * first use in DATA_DIR, its JWKS, and token signing. It stands in for the
 * external provider when IDENTITY_JWKS_URL is unset, so a newcomer can sign in
 * locally; `npx maturity token` signs with the same key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// The entry points it uses, not jose's index: `maturity token` loads a third of the files.
import type { CryptoKey, JWK } from 'jose';
import { exportJWK } from 'jose/key/export';
import { generateKeyPair } from 'jose/key/generate/keypair';
import { importJWK } from 'jose/key/import';
import { SignJWT } from 'jose/jwt/sign';
import type { Role } from '../vocabulary/roles.ts';

const ALGORITHM = 'ES256';
const KEY_FILE = 'dev-identity-key.json';

export interface DevSigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** Loads the key pair from DATA_DIR/identity, generating it on first use. */
export async function loadOrCreateDevKey(dataDir: string): Promise<DevSigningKey> {
  const dir = path.join(dataDir, 'identity');
  const file = path.join(dir, KEY_FILE);
  let stored: StoredKey;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
  } else {
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = crypto.randomUUID();
    stored = {
      kid,
      privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM, use: 'sig' },
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' },
    };
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Write then link, so processes starting together never read half a file. The temporary name is
    // random, not the pid: instances in separate containers sharing DATA_DIR may all run as pid 1.
    const temporary = `${file}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(stored), { mode: 0o600 });
    try {
      fs.linkSync(temporary, file);
    } catch {
      // Another process created it first: use theirs.
    } finally {
      fs.unlinkSync(temporary);
    }
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
  }
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, ALGORITHM)) as CryptoKey,
    publicJwk: stored.publicJwk,
  };
}

export interface DevTokenClaims {
  sub: string;
  account?: string;
  role?: Role;
  email?: string;
  ttlSeconds?: number;
}

export const DEFAULT_DEV_TOKEN_TTL_SECONDS = 3600;

export async function signDevToken(key: DevSigningKey, issuer: string, claims: DevTokenClaims, now: Date = new Date()): Promise<string> {
  const payload: Record<string, unknown> = {};
  if (claims.email) payload.email = claims.email;
  if (claims.account) {
    payload.org_id = claims.account;
    payload.org_role = `org:${claims.role ?? 'member'}`;
  }
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + (claims.ttlSeconds ?? DEFAULT_DEV_TOKEN_TTL_SECONDS))
    .sign(key.privateKey);
}

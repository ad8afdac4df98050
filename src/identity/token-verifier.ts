/**
 * Verifies identity-provider JWTs: signature against a JWKS (remote, or the
 * development provider's), issuer, optional audience, exp/nbf with a small
 * clock skew, and, when authorised parties are configured, an `azp` that
 * is one of them.
 * Only asymmetric algorithms are accepted: `alg: none` and HMAC are refused
 * (an HMAC "key" would be the public key, a classic forgery).
 */
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../config.ts';
import type { Clock } from '../clock.ts';
import { identityFromClaims, type Identity } from './claims.ts';
import type { DevSigningKey } from './dev-identity.ts';

export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

export interface TokenVerifier {
  /** The identity in a valid token, or null for any invalid one (the reason is logged, not returned). */
  verify(token: string): Promise<Identity | null>;
}

export function createTokenVerifier(
  identity: Config['identity'],
  devKey: DevSigningKey | null,
  clock: Clock,
  onRejected: (reason: string) => void = () => {},
): TokenVerifier {
  let keySet: JWTVerifyGetKey;
  if (identity.jwksUrl) {
    keySet = createRemoteJWKSet(new URL(identity.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 });
  } else if (devKey) {
    keySet = createLocalJWKSet({ keys: [devKey.publicJwk] });
  } else {
    throw new Error('Either IDENTITY_JWKS_URL or the development identity key is needed');
  }
  const authorizedParties = new Set(identity.authorizedParties);

  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms: ACCEPTED_ALGORITHMS,
          issuer: identity.issuer,
          ...(identity.audience ? { audience: identity.audience } : {}),
          clockTolerance: identity.clockSkewSeconds,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp'],
        });
        // With parties configured, the token must name one of them, as a string: an array, a
        // missing claim or any other shape names none.
        if (authorizedParties.size > 0 && (typeof payload.azp !== 'string' || !authorizedParties.has(payload.azp))) {
          onRejected(`azp ${JSON.stringify(payload.azp) ?? '(missing)'} is not an authorised party`);
          return null;
        }
        const result = identityFromClaims(payload, identity.roleMap);
        if (!result) onRejected('token has no subject');
        return result;
      } catch (error) {
        onRejected(error instanceof Error ? `${error.name}: ${error.message}` : 'unverifiable token');
        return null;
      }
    },
  };
}

/** A bearer value shaped like a JWS compact serialisation; anything else may be an API key. */
export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/.test(value);
}

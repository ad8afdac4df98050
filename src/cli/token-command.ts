import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.ts';
import { DEFAULT_DEV_TOKEN_TTL_SECONDS, loadOrCreateDevKey, signDevToken } from '../identity/dev-identity.ts';
import { ROLES, type Role } from '../vocabulary/roles.ts';
import { UsageError } from './usage-error.ts';

/** maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>] */
export async function tokenCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { sub: { type: 'string' }, account: { type: 'string' }, role: { type: 'string' }, email: { type: 'string' }, ttl: { type: 'string' } },
    strict: true,
  });
  if (!values.sub) throw new UsageError('token: --sub is required');
  if (values.role && !ROLES.includes(values.role as Role)) throw new UsageError(`token: --role must be one of ${ROLES.join(', ')}`);
  if (values.role && !values.account) throw new UsageError('token: --role needs --account (a personal account is always owned)');
  const ttl = values.ttl === undefined ? DEFAULT_DEV_TOKEN_TTL_SECONDS : Number(values.ttl);
  if (!Number.isInteger(ttl) || ttl <= 0) throw new UsageError('token: --ttl must be a positive whole number of seconds');
  const config = loadConfigOrExit();
  if (config.identity.jwksUrl) {
    throw new UsageError('token: IDENTITY_JWKS_URL is set, so this server trusts an external identity provider, not the development key');
  }
  const key = await loadOrCreateDevKey(config.dataDir);
  const token = await signDevToken(key, config.identity.issuer, {
    sub: values.sub,
    ...(values.account ? { account: values.account, role: (values.role as Role | undefined) ?? 'member' } : {}),
    ...(values.email ? { email: values.email } : {}),
    ttlSeconds: ttl,
  });
  process.stdout.write(`${token}\n`);
}

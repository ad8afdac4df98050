/**
 * The `maturity` command.
 *   maturity serve                     start the service (as npm start)
 *   maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
 *                                      print a development session JWT, and nothing else, on stdout
 *   maturity migrate                   apply the database migrations and exit
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { loadOrCreateDevKey, signDevToken, DEFAULT_DEV_TOKEN_TTL_SECONDS } from './identity/dev-identity.ts';
import { ROLES, type Role } from './modules/accounts/tables.ts';
import { loadConfigOrExit, serve } from './main.ts';

const USAGE = `Usage:
  maturity serve
  maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
  maturity migrate`;

class UsageError extends Error {}

async function tokenCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      sub: { type: 'string' },
      account: { type: 'string' },
      role: { type: 'string' },
      email: { type: 'string' },
      ttl: { type: 'string' },
    },
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

async function migrateCommand(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, schema: config.databaseSchema }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), schema: config.databaseSchema },
  );
  try {
    const applied = await migrate(database);
    process.stdout.write(applied.length > 0 ? `Applied: ${applied.join(', ')}\n` : 'Up to date.\n');
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(loadConfigOrExit());
    case 'token':
      return tokenCommand(rest);
    case 'migrate':
      return migrateCommand();
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  throw error;
}

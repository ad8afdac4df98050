/**
 * The `maturity` command.
 *   maturity serve                     start the service (as npm start)
 *   maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
 *                                      print a development session JWT, and nothing else, on stdout
 *   maturity score <url> [--json] [--quick] [--explain] [--context <text>]
 *                                      score a site without a server: a readable report (with --explain, the
 *                                      arithmetic behind each level), or the ScoringResult as JSON
 *   maturity migrate                   apply the database migrations and exit
 *   maturity demo-site [--port <port>] serve an example company's site on 127.0.0.1 (no internet needed)
 */
import { runWithServiceNodeFlags } from './cli/service-node-flags.ts';
import { UsageError } from './cli/usage-error.ts';

const USAGE = `Usage:
  maturity serve
  maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
  maturity score <url> [--json] [--quick] [--explain] [--context <text>]
  maturity migrate
  maturity demo-site [--port <port>]`;

interface Command {
  run(args: string[]): Promise<void>;
  /** Does the service's work (serve it, score a site, migrate its database), so runs with its Node flags. */
  asTheService: boolean;
}

/**
 * Each command imports only what it runs, when it runs: the command line
 * starts in the time its own modules take, not the whole service's.
 */
const COMMANDS: Record<string, Command> = {
  serve: {
    asTheService: true,
    run: async () => {
      const [{ serve }, { loadConfigOrExit }] = await Promise.all([import('./main.ts'), import('./config.ts')]);
      return serve(loadConfigOrExit());
    },
  },
  token: { asTheService: false, run: async (args) => (await import('./cli/token-command.ts')).tokenCommand(args) },
  score: { asTheService: true, run: async (args) => (await import('./cli/score-command.ts')).scoreCommand(args) },
  migrate: { asTheService: true, run: async () => (await import('./cli/migrate-command.ts')).migrateCommand() },
  'demo-site': { asTheService: false, run: async (args) => (await import('./cli/demo-site-command.ts')).demoSiteCommand(args) },
};

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name) throw new UsageError('No command given');
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`Unknown command: ${name}`);
  const command = COMMANDS[name]!;
  if (command.asTheService) runWithServiceNodeFlags();
  return command.run(rest);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const isArgumentError = error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
  if (error instanceof UsageError || isArgumentError) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  throw error;
}

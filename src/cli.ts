/**
 * The `maturity` command.
 *   maturity serve                     start the service (as npm start)
 *   maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
 *                                      print a development session JWT, and nothing else, on stdout
 *   maturity score <url> [--json] [--quick] [--explain] [--context <text>]
 *                                      score a site without a server: a readable report (with --explain, the
 *                                      arithmetic behind each level), or the ScoringResult as JSON
 *   maturity worker [--concurrency N]  run the job handlers apart from the web (PostgreSQL), drain on SIGTERM
 *   maturity migrate                   apply the database migrations and exit
 *   maturity reseal-tokens             seal every stored source token again under the first SOURCES_ENCRYPTION_KEYS key
 *   maturity demo-site [--site <name>] [--port <port>]
 *                                      serve an example company's site on 127.0.0.1 (no internet needed)
 * Every command, and the command itself, answers --help (-h) and --version (-v) on stdout with status 0.
 */
import fs from 'node:fs';
import { runWithServiceNodeFlags } from './cli/service-node-flags.ts';
import { UsageError } from './cli/usage-error.ts';

interface Command {
  /** The command's line in the usage. */
  usage: string;
  /** What it does, for `maturity <command> --help`. */
  help: string;
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
    usage: 'maturity serve',
    help: 'Starts the service, as npm start does, configured by the environment (see the README).',
    asTheService: true,
    run: async () => {
      const [{ serve }, { loadConfigOrExit }] = await Promise.all([import('./main.ts'), import('./config.ts')]);
      return serve(loadConfigOrExit());
    },
  },
  worker: {
    usage: 'maturity worker [--concurrency N]',
    help: 'Runs the job handlers (mail, webhooks, lifecycle sweeps, source syncs, the outbox), cron and job maintenance against the shared PostgreSQL (DATABASE_URL) and Redis, with no public port: beside web instances started with WORKER_CONCURRENCY=0. --concurrency: handlers at once per queue (default WORKER_CONCURRENCY, or 4). GET /metrics on METRICS_PORT. SIGTERM drains: it stops taking jobs, lets those in hand finish within WORKER_DRAIN_TIMEOUT_MS, hands back the rest, and exits 0.',
    asTheService: true,
    run: async (args) => (await import('./cli/worker-command.ts')).workerCommand(args),
  },
  token: {
    usage: 'maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]',
    help: "Prints a development session token (a JWT) and nothing else. It is signed with the key in the server's DATA_DIR: run it with the same DATA_DIR as the server that must accept it.",
    asTheService: false,
    run: async (args) => (await import('./cli/token-command.ts')).tokenCommand(args),
  },
  score: {
    usage: 'maturity score <url> [--json] [--quick] [--explain] [--context <text>]',
    help: 'Scores a site without a server or a database and prints a readable report; --json prints the ScoringResult, --quick reads six pages only, --explain adds the arithmetic behind each level. An address without a scheme is read as https.',
    asTheService: true,
    run: async (args) => (await import('./cli/score-command.ts')).scoreCommand(args),
  },
  migrate: {
    usage: 'maturity migrate',
    help: 'Applies the database migrations (DATABASE_URL, or the embedded database in DATA_DIR) and exits.',
    asTheService: true,
    run: async () => (await import('./cli/migrate-command.ts')).migrateCommand(),
  },
  'reseal-tokens': {
    usage: 'maturity reseal-tokens',
    help: 'Key rotation for GitHub and Linear tokens: opens every stored token with whichever SOURCES_ENCRYPTION_KEYS key sealed it and seals it again under the first. Afterwards the old keys can leave the list (docs/OPERATIONS.md). Safe to run again.',
    asTheService: true,
    run: async () => (await import('./cli/reseal-tokens-command.ts')).resealTokensCommand(),
  },
  'demo-site': {
    usage: 'maturity demo-site [--site <name>] [--port <port>]',
    help: "Serves an example company's site on 127.0.0.1 (port 4100 unless --port), so a first score needs no internet. --site names one of the shipped examples (--site list prints them); the default is lumenfield-platform.",
    asTheService: false,
    run: async (args) => (await import('./cli/demo-site-command.ts')).demoSiteCommand(args),
  },
};

const USAGE = `Usage:\n${Object.values(COMMANDS)
  .map((command) => `  ${command.usage}`)
  .join('\n')}\n  maturity <command> --help\n  maturity --version`;

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-v']);

function version(): string {
  const manifest = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return `maturity ${manifest.version}\n`;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (name && (HELP_FLAGS.has(name) || name === 'help')) {
    const about = rest[0] && Object.hasOwn(COMMANDS, rest[0]) ? COMMANDS[rest[0]]! : null;
    process.stdout.write(about ? `Usage: ${about.usage}\n\n${about.help}\n` : `${USAGE}\n`);
    return;
  }
  if (name && VERSION_FLAGS.has(name)) {
    process.stdout.write(version());
    return;
  }
  if (!name) throw new UsageError('No command given');
  if (!Object.hasOwn(COMMANDS, name)) throw new UsageError(`Unknown command: ${name}`);
  const command = COMMANDS[name]!;
  // Asked for help or the version, a command does neither its work nor its argument checks.
  if (rest.some((arg) => HELP_FLAGS.has(arg))) {
    process.stdout.write(`Usage: ${command.usage}\n\n${command.help}\n`);
    return;
  }
  if (rest.some((arg) => VERSION_FLAGS.has(arg))) {
    process.stdout.write(version());
    return;
  }
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

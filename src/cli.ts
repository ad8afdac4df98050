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
import { demoSiteCommand } from './cli/demo-site-command.ts';
import { migrateCommand } from './cli/migrate-command.ts';
import { scoreCommand } from './cli/score-command.ts';
import { tokenCommand } from './cli/token-command.ts';
import { UsageError } from './cli/usage-error.ts';
import { loadConfigOrExit, serve } from './main.ts';

const USAGE = `Usage:
  maturity serve
  maturity token --sub <user> [--account <org>] [--role owner|admin|member] [--email <address>] [--ttl <seconds>]
  maturity score <url> [--json] [--quick] [--explain] [--context <text>]
  maturity migrate
  maturity demo-site [--port <port>]`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve(loadConfigOrExit());
    case 'token':
      return tokenCommand(rest);
    case 'score':
      return scoreCommand(rest);
    case 'migrate':
      return migrateCommand();
    case 'demo-site':
      return demoSiteCommand(rest);
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
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

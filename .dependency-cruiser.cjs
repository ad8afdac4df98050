/**
 * The house rules, checked by `npm test` (test/architecture/dependency-rules.test.ts)
 * and by hand with `npx depcruise src bin --output-type err`.
 * docs/ARCHITECTURE.md explains the layers and names every exception.
 */
const lowerLayers = '^src/(framework/|vocabulary/|config\\.ts$|clock\\.ts$|poll-loop\\.ts$|lease-heartbeat\\.ts$|storable-text\\.ts$|db/|http/|identity/|outbox/|jobs/|mail/|observability/)';
const testCode = '(\\.test\\.ts$|^test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle makes two files one: neither can be read or changed alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lower-layers-never-import-modules',
      comment: 'framework, config, clock, poll-loop, lease-heartbeat, db, http, identity, outbox, jobs, mail and observability sit under every module; they name none of them.',
      severity: 'error',
      from: { path: lowerLayers, pathNot: testCode },
      to: { path: '^src/modules/' },
    },
    {
      name: 'no-test-code-in-source',
      comment: 'Test scaffolding lives under test/; the service never loads it.',
      severity: 'error',
      from: { path: '^src/', pathNot: testCode },
      to: { path: testCode },
    },
    {
      name: 'no-test-scaffolding-in-src',
      comment:
        'Every source file is reached from an entry point (the service or the command line); what only tests use belongs under test/. ' +
        "Table declarations are exempt: the migration check (src/database-schema.db.test.ts) holds every one against the migrations, used by a query yet or not. " +
        'So are the files under src/web/assets/: browsers load them (web/assets.ts serves them by name); nothing imports them.',
      severity: 'error',
      from: { path: '^(src/main\\.ts|bin/maturity\\.js)$' },
      to: { path: '^src/', pathNot: [testCode, '/tables\\.ts$', '^src/database-schema\\.ts$', '^src/web/assets/'], reachable: false },
    },
    {
      name: 'errors-answered-at-the-edge',
      comment: 'Services return domain outcomes; only the HTTP layer and route files (pages are routes that answer in HTML) speak in HTTP errors.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/http/', '/routes/', '^src/web/pages/', testCode] },
      to: { path: '^src/http/errors\\.ts$' },
    },
    {
      name: 'modules-own-their-tables',
      comment: "A module reads and writes another module's data through that module's service, never its tables.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: testCode },
      to: { path: '^src/modules/[^/]+/tables\\.ts$', pathNot: '^src/modules/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};

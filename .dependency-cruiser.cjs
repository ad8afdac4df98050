/**
 * The house rules, checked by `npm test` (test/architecture/house-rules.test.ts)
 * and by hand with `npx depcruise src bin --output-type err`.
 * docs/ARCHITECTURE.md explains the layers and names every exception.
 */
const lowerLayers =
  '^src/(framework/|vocabulary/|config\\.ts$|clock\\.ts$|storable-text\\.ts$|escape-html\\.ts$|db/|http/|identity/|net/|queue/|mail/|observability/)';
const testCode = '(\\.test\\.ts$|^test/)';
/** Where a module's HTTP words live that other modules' routes may share: schemas, the answers to its refusals. */
const moduleApi = '^src/modules/[^/]+/api/';

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
      comment:
        'framework, config, clock, storable-text, escape-html, db, http, identity, net, queue, mail and observability sit under every module; they name none of them.',
      severity: 'error',
      from: { path: lowerLayers, pathNot: testCode },
      to: { path: '^src/modules/' },
    },
    {
      name: 'the-crawler-is-scorings-own',
      comment:
        'The crawler is how scoring gathers a site; what other modules need from it (the SSRF guard: safe connector, address and URL rules) is src/net/, a lower layer. ' +
        'So no other module reaches into scoring/crawler/.',
      severity: 'error',
      from: { path: '^src/modules/', pathNot: ['^src/modules/scoring/', testCode] },
      to: { path: '^src/modules/scoring/crawler/' },
    },
    {
      name: 'modules-never-import-web',
      comment:
        'web/ is what a browser sees; it sits above the modules and reads them. A module that needs markup takes it from a lower layer ' +
        '(escape-html.ts); pages that stand in for another system (the local payment provider) live in web/local-provider/.',
      severity: 'error',
      from: { path: '^src/modules/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'routes-are-their-modules-own',
      comment:
        "A module's routes/ are its endpoints, registered by app.ts; no other module imports them. " +
        "What other modules' routes share (schemas, the answers to a refusal) is in the owning module's api/ folder.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/routes/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'billing-never-calls-metering',
      comment:
        'One direction between the two: metering reads entitlements from billing (src/modules/metering/entitlement-source.ts); billing ' +
        'announces what happens (a bought pack, a changed plan) and never names metering. No SQL crosses either way: the house rules ' +
        "test holds that no module's SQL names another module's table, and that nothing a module imports from another trades in SQL.",
      severity: 'error',
      from: { path: '^src/modules/billing/' },
      to: { path: '^src/modules/metering/' },
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
        'Table declarations are exempt: the migration check (src/database-schema.db.test.ts) holds every one against the migrations, used by a query yet or not. ' +
        'So are the files under src/web/assets/: browsers load them (web/assets.ts serves them by name); nothing imports them.',
      severity: 'error',
      from: { path: '^(src/main\\.ts|bin/maturity\\.js)$' },
      to: { path: '^src/', pathNot: [testCode, '/tables\\.ts$', '^src/database-schema\\.ts$', '^src/web/assets/'], reachable: false },
    },
    {
      name: 'errors-answered-at-the-edge',
      comment:
        "Services return domain outcomes; only the HTTP layer, route files (pages are routes that answer in HTML) and a module's api/ (the answers its routes share) speak in HTTP errors.",
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/http/', '/routes/', moduleApi, '^src/web/pages/', testCode] },
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

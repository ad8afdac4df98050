/**
 * The house rules (docs/ARCHITECTURE.md), held by the test suite so that the
 * structure cannot drift back: the dependency rules of .dependency-cruiser.cjs,
 * run by dependency-cruiser over the source exactly as
 * `npx depcruise src bin --output-type err` runs them, and the size of a file
 * a person can read in one sitting.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULE_NAMES = [
  'no-circular',
  'lower-layers-never-import-modules',
  'the-crawler-is-scorings-own',
  'modules-never-import-web',
  'routes-are-their-modules-own',
  'no-test-code-in-source',
  'no-test-scaffolding-in-src',
  'errors-answered-at-the-edge',
  'modules-own-their-tables',
  'billing-never-calls-metering',
] as const;
const MAX_SOURCE_LINES = 600;
/** A route registration: `app.get('/path'`, `forms.post(SOME_PATH`, `app.get(path`. */
const ROUTE_REGISTRATION = /\.(get|post|put|patch|delete)\(\s*(['"`]\/|[A-Z][A-Z0-9_]*_PATH\b|path\b)/g;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}
interface CruiseReport {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: Violation[]; totalCruised: number; ruleSetUsed: { forbidden: { name: string }[] } };
}

let report: CruiseReport;
beforeAll(async () => {
  const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'src', 'bin', '--output-type', 'json'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
  });
  report = JSON.parse(stdout) as CruiseReport;
}, 120_000);

const described = (violation: Violation) => (violation.cycle ? violation.cycle.map((step) => step.name).join(' -> ') : `${violation.from} -> ${violation.to}`);

describe('the dependency rules', () => {
  it('are all in force, over the whole source', () => {
    expect(report.summary.ruleSetUsed.forbidden.map((rule) => rule.name).sort()).toEqual([...RULE_NAMES].sort());
    expect(report.summary.totalCruised).toBeGreaterThan(200);
  });

  for (const name of RULE_NAMES) {
    it(`hold: ${name}`, () => {
      const broken = report.summary.violations.filter((violation) => violation.rule.name === name).map(described);
      expect(broken).toEqual([]);
    });
  }
});

/** A rule's path patterns, as dependency-cruiser reads them: one string or a list. */
type PathPatterns = string | string[] | undefined;
interface RuleSide {
  path?: PathPatterns;
  pathNot?: PathPatterns;
}
interface ForbiddenRule {
  name: string;
  comment?: string;
  from: RuleSide;
  to: RuleSide;
}
const configFile = path.join(root, '.dependency-cruiser.cjs');
const config = createRequire(import.meta.url)(configFile) as { forbidden: ForbiddenRule[] };
const configText = fs.readFileSync(configFile, 'utf8');
const patterns = (value: PathPatterns) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const repositoryFiles = ['src', 'bin', 'test']
  .flatMap((folder) => (fs.readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' }) as string[]).map((file) => `${folder}/${file}`))
  .filter((file) => fs.statSync(path.join(root, file)).isFile());

// A rule that names a file or folder which is gone holds vacuously: it passes and guards nothing.
describe('the rules name only what exists', () => {
  it('every path pattern matches a file', () => {
    const unmatched = config.forbidden.flatMap((rule) =>
      [rule.from, rule.to]
        .flatMap((side) => [...patterns(side.path), ...patterns(side.pathNot)])
        // $1 is the group the `from` side captured; any module stands for it here.
        .map((pattern) => pattern.replaceAll('$1', '[^/]+'))
        .filter((pattern) => !repositoryFiles.some((file) => new RegExp(pattern).test(file)))
        .map((pattern) => `${rule.name}: ${pattern}`),
    );
    expect(unmatched).toEqual([]);
  });

  it('every lower layer it lists is there', () => {
    // However the declaration is wrapped: Prettier puts a long one's value on a line of its own.
    const lowerLayers = /const lowerLayers =\s*'\^src\/\((.*)\)';/.exec(configText)?.[1];
    expect(lowerLayers).toBeDefined();
    const missing = lowerLayers!
      // The pattern as the file spells it, in a JavaScript string: `\\.` there is `\.` in the pattern.
      .replaceAll('\\\\', '\\')
      .split('|')
      .filter((layer) => !repositoryFiles.some((file) => new RegExp(`^src/(${layer})`).test(file)))
      .map((layer) => `src/${layer}`);
    expect(missing).toEqual([]);
  });

  it('every file its comments name is there', () => {
    const named = [...configText.matchAll(/\b((?:src|test|bin|docs)\/[\w./-]+\.(?:ts|js|cjs|md))\b/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(2);
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });
});

const sourceFiles = () =>
  (fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ file: `src/${file}`, text: fs.readFileSync(path.join(root, 'src', file), 'utf8') }));

describe('source files', () => {
  it(`are at most ${MAX_SOURCE_LINES} lines each (tests aside)`, () => {
    const tooLong = sourceFiles()
      .map(({ file, text }) => ({ file, lines: text.split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('register one endpoint each', () => {
    const registering = sourceFiles().map(({ file, text }) => ({ file, endpoints: [...text.matchAll(ROUTE_REGISTRATION)].length }));
    expect(registering.filter(({ endpoints }) => endpoints > 0).length).toBeGreaterThan(25);
    expect(registering.filter(({ endpoints }) => endpoints > 1).map(({ file, endpoints }) => `${file}: ${endpoints} endpoints`)).toEqual([]);
  });
});

/** The module a source path belongs to, or null outside src/modules/. */
const moduleOf = (file: string) => /^src\/modules\/([^/]+)\//.exec(file)?.[1] ?? null;
/** Comments out, so that prose ("read FROM accounts") is not taken for SQL. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

// Issue 26: billing once handed metering a SQL condition that read three billing tables, embedded in metering's charge
// statement; renaming a billing column broke metering at run time and no import rule saw it. Tables are a module's own
// (modules-own-their-tables holds the Drizzle side); these hold the SQL side.
describe('no SQL crosses a module boundary', () => {
  const tablesOf = new Map<string, string[]>();
  for (const folder of fs.readdirSync(path.join(root, 'src/modules'))) {
    const file = path.join(root, 'src/modules', folder, 'tables.ts');
    if (!fs.existsSync(file)) continue;
    tablesOf.set(
      folder,
      [...fs.readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)].map((match) => match[1]!),
    );
  }

  it("no module's SQL names another module's table", () => {
    expect([...tablesOf.values()].flat().length).toBeGreaterThan(30);
    const crossing = sourceFiles().flatMap(({ file, text }) => {
      const owner = moduleOf(file);
      if (!owner) return [];
      const code = withoutComments(text);
      return [...tablesOf]
        .filter(([module]) => module !== owner)
        .flatMap(([module, tables]) =>
          tables
            .filter((table) => new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE)\\s+(ONLY\\s+)?${table}\\b`).test(code))
            .map((table) => `${file} -> ${module}'s ${table}`),
        );
    });
    expect(crossing).toEqual([]);
  });

  it('nothing a module imports from another trades in SQL (no drizzle SQL fragment handed across)', () => {
    const tradesInSql = (file: string) => /import[^;]*\bSQL\b[^;]*from 'drizzle-orm'/.test(fs.readFileSync(path.join(root, file), 'utf8'));
    const crossing = report.modules
      .filter((module) => moduleOf(module.source) && !/\.test\.ts$/.test(module.source))
      .flatMap((module) =>
        module.dependencies
          .filter(
            (dependency) => moduleOf(dependency.resolved) && moduleOf(dependency.resolved) !== moduleOf(module.source) && tradesInSql(dependency.resolved),
          )
          .map((dependency) => `${module.source} -> ${dependency.resolved}`),
      );
    expect(crossing).toEqual([]);
  });
});

// Issue 26: a composition root a newcomer can read, and what happens after a change listed in one place.
describe('the composition root', () => {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const MAX_ROOT_LINES = 250;

  it(`app.ts is at most ${MAX_ROOT_LINES} lines`, () => {
    expect(read('src/app.ts').split('\n').length - 1).toBeLessThanOrEqual(MAX_ROOT_LINES);
  });

  it('every domain event is in the table of src/domain-events.ts and has a subscriber there', () => {
    const text = read('src/domain-events.ts');
    const payloads = /export interface DomainEventPayloads \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    const events = [...payloads.matchAll(/^\s*'([a-z.]+)':/gm)].map((match) => match[1]!);
    expect(events.length).toBeGreaterThan(5);
    const tabled = new Set([...text.matchAll(/^ \* \| ([a-z.]+)\s+\|/gm)].map((match) => match[1]!));
    const subscribed = new Set([...withoutComments(text).matchAll(/events\.subscribe\('([a-z.]+)'/g)].map((match) => match[1]!));
    expect(events.filter((event) => !tabled.has(event))).toEqual([]);
    expect(events.filter((event) => !subscribed.has(event))).toEqual([]);
    // account.erased is tabled too: its subscribers are the erasure participants.
    expect(tabled.has('account.erased')).toBe(true);
  });
});

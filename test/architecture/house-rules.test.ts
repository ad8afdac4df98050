/**
 * The house rules (docs/ARCHITECTURE.md), held by the test suite so that the
 * structure cannot drift back: the dependency rules of .dependency-cruiser.cjs,
 * run by dependency-cruiser over the source exactly as
 * `npx depcruise src bin --output-type err` runs them, and the size of a file
 * a person can read in one sitting.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULE_NAMES = [
  'no-circular',
  'lower-layers-never-import-modules',
  'no-test-code-in-source',
  'no-test-scaffolding-in-src',
  'errors-answered-at-the-edge',
  'modules-own-their-tables',
] as const;
const MAX_SOURCE_LINES = 600;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}
interface CruiseReport {
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

const described = (violation: Violation) =>
  violation.cycle ? violation.cycle.map((step) => step.name).join(' -> ') : `${violation.from} -> ${violation.to}`;

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

describe('source files', () => {
  it(`are at most ${MAX_SOURCE_LINES} lines each (tests aside)`, () => {
    const tooLong = (fs.readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => ({ file, lines: fs.readFileSync(path.join(root, 'src', file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES)
      .map(({ file, lines }) => `src/${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});

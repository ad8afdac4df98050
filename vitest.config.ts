import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Five projects:
 * - unit: pure tests (no database); they run once.
 * - pglite: every test that boots the app or touches the database, against
 *   embedded PGlite (one migrated template, loaded afresh by each test file).
 * - postgres: the same files against the real PostgreSQL named by
 *   TEST_DATABASE_URL, each file in a fresh schema. Enabled when that
 *   variable is set (.ci/run sets it).
 * - browser: pages driven as a person uses them (test/browser/), by
 *   Debian's Chromium through playwright-core. One browser serves every file
 *   (test/setup/browser-server.ts): CI has two cores, and a Chromium per file
 *   would spend them starting browsers. On PGlite: what most of these tests
 *   check is the page, and the database paths under it are covered by the
 *   other two.
 * - browser-postgres: the signed-in app's flows (test/browser/app-*), which
 *   write through every module, again on PostgreSQL (with TEST_DATABASE_URL).
 *
 * A test file needs the database when its name ends in .happy, .error,
 * .security or .db before .test.ts, or when it lives under test/, except
 * test/corpus/ (the scorer against the real-site corpus) and
 * test/architecture/ (the house rules), which need none and run once, in unit,
 * and test/browser/, which runs in browser.
 */
const databaseTestsInSrc = ['src/**/*.{happy,error,security,db}.test.ts'];
const databaseTests = [...databaseTestsInSrc, 'test/**/*.test.ts'];
const databaseFreeTestsInTest = ['test/corpus/**/*.test.ts', 'test/architecture/**/*.test.ts'];
const browserTests = ['test/browser/**/*.test.ts'];
const signedInAppBrowserTests = ['test/browser/app-*.test.ts'];

const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/**
 * A browser test walks a whole flow in a real browser (sign in, score a
 * site, reload, act): 5-30 s alone on two cores, and up to three times that
 * on a loaded 2-core machine.
 */
const browser = { ...shared, testTimeout: 90_000 };

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one on CI's two. Test files wait
    // on PostgreSQL, Chromium and local servers much of the time, so a worker per core runs the suite
    // in about two thirds of the time (docs/BENCHMARKS.md, "The test suite").
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: { ...shared, name: 'unit', include: ['src/**/*.test.ts', ...databaseFreeTestsInTest], exclude: databaseTestsInSrc },
      },
      {
        test: {
          ...shared,
          name: 'pglite',
          include: databaseTests,
          exclude: [...databaseFreeTestsInTest, ...browserTests],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/setup/pglite-template.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: databaseTests,
                exclude: [...databaseFreeTestsInTest, ...browserTests],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          ...browser,
          name: 'browser',
          include: browserTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test/setup/pglite-template.ts', 'test/setup/browser-server.ts'],
          // Closes each file's connection to the shared browser when the file ends.
          setupFiles: ['test/browser/browser-connection-cleanup.ts'],
        },
      },
      // The signed-in app's flows write through every module: they run on PostgreSQL too.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...browser,
                name: 'browser-postgres',
                include: signedInAppBrowserTests,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['test/setup/browser-server.ts'],
                setupFiles: ['test/browser/browser-connection-cleanup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});

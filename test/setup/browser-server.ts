/**
 * Vitest global setup for the browser project: start one headless Chromium
 * for the whole run and hand its WebSocket endpoint to the test files, which
 * connect to it (test/browser/browser-harness.ts) instead of each launching
 * their own. Launching costs about a second and a core; CI has two.
 *
 * The browser is Debian's Chromium (`apt-get install chromium`), never one
 * downloaded at run time: the tests must run without the internet.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** ws:// address of the shared browser, for `chromium.connect`. */
    browserWsEndpoint: string;
  }
}

const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * - /dev/shm is 64 MB in many containers, too little for Chromium's shared
 *   memory; it falls back to /tmp with this flag instead of crashing tabs.
 * - No hinting: text renders the same on every machine, so screenshots compare.
 */
const CHROMIUM_ARGS = ['--disable-dev-shm-usage', '--font-render-hinting=none'];

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM_PATH;
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `The browser tests need Chromium, and there is none at ${executablePath}. ` +
        'Install it with `apt-get install chromium` (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium executable.',
    );
  }
  // Loopback only: whoever reaches the endpoint drives the browser.
  const server = await chromium.launchServer({ executablePath, headless: true, host: '127.0.0.1', args: CHROMIUM_ARGS });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return () => server.close();
}

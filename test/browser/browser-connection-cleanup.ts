/**
 * Setup file of the browser project (vitest.config.ts): when a test file's
 * tests are done, close its connection to the shared browser, which stays up
 * for the other files.
 */
import { afterAll } from 'vitest';
import { disconnectBrowser } from './browser-harness.ts';

afterAll(disconnectBrowser);

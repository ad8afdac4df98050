/** Test helpers for the onboarding routes: a signed-in caller's requests, at the test clock's time. */
import type { DevTokenClaims } from '../src/identity/dev-identity.ts';
import { FUNCTIONS } from '../src/framework/functions.ts';
import type { TestApp } from './harness.ts';

export const DAY = 24 * 60 * 60 * 1000;

export const INTERVIEW = {
  role: 'Head of Product',
  goals: ['Know where we stand against the framework', 'Pick the next two gaps to close'],
  product: { name: 'Ledgerly', url: 'https://ledgerly.example/' },
  teamSize: 12,
};

/** An owner named for every one of the six functions. */
export const ALL_OWNERS = Object.fromEntries(FUNCTIONS.map((fn, index) => [fn, { name: `Owner ${index + 1}`, email: `owner${index + 1}@ledgerly.example` }]));

export function caller(t: TestApp, claims: DevTokenClaims) {
  // Minted at each request: the test clock moves by days, and tokens live an hour.
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: await t.authHeaders(claims), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  return {
    send,
    accountId: async (): Promise<string> => (await send('GET', '/api/account')).json().id,
    coverage: async () => (await send('GET', '/api/onboarding/coverage')).json(),
    chat: () => send('POST', '/api/chat', { messages: [{ role: 'user', content: 'Where do we start?' }] }),
    answerInterview: (answers: unknown = INTERVIEW) => send('POST', '/api/onboarding/welcome-interview', answers),
    addProduct: (name = 'Ledgerly') => send('POST', '/api/products', { name, url: 'https://example.com/' }),
    putOwners: (productId: string, owners: unknown) => send('PUT', `/api/team-registry/${productId}`, { owners }),
  };
}

/** POST /pricing/checkout refused: no session, a forged form, a member without billing rights, a pack on Free. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const TOKEN = 'a'.repeat(43);

async function post(role: 'owner' | 'member', sub: string, payload: string, csrfCookie = TOKEN) {
  const session = await t.token({ sub, account: `org_${sub}`, role });
  return t.app.inject({ method: 'POST', url: '/pricing/checkout', headers: FORM, cookies: { __session: session, __csrf: csrfCookie }, payload });
}

describe('POST /pricing/checkout refusals', () => {
  it('sends a visitor to sign in, coming back to /pricing', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/pricing/checkout', headers: FORM, payload: `plan=pro&csrf=${TOKEN}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/sign-in?next=%2Fpricing');
  });

  it('refuses a form whose token does not match its CSRF cookie (another site starting a checkout)', async () => {
    const response = await post('owner', 'pce_forged', `plan=pro&csrf=${'b'.repeat(43)}`);
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('The form expired');
  });

  it('refuses a member without billing rights', async () => {
    const response = await post('member', 'pce_member', `plan=pro&csrf=${TOKEN}`);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('Only an owner or admin of your account can buy');
  });

  it('explains that packs need a paid plan', async () => {
    const response = await post('owner', 'pce_pack', `pack=small&csrf=${TOKEN}`);
    expect(response.statusCode).toBe(402);
    expect(response.body).toContain('Score packs are for paid plans');
  });

  it('asks for exactly one of a plan and a pack', async () => {
    const response = await post('owner', 'pce_both', `plan=pro&pack=small&csrf=${TOKEN}`);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Choose one plan or one pack.');
  });
});

/** What the welcome interview and the team registry refuse, and how (400 INVALID_REQUEST naming the fields). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { caller, INTERVIEW } from '../../../../test/onboarding-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fieldsOf = (body: { details: { field: string }[] }) => body.details.map((problem) => problem.field).sort();

describe('POST /api/onboarding/welcome-interview', () => {
  it('names every missing field', async () => {
    const response = await caller(t, { sub: 'err_empty' }).answerInterview({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Invalid request', code: 'INVALID_REQUEST' });
    expect(fieldsOf(response.json())).toEqual(['body.goals', 'body.product', 'body.role', 'body.teamSize']);
  });

  it('refuses blank texts, an address that is not http(s), no goals and a team of nobody, and completes nothing', async () => {
    const client = caller(t, { sub: 'err_values' });
    const blanks = await client.answerInterview({ ...INTERVIEW, role: '  ', goals: ['Grow', ' '], product: { name: ' ', url: 'ftp://files.example/' } });
    expect(blanks.statusCode).toBe(400);
    expect(blanks.json().details).toEqual([
      { field: 'body.role', message: 'is blank' },
      { field: 'body.goals.1', message: 'is blank' },
      { field: 'body.product.name', message: 'is blank' },
      { field: 'body.product.url', message: 'must be an http or https address' },
    ]);
    const bounds = await client.answerInterview({ ...INTERVIEW, goals: [], teamSize: 0 });
    expect(bounds.statusCode).toBe(400);
    expect(fieldsOf(bounds.json())).toEqual(['body.goals', 'body.teamSize']);
    const fractional = await client.answerInterview({ ...INTERVIEW, teamSize: 2.5 });
    expect(fieldsOf(fractional.json())).toEqual(['body.teamSize']);
    expect((await client.coverage()).milestones.welcomeInterview.completedAt).toBeNull();
  });

  it('answers 404 for the answers before the interview is answered', async () => {
    const response = await caller(t, { sub: 'err_unanswered' }).send('GET', '/api/onboarding/welcome-interview');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'The welcome interview has not been answered yet.' });
  });
});

describe('PUT /api/team-registry/<productId>', () => {
  it('refuses an unknown function, a blank name and a malformed email, naming each', async () => {
    const client = caller(t, { sub: 'err_registry' });
    const productId = (await client.addProduct()).json().id;
    const response = await client.putOwners(productId, { marketing: { name: 'Ann' }, design: { name: ' ' }, gtm: { name: 'Bo', email: 'not-an-email' } });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response.json())).toEqual(['body.owners.gtm.email']);
    const semantic = await client.putOwners(productId, { marketing: { name: 'Ann' }, design: { name: ' ' } });
    expect(semantic.statusCode).toBe(400);
    expect(semantic.json().details).toEqual([
      { field: 'body.owners.marketing', message: 'is not a function; the functions are strategy, design, development, intelligence, operations, gtm' },
      { field: 'body.owners.design.name', message: 'is blank' },
    ]);
    expect((await client.send('GET', '/api/team-registry')).json().products[0].owners).toEqual({});
  });

  it('refuses a body without owners and a product id that is not a uuid', async () => {
    const client = caller(t, { sub: 'err_registry_shape' });
    expect(fieldsOf((await client.send('PUT', `/api/team-registry/${crypto.randomUUID()}`, {})).json())).toEqual(['body.owners']);
    const notUuid = await client.putOwners('not-a-uuid', {});
    expect(notUuid.statusCode).toBe(400);
    expect(fieldsOf(notUuid.json())).toEqual(['params.productId']);
  });
});

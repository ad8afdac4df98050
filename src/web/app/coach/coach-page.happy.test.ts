/** GET /app/coach: the picker of the account's results, and the conversation about one of them. */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_IDS, type DimensionId } from '../../../framework/dimensions.ts';
import type { DevTokenClaims } from '../../../identity/dev-identity.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';
import { scoringResults } from '../../../modules/scoring/tables.ts';
import { fixtureResult } from '../../../../test/fixtures/coach-result.ts';
import { accountIdOf, subscribe } from '../../../../test/fakes/payment-webhook-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';
import { suggestedQuestions } from './suggested-questions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Stored {
  companyName?: string;
  url?: string;
  createdAt?: Date;
  levels?: Partial<Record<DimensionId, 1 | 2 | 3 | 4>>;
}

/** A result stored for the account, as a score would store it. */
async function storeResult(accountId: string, options: Stored = {}): Promise<ScoringResult> {
  const base = fixtureResult(options.levels ? { levels: options.levels } : {});
  const createdAt = options.createdAt ?? new Date();
  const result: ScoringResult = {
    ...base,
    id: crypto.randomUUID(),
    url: options.url ?? base.url,
    companyName: options.companyName ?? base.companyName,
    createdAt: createdAt.toISOString(),
  };
  await t.database.db.insert(scoringResults).values({ id: result.id, accountId, url: result.url, result, createdAt });
  return result;
}

async function openCoach(claims: DevTokenClaims, query = '') {
  return t.app.inject({ method: 'GET', url: `/app/coach${query}`, cookies: { __session: await t.token(claims) } });
}

function decodeEntities(text: string): string {
  return text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

function textOf(markup: string): string {
  return decodeEntities(markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '));
}

describe('the picker', () => {
  it('sends an account with no results to the dashboard to score first', async () => {
    const page = await openCoach({ sub: 'coach_empty' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(textOf(page.body)).toContain('Score a site first');
    expect(page.body).toContain('href="/app"');
    expect(page.body).not.toContain('data-coach-form');
  });

  it("lists the account's results, newest first, each linking to its conversation, and no other account's", async () => {
    const claims = { sub: 'coach_picker' };
    const accountId = await accountIdOf(t, claims);
    const older = await storeResult(accountId, { companyName: 'Older Co', createdAt: new Date(Date.now() - 86_400_000) });
    const newer = await storeResult(accountId, { companyName: 'Newer Co' });
    await storeResult(await accountIdOf(t, { sub: 'coach_picker_neighbour' }), { companyName: 'Neighbour Co' });

    const page = await openCoach(claims);
    expect(page.statusCode).toBe(200);
    const links = [...page.body.matchAll(/<a href="\/app\/coach\?result=([0-9a-f-]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [newer.id, 'Newer Co'],
      [older.id, 'Older Co'],
    ]);
    expect(textOf(page.body)).toContain(`${newer.totalScore} of 108 · ${newer.stageName}`);
    expect(page.body).not.toContain('Neighbour Co');
    expect(page.body).not.toContain('data-coach-form');
    expect(page.body).not.toContain('coach.js');
  });
});

describe('the conversation', () => {
  it('names the result, links to it, and suggests first questions from its gaps', async () => {
    const claims = { sub: 'coach_talk' };
    const result = await storeResult(await accountIdOf(t, claims));
    const page = await openCoach(claims, `?result=${result.id}`);
    expect(page.statusCode).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain('Coach: Acme Analytics');
    expect(text).toContain(`${result.totalScore} of 108`);
    expect(text).toContain(result.stageName);
    expect(page.body).toContain(`href="/r/${result.id}"`);
    expect(page.body).toMatch(/<script type="module" src="\/assets\/coach\.js\?v=[^"]+"><\/script>/);

    const buttons = [...page.body.matchAll(/<button [^>]*data-coach-question[^>]*>([^<]+)<\/button>/g)].map((m) => decodeEntities(m[1]!));
    expect(buttons).toEqual(suggestedQuestions(result));
    // The fixture's gaps, by name, each with its level.
    expect(buttons.slice(0, 3)).toEqual([
      'How do we improve Pricing & Packaging from level 1?',
      'How do we improve Feedback Loop Quality from level 1?',
      'How do we improve Decision Quality from level 1?',
    ]);
    expect(page.body).toContain(`data-result-id="${result.id}"`);
    expect(page.body).toContain('role="log"');
    expect(page.body).toContain('aria-live="polite"');
  });

  it("links advice to every dimension's own place on the result page", async () => {
    const claims = { sub: 'coach_links' };
    const result = await storeResult(await accountIdOf(t, claims));
    const page = await openCoach(claims, `?result=${result.id}`);
    const attribute = /data-dimension-links="([^"]+)"/.exec(page.body)![1]!;
    const links = JSON.parse(decodeEntities(attribute)) as { id: string; name: string; href: string }[];
    expect(links.map((link) => link.id)).toEqual([...DIMENSION_IDS]);
    expect(links.find((link) => link.id === 'pricing_packaging')!.name).toBe('Pricing & Packaging');

    const resultPage = await t.app.inject({ method: 'GET', url: `/r/${result.id}` });
    expect(resultPage.statusCode).toBe(200);
    for (const link of links) {
      const [path, anchor] = link.href.split('#');
      expect(path).toBe(`/r/${result.id}`);
      expect(resultPage.body).toContain(`id="${anchor}"`);
    }
  });

  it('says what changed since the previous score of the same site', async () => {
    const claims = { sub: 'coach_change' };
    const accountId = await accountIdOf(t, claims);
    await storeResult(accountId, { createdAt: new Date(Date.now() - 7 * 86_400_000) });
    const first = await openCoach(claims, `?result=${(await storeResult(accountId, { url: 'https://other.example/', createdAt: new Date(Date.now() - 86_400_000) })).id}`);
    expect(textOf(first.body)).toContain('This is the first score of this site in the account.');

    const rescored = await storeResult(accountId, { levels: { pricing_packaging: 3, decision_quality: 2 } });
    const page = await openCoach(claims, `?result=${rescored.id}`);
    expect(textOf(page.body)).toMatch(/Since the previous score \([^)]+\): up 3, from Building\./);
  });

  it("points a member's upgrade to the plans, and an owner's to billing", async () => {
    const owner = { sub: 'coach_org_owner', account: 'org_coach', role: 'owner' as const };
    const member = { sub: 'coach_org_member', account: 'org_coach', role: 'member' as const };
    const accountId = await accountIdOf(t, owner);
    // Two seats: more than Free's one.
    await subscribe(t, accountId, 'pro');
    const result = await storeResult(accountId);
    await accountIdOf(t, member);
    const ownerPage = await openCoach(owner, `?result=${result.id}`);
    expect(ownerPage.body).toContain('data-billing-href="/app/settings/billing"');
    const memberPage = await openCoach(member, `?result=${result.id}`);
    expect(memberPage.statusCode).toBe(200);
    // Every role may chat (chat:use): a member gets the form too.
    expect(memberPage.body).toContain('data-coach-form');
    expect(memberPage.body).toContain('data-billing-href="/pricing"');
  });
});

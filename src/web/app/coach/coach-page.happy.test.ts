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

  it("lists the account's results, newest first, one line per site with the day and time, and no other account's", async () => {
    const claims = { sub: 'coach_picker' };
    const accountId = await accountIdOf(t, claims);
    const older = await storeResult(accountId, { companyName: 'Older Co', url: 'https://older.example/', createdAt: new Date('2026-11-19T08:05:00Z') });
    const newer = await storeResult(accountId, { companyName: 'Newer Co', url: 'https://newer.example/', createdAt: new Date('2026-11-20T14:30:00Z') });
    await storeResult(await accountIdOf(t, { sub: 'coach_picker_neighbour' }), { companyName: 'Neighbour Co' });

    const page = await openCoach(claims);
    expect(page.statusCode).toBe(200);
    const links = [...page.body.matchAll(/<a href="\/app\/coach\?result=([0-9a-f-]+)">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      [newer.id, 'Newer Co'],
      [older.id, 'Older Co'],
    ]);
    const text = textOf(page.body);
    expect(text).toContain(`${newer.totalScore} of 108 · ${newer.stageName}`);
    expect(text).toContain('https://newer.example/ · scored 20 Nov 2026, 14:30 UTC');
    expect(text).toContain('https://older.example/ · scored 19 Nov 2026, 08:05 UTC');
    expect(page.body).not.toContain('Neighbour Co');
    expect(page.body).not.toContain('data-coach-form');
    expect(page.body).not.toContain('coach.js');
  });

  it("lists a rescored site once, its earlier scores folded beneath with their times, and the person's own conversations first", async () => {
    const claims = { sub: 'coach_picker_twins' };
    const accountId = await accountIdOf(t, claims);
    const first = await storeResult(accountId, { companyName: 'Twin Co', url: 'https://twin.example/', createdAt: new Date('2026-11-20T09:00:00Z') });
    const second = await storeResult(accountId, { companyName: 'Twin Co', url: 'https://www.twin.example/', createdAt: new Date('2026-11-20T09:40:00Z') });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/coach/conversations',
      headers: await t.authHeaders(claims),
      payload: { resultId: second.id },
    });
    const conversationId = created.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers: await t.authHeaders(claims),
      payload: { conversationId, messages: [{ role: 'user', content: 'What are our biggest gaps?' }] },
    });

    const page = await openCoach(claims);
    const text = textOf(page.body);
    expect([...page.body.matchAll(/<a href="\/app\/coach\?result=([0-9a-f-]+)">Twin Co<\/a>/g)]).toHaveLength(1);
    expect(text).toContain('1 earlier score of this site');
    expect(page.body).toContain(`<a href="/app/coach?result=${first.id}">Score of 20 Nov 2026, 09:00 UTC</a>`);
    expect(text).toContain('Your conversations');
    expect(page.body).toContain(`<a href="/app/coach?conversation=${conversationId}">What are our biggest gaps?</a>`);
    expect(text).toContain('Twin Co · 2 messages · last');
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
    const first = await openCoach(
      claims,
      `?result=${(await storeResult(accountId, { url: 'https://other.example/', createdAt: new Date(Date.now() - 86_400_000) })).id}`,
    );
    expect(textOf(first.body)).toContain('This is the first score of this site in the account.');

    const rescored = await storeResult(accountId, { levels: { pricing_packaging: 3, decision_quality: 2 } });
    const page = await openCoach(claims, `?result=${rescored.id}`);
    expect(textOf(page.body)).toMatch(/Since the previous score \([^)]+\): up 3, from Building\./);
  });

  it('resumes the kept conversation after a reload, with its turns, and starts a new one on request', async () => {
    const claims = { sub: 'coach_resume' };
    const result = await storeResult(await accountIdOf(t, claims));
    const headers = await t.authHeaders(claims);
    const conversationId = (await t.app.inject({ method: 'POST', url: '/api/coach/conversations', headers, payload: { resultId: result.id } })).json()
      .id as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      headers,
      payload: { conversationId, messages: [{ role: 'user', content: 'What are our biggest gaps?' }] },
    });

    for (const query of [`?result=${result.id}`, `?conversation=${conversationId}`]) {
      const page = await openCoach(claims, query);
      expect(page.body, query).toContain(`data-conversation-id="${conversationId}"`);
      expect(page.body).toContain('<div class="coach-question">What are our biggest gaps?</div>');
      expect(page.body).toMatch(/<div class="coach-answer coach-kept" data-markdown="true">\*\*Acme Analytics' biggest gaps\*\*/);
      expect(textOf(page.body)).toContain('it is here when you come back, on any device.');
    }
    const fresh = await openCoach(claims, `?result=${result.id}&new=1`);
    expect(fresh.body).not.toContain('data-conversation-id');
    expect(fresh.body).not.toContain('class="coach-question"');
    expect(textOf(fresh.body)).toContain('Your other conversations about this result (1)');
    // Someone else's conversation id is not theirs to open: the picker says so.
    const stranger = await openCoach({ sub: 'coach_resume_stranger' }, `?conversation=${conversationId}`);
    expect(textOf(stranger.body)).toContain('That result or conversation is not one of yours');
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

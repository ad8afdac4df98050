/**
 * The Moves and Intelligence pages without a browser (issue 28, item 6): a
 * lead sees the moves to decide with Approve and Dismiss, approves one (its
 * dispatch enqueued, as POST /api/moves/<id>/approve does), dismisses another
 * with a reason and a note, and chooses the kinds sent without approval; a
 * member sees who may approve instead of the button. The Intelligence page
 * shows the figures of GET /api/intelligence, for the account or a product.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../clock.ts';
import { billingAccounts } from '../../../modules/billing/tables.ts';
import { moves, type MoveKind, type MoveState } from '../../../modules/moves/tables.ts';
import { caller } from '../../../../test/onboarding-client.ts';
import { startTestApp, type TestApp } from '../../../../test/harness.ts';

const clock = new ManualClock('2026-11-20T12:00:00.000Z');
const admin = { sub: 'moves_page_admin', account: 'org_moves_page', role: 'admin' as const, email: 'admin@moves.test' };
const member = { sub: 'moves_page_member', account: 'org_moves_page', role: 'member' as const, email: 'member@moves.test' };
const CSRF = 'c'.repeat(43);
let t: TestApp;
let accountId = '';
let productId = '';

const textOf = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const page = async (url: string, claims: typeof admin | typeof member = admin) =>
  t.app.inject({ method: 'GET', url, cookies: { __session: await t.token(claims) } });
const post = async (url: string, fields: Record<string, string | string[]>, claims: typeof admin | typeof member = admin) => {
  const body = new URLSearchParams({ csrf: CSRF });
  for (const [name, value] of Object.entries(fields)) for (const one of ([] as string[]).concat(value)) body.append(name, one);
  return t.app.inject({
    method: 'POST',
    url,
    cookies: { __session: await t.token(claims), __csrf: CSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
};
const listed = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/moves', headers: await t.authHeaders(admin) })).json().moves as {
    id: string;
    state: MoveState;
    dismissal: { reason: string; note: string | null } | null;
  }[];

/** A move as proposing records it, `minutesAgo` before now. */
async function proposeMove(title: string, minutesAgo: number, extra: { kind?: MoveKind; state?: MoveState; link?: string } = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(moves)
    .values({
      accountId,
      productId,
      kind: extra.kind ?? 'linear_issue',
      origin: 'dimension_fell',
      dimensionId: 'pricing_packaging',
      fromLevel: 2,
      targetLevel: 3,
      resultId: crypto.randomUUID(),
      title,
      body: `## Why this move\nPricing & Packaging fell from level 3 to 2. [The result](${t.config.publicBaseUrl}/r/abc).\n\n## First steps\n- Publish the pricing page\n- Name the plans`,
      target: 'ENG Engineering',
      state: extra.state ?? 'proposed',
      proposedAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
      ...(extra.state === 'dispatched' ? { dispatchedAt: clock.now(), approvedAt: clock.now(), approvedBy: admin.sub, link: extra.link ?? null } : {}),
      proposalKey: `test ${title}`,
    })
    .returning({ id: moves.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp({ clock });
  accountId = await caller(t, admin).accountId();
  await t.database.db.update(billingAccounts).set({ plan: 'pro' }).where(eq(billingAccounts.accountId, accountId));
  await caller(t, member).accountId();
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: await t.authHeaders(admin),
    payload: { name: 'Relaymesh', url: 'https://relaymesh.example' },
  });
  expect(created.statusCode).toBe(201);
  productId = created.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('the Moves page', () => {
  let first = '';
  let second = '';

  it('shows a lead the moves to decide, with where each goes, why, the move in full and its forms', async () => {
    first = await proposeMove('Pricing & Packaging: from level 2 to 3', 20);
    second = await proposeMove('Packaging: from level 1 to 2', 10, { kind: 'github_issue' });
    await proposeMove('Sent before', 30, { state: 'dispatched', link: 'https://linear.app/eng/issue/ENG-1' });
    const shown = await page('/app/moves');
    expect(shown.statusCode).toBe(200);
    const text = textOf(shown.body);
    // Newest first.
    expect(text).toContain('To decide Packaging: from level 1 to 2 Relaymesh · GitHub issue in ENG Engineering Proposed');
    expect(text).toMatch(
      /Pricing & Packaging: from level 2 to 3 Relaymesh · Linear issue in ENG Engineering Proposed [^.]+ because Pricing & Packaging fell a level\./,
    );
    // The body: its headings and list drawn, its link to the result kept, escaped like any text.
    expect(shown.body).toContain('<h4>First steps</h4><ul><li>Publish the pricing page</li><li>Name the plans</li></ul>');
    expect(shown.body).toContain(`<a href="${t.config.publicBaseUrl}/r/abc">The result</a>`);
    expect(shown.body.match(/>Approve</g)).toHaveLength(2);
    expect(text).toContain('Why dismiss it? Choose a reason Helpful, but nothing to send We are already doing it Wrong diagnosis');
    expect(text).toContain('Sent before Sent Relaymesh · Linear issue in ENG Engineering');
    expect(shown.body).toMatch(/<a href="https:\/\/linear\.app\/eng\/issue\/ENG-1" class="move-link">Open the issue/);
    expect(text).toContain('approved by admin@moves.test');
  });

  it('shows a member who may approve instead of the button, and refuses a member the approval', async () => {
    const shown = await page('/app/moves', member);
    expect(shown.body).not.toContain('>Approve<');
    expect(textOf(shown.body)).toContain('Owners and admins approve moves: admin@moves.test.');
    const refused = await post(`/app/moves/${first}/approve`, {}, member);
    expect(refused.statusCode).toBe(403);
    expect(textOf(refused.body)).toContain('Only owners and admins approve moves. Nothing was sent.');
    expect((await listed()).find((move) => move.id === first)?.state).toBe('proposed');
  });

  it('approves a move for a lead, once, back on the page with what was done', async () => {
    const approved = await post(`/app/moves/${first}/approve`, {});
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe('/app/moves?done=approved');
    expect((await listed()).find((move) => move.id === first)?.state).toBe('approved');
    const again = await post(`/app/moves/${first}/approve`, {});
    expect(again.headers.location).toBe('/app/moves?done=approved');
    const text = textOf((await page(again.headers.location!)).body);
    expect(text).toContain('Approved: the move is being sent.');
    expect(text).toContain('Pricing & Packaging: from level 2 to 3 Being sent');
    expect(text).toContain('being sent.');
  });

  it('dismisses a move with a reason and a note, which the list then says', async () => {
    const noReason = await post(`/app/moves/${second}/dismiss`, { reason: '' }, member);
    expect(noReason.statusCode).toBe(400);
    expect(textOf(noReason.body)).toContain('Choose why the move is dismissed.');
    const dismissed = await post(`/app/moves/${second}/dismiss`, { reason: 'already_doing_it', note: '  The plans ship next week.  ' }, member);
    expect(dismissed.statusCode).toBe(303);
    expect(dismissed.headers.location).toBe('/app/moves?done=dismissed');
    expect((await listed()).find((move) => move.id === second)?.dismissal).toMatchObject({ reason: 'already_doing_it', note: 'The plans ship next week.' });
    const text = textOf((await page('/app/moves')).body);
    expect(text).toMatch(/Packaging: from level 1 to 2 Dismissed .* by member@moves\.test: We are already doing it\. Note: The plans ship next week\./);
    const twice = await post(`/app/moves/${second}/dismiss`, { reason: 'not_actionable' });
    expect(twice.statusCode).toBe(409);
    expect(textOf(twice.body)).toContain('That move is dismissed already');
    const approveDismissed = await post(`/app/moves/${second}/approve`, {});
    expect(approveDismissed.statusCode).toBe(409);
    expect(textOf(approveDismissed.body)).toContain('That move was dismissed: it cannot be approved.');
  });

  it('lets a lead choose the kinds sent without approval; a member reads them', async () => {
    const saved = await post('/app/moves/settings', { autoDispatch: ['slack_post', 'rescore'] });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/app/moves?done=settings');
    const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/moves/settings', headers: await t.authHeaders(admin) })).json();
    expect(await settings()).toEqual({ autoDispatch: ['slack_post', 'rescore'] });
    expect((await page('/app/moves')).body).toMatch(/<input type="checkbox" name="autoDispatch" value="rescore" checked\/?>/);
    expect(textOf((await page('/app/moves', member)).body)).toContain('Sent as soon as proposed: Slack posts, Rescores.');
    expect((await post('/app/moves/settings', { autoDispatch: 'rescore' })).statusCode).toBe(303);
    expect(await settings()).toEqual({ autoDispatch: ['rescore'] });
    expect((await post('/app/moves/settings', { autoDispatch: 'everything' })).statusCode).toBe(400);
    expect((await post('/app/moves/settings', {}, member)).statusCode).toBe(403);
    expect(await settings()).toEqual({ autoDispatch: ['rescore'] });
  });

  it("is the 404 page for a cursor or word it does not know, and for another account's move", async () => {
    expect((await page('/app/moves?done=everything')).statusCode).toBe(404);
    expect((await page('/app/moves?cursor=nope')).statusCode).toBe(404);
    const stranger = { sub: 'moves_page_stranger', account: 'org_moves_elsewhere', role: 'owner' as const, email: 'owner@elsewhere.test' };
    expect((await post(`/app/moves/${first}/approve`, {}, stranger as unknown as typeof admin)).statusCode).toBe(404);
  });
});

describe('the Intelligence page', () => {
  it('shows the figures of GET /api/intelligence for the account, and for a product', async () => {
    const api = (await t.app.inject({ method: 'GET', url: '/api/intelligence', headers: await t.authHeaders(member) })).json();
    const shown = await page('/app/intelligence', member);
    expect(shown.statusCode).toBe(200);
    const text = textOf(shown.body);
    expect(text).toContain(`Moves proposed ${api.movesProposed} `);
    expect(text).toContain(`Moves sent ${api.movesDispatched} `);
    expect(text).toContain('Moves dismissed 1 ');
    expect(text).toContain('Loop closure rate Not yet measured');
    expect(text).toContain('Which kinds of move worked Kind Sent Loops closed Linear issues 1 0 GitHub issues 0 0 Slack posts 0 0 Rescores 0 0');
    expect(text).toContain('Why moves were dismissed Reason Moves We are already doing it 1');
    const forProduct = await page(`/app/intelligence?product=${productId}`, member);
    expect(forProduct.statusCode).toBe(200);
    expect(forProduct.body).toMatch(new RegExp(`<option value="${productId}" selected>Relaymesh</option>`));
    expect(textOf(forProduct.body)).toContain('Whether the moves worked for Relaymesh');
    expect((await page('/app/intelligence?product=', member)).statusCode).toBe(200);
    expect((await page(`/app/intelligence?product=${crypto.randomUUID()}`, member)).statusCode).toBe(404);
  });
});

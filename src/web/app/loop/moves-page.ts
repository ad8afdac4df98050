/**
 * GET /app/moves: the Moves page (moves-view.ts), with ?cursor= an older
 * page of every move (the previous page's last) and ?done= the word a form
 * left. A value the page does not know is the 404 page, as on the Changes
 * page.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../../http/app-types.ts';
import { isUuid } from '../../../http/uuid.ts';
import type { Role } from '../../../vocabulary/roles.ts';
import { sendNotFoundPage } from '../../pages/not-found-page.ts';
import { html } from '../../view.ts';
import { APP_PATHS, sendAppPage } from '../app-layout.ts';
import { appVisit, type AppVisit } from '../app-visit.ts';
import type { LoopDeps } from './loop-deps.ts';
import { isMoveAction, movesPath } from './loop-paths.ts';
import { MovesView, type MovesPage } from './moves-view.ts';

/** Who approved or dismissed, when the member has no address on record. */
const ROLE_WORDS: Readonly<Record<Role, string>> = { owner: 'an owner', admin: 'an admin', member: 'a member' };

/** Moves listed a page in "Every move"; "Older moves" leads on. */
const MOVES_PAGE_SIZE = 20;
/** Proposed moves, and failed ones, shown to decide: enough for any week; more say so. */
const TO_DECIDE_SHOWN = 30;

const MovesQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 100 })), done: Type.Optional(Type.String({ maxLength: 20 })) });

export function registerMovesPage(app: App, deps: LoopDeps): void {
  app.get(APP_PATHS.moves, { config: { auth: 'page' }, schema: { hide: true, querystring: MovesQuery } }, async (request, reply) => {
    const visit = await appVisit(request, reply, deps);
    if (!visit) return reply;
    const { cursor = null, done = null } = request.query;
    if ((cursor !== null && !isUuid(cursor)) || (done !== null && !isMoveAction(done))) return sendNotFoundPage(reply, deps.settings, visit.viewer);
    return sendMovesPage(reply, deps, visit, cursor, done ? { done } : null);
  });
}

/** The Moves page, also as a form answers when it refuses (403, 409, 429 or 400, with why; nothing changed). */
export async function sendMovesPage(reply: FastifyReply, deps: LoopDeps, visit: AppVisit, cursor: string | null, notice: MovesPage['notice'], status = 200) {
  const accountId = visit.account.id;
  const [proposed, failed, log, products, members, settings] = await Promise.all([
    deps.moves.list(accountId, { state: 'proposed', limit: TO_DECIDE_SHOWN }),
    deps.moves.list(accountId, { state: 'failed', limit: TO_DECIDE_SHOWN }),
    deps.moves.list(accountId, { after: cursor ?? undefined, limit: MOVES_PAGE_SIZE }),
    deps.products.list(accountId),
    deps.accounts.members(accountId),
    deps.moves.settings(accountId),
  ]);
  const toDecide = [...proposed.moves, ...failed.moves].sort((a, b) => b.proposedAt.getTime() - a.proposedAt.getTime()).slice(0, TO_DECIDE_SHOWN);
  const page: MovesPage = {
    toDecide,
    moreToDecide: proposed.nextCursor !== null || failed.nextCursor !== null || proposed.moves.length + failed.moves.length > TO_DECIDE_SHOWN,
    log: { ...log, cursor },
    people: new Map(members.map((member) => [member.userId, member.email ?? ROLE_WORDS[member.role]])),
    autoDispatch: settings.autoDispatch,
    context: {
      productNames: new Map(products.map((product) => [product.id, product.name])),
      csrf: visit.csrf,
      appOrigin: new URL(deps.settings.publicBaseUrl).origin,
      mayApprove: visit.may('moves:approve'),
      leads: members.filter((member) => member.role !== 'member' && member.email).map((member) => member.email!),
    },
    notice,
  };
  return sendAppPage(
    reply,
    deps.settings,
    visit,
    { title: 'Moves', path: movesPath({ cursor }), section: 'moves', body: html`<${MovesView} page=${page} />`, styles: ['dashboard.css'] },
    status,
  );
}

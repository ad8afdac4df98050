/**
 * Invitations by email (issue 23, part 4): an owner or admin invites an
 * address with a role; the mail carries a single-use link that expires;
 * pending invitations are listed and revocable; accepting puts the signed-in
 * person in the account with the invitation's role (AccountService
 * .joinByInvitation). Part of the accounts module: it owns the invitations
 * table and writes memberships through the account service.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Transaction } from '../../db/client.ts';
import type { Identity } from '../../identity/claims.ts';
import { lockMembershipsOf, type AccountService } from './account-service.ts';
import { accounts, auditLog, invitations, memberships } from './tables.ts';

/** How long an invitation's link works. */
export const INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;
/** 32 random bytes: the link's token, as unguessable as a session. */
const TOKEN_BYTES = 32;
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export interface InvitationView {
  id: string;
  email: string;
  role: InvitableRole;
  invitedByUserId: string;
  createdAt: Date;
  expiresAt: Date;
  /** Open invitations only: past expiresAt, an expired one is listed until it is revoked or replaced. */
  status: 'pending' | 'expired';
}

/** What the invitation mail says: the account, who invited, the role, the link and when it stops working. */
export interface InvitationMailContent {
  to: string;
  accountName: string;
  invitedBy: string;
  role: InvitableRole;
  link: string;
  expiresAt: Date;
}

/** The account's seats (null: unlimited) and the name of the plan that gives them, for a refusal's words. */
export type SeatAllowance = (accountId: string) => Promise<{ seats: number | null; planName: string }>;

export type InviteOutcome =
  | { ok: true; invitation: InvitationView; replaced: boolean }
  | { ok: false; reason: 'already_member' }
  | { ok: false; reason: 'no_seat'; seats: number; planName: string };

/** What a link leads to, for its page: the account, the role and whether it can still be accepted. */
export interface InvitationPreview {
  status: 'pending' | 'expired' | 'accepted' | 'revoked';
  accountName: string;
  email: string;
  role: InvitableRole;
  expiresAt: Date;
}

export type AcceptOutcome =
  | { ok: true; accountId: string; accountName: string; role: InvitableRole; alreadyMember: boolean }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'expired' | 'accepted' | 'revoked'; accountName: string }
  | { ok: false; reason: 'other_address'; invitedEmail: string }
  | { ok: false; reason: 'no_seat'; accountName: string };

/** Addresses are kept trimmed and lower-cased, as email preferences key them. */
export function normalisedAddress(email: string): string {
  return email.trim().toLowerCase();
}

function tokenHash(token: string): string {
  return `sha256:${createHash('sha256').update(token).digest('hex')}`;
}

export class InvitationService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #accounts: AccountService;
  readonly #seats: SeatAllowance;
  readonly #mail: (tx: Transaction, content: InvitationMailContent, accountId: string, invitationId: string) => Promise<void>;
  readonly #publicBaseUrl: string;

  constructor(deps: {
    db: Database;
    clock: Clock;
    accounts: AccountService;
    seats: SeatAllowance;
    /** Enqueues the invitation mail in the inviting transaction. */
    mail: (tx: Transaction, content: InvitationMailContent, accountId: string, invitationId: string) => Promise<void>;
    publicBaseUrl: string;
  }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#accounts = deps.accounts;
    this.#seats = deps.seats;
    this.#mail = deps.mail;
    this.#publicBaseUrl = deps.publicBaseUrl;
  }

  /** The page a link opens: /invitations/<token>. */
  linkFor(token: string): string {
    return new URL(`/invitations/${encodeURIComponent(token)}`, this.#publicBaseUrl).href;
  }

  /**
   * Invites an address with a role and mails it the link. An open
   * invitation to the same address is replaced (revoked, its link dead).
   * A seat is held for each open invitation: refused when the members and
   * the other open invitations already fill the plan's seats.
   */
  async invite(accountId: string, actor: { userId: string; email: string | null }, request: { email: string; role: InvitableRole }): Promise<InviteOutcome> {
    const email = normalisedAddress(request.email);
    const now = this.#clock.now();
    const { seats, planName } = await this.#seats(accountId);
    return this.#db.transaction(async (tx): Promise<InviteOutcome> => {
      // Invitations, joins and removals of one account take turns: the seat count below holds until the commit.
      await lockMembershipsOf(tx, accountId);
      const [member] = await tx
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), sql`lower(trim(${memberships.email})) = ${email}`));
      if (member) return { ok: false, reason: 'already_member' };
      if (seats !== null) {
        // The open invitation this one replaces holds no seat of its own here.
        const held = (await this.#accounts.memberCount(tx, accountId)) + (await this.#openCountOtherThan(tx, accountId, email, now));
        if (held >= seats) return { ok: false, reason: 'no_seat', seats, planName };
      }
      const replaced = await tx
        .update(invitations)
        .set({ revokedAt: now })
        .where(and(eq(invitations.accountId, accountId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning({ id: invitations.id });
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const expiresAt = new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS);
      const [row] = await tx
        .insert(invitations)
        .values({ accountId, email, role: request.role, tokenHash: tokenHash(token), invitedByUserId: actor.userId, createdAt: now, expiresAt })
        .returning();
      const [account] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
      await tx
        .insert(auditLog)
        .values({ accountId, actorUserId: actor.userId, action: 'member_invited', details: { invitationId: row!.id, role: request.role } });
      await this.#mail(
        tx,
        {
          to: email,
          accountName: account?.name ?? 'your team',
          invitedBy: actor.email ?? 'An admin',
          role: request.role,
          link: this.linkFor(token),
          expiresAt,
        },
        accountId,
        row!.id,
      );
      return { ok: true, invitation: viewOf(row!, now), replaced: replaced.length > 0 };
    });
  }

  /** Open invitations that still hold a seat (not expired), but for one address's. */
  async #openCountOtherThan(tx: Transaction, accountId: string, email: string, now: Date): Promise<number> {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(invitations)
      .where(
        and(
          eq(invitations.accountId, accountId),
          ne(invitations.email, email),
          isNull(invitations.acceptedAt),
          isNull(invitations.revokedAt),
          gt(invitations.expiresAt, now),
        ),
      );
    return row?.count ?? 0;
  }

  /** The account's open invitations (pending or expired), oldest first. */
  async open(accountId: string): Promise<InvitationView[]> {
    const now = this.#clock.now();
    const rows = await this.#db
      .select()
      .from(invitations)
      .where(and(eq(invitations.accountId, accountId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
      .orderBy(asc(invitations.createdAt), asc(invitations.id));
    return rows.map((row) => viewOf(row, now));
  }

  /** Revokes an open invitation of this account: its link stops working. False when there is none by that id. */
  async revoke(accountId: string, invitationId: string, actor: { userId: string }): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const revoked = await tx
        .update(invitations)
        .set({ revokedAt: this.#clock.now() })
        .where(and(eq(invitations.id, invitationId), eq(invitations.accountId, accountId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
        .returning({ id: invitations.id });
      if (revoked.length === 0) return false;
      await tx.insert(auditLog).values({ accountId, actorUserId: actor.userId, action: 'invitation_revoked', details: { invitationId } });
      return true;
    });
  }

  /** What a link leads to; null for a token we never issued. */
  async preview(token: string): Promise<InvitationPreview | null> {
    const [row] = await this.#db
      .select({ invitation: invitations, accountName: accounts.name })
      .from(invitations)
      .innerJoin(accounts, eq(accounts.id, invitations.accountId))
      .where(eq(invitations.tokenHash, tokenHash(token)));
    if (!row) return null;
    const { invitation } = row;
    return {
      status: statusOf(invitation, this.#clock.now()),
      accountName: row.accountName,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
    };
  }

  /**
   * Accepts an invitation as the signed-in person: once, before it expires,
   * unless revoked, and only by the address it was sent to (the link is
   * forwarded easily; the address is what the inviter chose). The person
   * joins with the invitation's role; a removal of theirs is lifted.
   */
  async accept(token: string, identity: Identity): Promise<AcceptOutcome> {
    const now = this.#clock.now();
    const [found] = await this.#db
      .select({ accountId: invitations.accountId })
      .from(invitations)
      .where(eq(invitations.tokenHash, tokenHash(token)));
    if (!found) return { ok: false, reason: 'unknown' };
    const { seats } = await this.#seats(found.accountId);
    const outcome = await this.#db.transaction(async (tx): Promise<AcceptOutcome> => {
      const [row] = await tx
        .select({ invitation: invitations, accountName: accounts.name })
        .from(invitations)
        .innerJoin(accounts, eq(accounts.id, invitations.accountId))
        .where(eq(invitations.tokenHash, tokenHash(token)))
        .for('update', { of: invitations });
      if (!row) return { ok: false, reason: 'unknown' };
      const { invitation, accountName } = row;
      const status = statusOf(invitation, now);
      if (status !== 'pending') return { ok: false, reason: status, accountName };
      if (identity.email === null || normalisedAddress(identity.email) !== invitation.email) {
        return { ok: false, reason: 'other_address', invitedEmail: invitation.email };
      }
      const joined = await this.#accounts.joinByInvitation(
        tx,
        invitation.accountId,
        { userId: identity.userId, email: invitation.email },
        invitation.role,
        seats,
      );
      if (joined === 'no_seat') return { ok: false, reason: 'no_seat', accountName };
      await tx.update(invitations).set({ acceptedAt: now, acceptedByUserId: identity.userId }).where(eq(invitations.id, invitation.id));
      return { ok: true, accountId: invitation.accountId, accountName, role: invitation.role, alreadyMember: joined === 'already_member' };
    });
    if (outcome.ok) this.#accounts.forgetAfterInvitedJoin(outcome.accountId, identity.userId);
    return outcome;
  }
}

type InvitationRow = typeof invitations.$inferSelect;

function statusOf(row: InvitationRow, now: Date): InvitationPreview['status'] {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function viewOf(row: InvitationRow, now: Date): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedByUserId: row.invitedByUserId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    status: row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending',
  };
}

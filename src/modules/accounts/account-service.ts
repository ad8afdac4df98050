/**
 * Accounts: who the caller is in our terms (account, role), account details,
 * renaming, members, and erasure. Owns accounts, memberships, audit_log and
 * erased_identities.
 */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { rowsOf, type Database, type Executor, type Transaction } from '../../db/client.ts';
import { ExpiringCache } from '../../expiring-cache.ts';
import type { Identity } from '../../identity/claims.ts';
import type { Outbox } from '../../queue/outbox.ts';
import type { ErasureParticipant } from './erasure.ts';
import type { Role } from '../../vocabulary/roles.ts';
import { accounts, auditLog, memberships, removedMembers } from './tables.ts';

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** Why a member who holds no seat is refused, and what an owner can do about it (the plan's advice). */
export interface SeatRefusal {
  message: string;
  action: string;
}

export type ResolveOutcome =
  | { ok: true; accountId: string; role: Role }
  | { ok: false; reason: 'account_erased' }
  /** An admin removed this person from the account, and nobody has invited them again. */
  | { ok: false; reason: 'removed' }
  /** A member who holds no seat: the plan's seats are taken. */
  | { ok: false; reason: 'no_seat'; refusal: SeatRefusal };

export interface AccountHooks {
  /** Runs in the creating transaction: e.g. the billing record. */
  onAccountCreated?(tx: Transaction, accountId: string): Promise<void>;
  /**
   * Whether a member (role member) holds a seat; a returned refusal refuses
   * the request. Owners and admins are never asked: they always reach the account.
   */
  seatRefusal?(executor: Executor, accountId: string, countSeatsHeldAhead: () => Promise<number>): Promise<SeatRefusal | null>;
  /** The plan's seat count, null for unlimited: the member list shows who holds one. */
  seatLimit?(accountId: string): Promise<number | null>;
  /**
   * Subscribes to changes of the plans behind the seats (the billing
   * module's payment events in this instance): a member's seat, decided from
   * the plan, is then decided again.
   */
  onSeatsChanged?(listener: (accountId: string) => void): void;
  /** Runs in the transaction that adds a member (a first join): e.g. the member.added webhook event. */
  onMemberAdded?(tx: Transaction, accountId: string, member: { userId: string; role: Role }): Promise<void>;
  /** Runs in the transaction that removes a member: e.g. the member.removed webhook event. */
  onMemberRemoved?(tx: Transaction, accountId: string, member: { userId: string; role: Role }): Promise<void>;
}

export interface MemberView {
  userId: string;
  role: Role;
  email: string | null;
  createdAt: Date;
  holdsSeat: boolean;
}

export type RemoveMemberOutcome = 'removed' | 'not_found' | 'forbidden';

/** How accepting an invitation ended for the team: joined, a member already, or refused for want of a seat. */
export type InvitedJoinOutcome = 'joined' | 'already_member' | 'no_seat';

export type StartOverOutcome =
  | { ok: true; accountId: string; role: Role }
  | { ok: false; reason: 'not_owner' | 'erased_again' | 'removed' }
  | { ok: false; reason: 'no_seat'; refusal: SeatRefusal };

export interface AccountView {
  id: string;
  name: string;
  kind: 'organization' | 'personal';
  createdAt: Date;
}

/**
 * How long a resolved caller (identity -> account, role, seat) is reused
 * without a query. This instance forgets it at once when it changes the
 * account's memberships, erases the account or applies a payment event to
 * it; what another instance sharing the database changes is seen here at
 * most this much later (docs/DECISIONS.md, "Performance (issue 11)").
 */
export const RESOLVED_CALLER_TTL_MS = 10_000;

/**
 * Roles whose resolution is never remembered: an admin's rights end the
 * moment they are removed, on every instance (issue 24), so every request
 * of theirs reads the membership. An owner cannot be removed; a member's
 * removal reaches another instance within RESOLVED_CALLER_TTL_MS.
 */
const ROLES_READ_ON_EVERY_REQUEST: ReadonlySet<Role> = new Set(['admin']);
const RESOLVED_CALLERS_MAX = 10_000;

interface ResolvedCaller {
  externalKey: string;
  accountId: string;
  role: Role;
}

function externalKeyOf(identity: Identity): string {
  return identity.organization ? `org:${identity.organization.id}` : `user:${identity.userId}`;
}

/**
 * An identifier as erasure keeps it: a hash keyed with the database's own
 * secret (erasure_keys), so a tombstone or an audit entry can be matched to a
 * returning identity but never read back. Computed in SQL, so the migration
 * that hashed the older rows and this code cannot disagree.
 */
function identityHash(identifier: string) {
  return sql`'sha256:' || encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':' || ${identifier}, 'UTF8')), 'hex')`;
}

/** Serialises the changes to one account's team (joins, role changes, removals, invitations) until the transaction ends. */
export async function lockMembershipsOf(tx: Transaction, accountId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`seats:${accountId}`}))`);
}

/**
 * The account id as the erased account's audit entry keeps it: a uuid made
 * from a keyed hash of the id (the same key as identityHash), so an
 * operator who holds the id and the database can find the entry, and
 * nobody can read the id back from it.
 */
function keyedAccountId(accountId: string) {
  return sql`substr(encode(sha256(convert_to((SELECT secret FROM erasure_keys WHERE name = 'tombstone') || ':account:' || ${accountId}, 'UTF8')), 'hex'), 1, 32)::uuid`;
}

export class AccountService {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #outbox: Outbox;
  readonly #hooks: AccountHooks;
  /** Read at erasure time, not copied: the composition root subscribes the participants after this is built (src/domain-events.ts). */
  readonly #erasureParticipants: readonly ErasureParticipant[];
  /**
   * Callers resolved on the path that changes nothing, keyed by what the
   * resolution depends on in the token: the account's external key, the
   * user and the role the provider gives. A token's other claims change
   * nothing here, and its expiry is checked by the verifier on every
   * request, before this is asked. Refusals are never kept.
   */
  readonly #resolvedCallers: ExpiringCache<string, ResolvedCaller>;

  constructor(deps: { db: Database; clock: Clock; outbox: Outbox; hooks?: AccountHooks; erasureParticipants?: readonly ErasureParticipant[] }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#outbox = deps.outbox;
    this.#hooks = deps.hooks ?? {};
    this.#erasureParticipants = deps.erasureParticipants ?? [];
    this.#resolvedCallers = new ExpiringCache({ clock: deps.clock, ttlMs: RESOLVED_CALLER_TTL_MS, maxEntries: RESOLVED_CALLERS_MAX });
    this.#hooks.onSeatsChanged?.((accountId) => this.#forgetCallersOf(accountId));
  }

  /** Every caller of the account resolves afresh on their next request (after a commit that changed who they are there). */
  #forgetCallersOf(accountId: string): void {
    this.#resolvedCallers.invalidate((_key, caller) => caller.accountId === accountId);
  }

  /**
   * The caller's account and role. A personal account is created on the
   * user's first request, an organisation's on its first member's; the
   * membership row mirrors the provider's role. An erased identity is never
   * silently re-created.
   */
  async resolve(identity: Identity): Promise<ResolveOutcome> {
    const externalKey = externalKeyOf(identity);
    const role: Role = identity.organization?.role ?? 'owner';
    const cacheKey = JSON.stringify([externalKey, identity.userId, role]);
    const resolved = this.#resolvedCallers.get(cacheKey);
    if (resolved) return { ok: true, accountId: resolved.accountId, role: resolved.role };

    const ticket = this.#resolvedCallers.ticket();
    // A session that names no organisation acts where its invitation took the person, if one did.
    const invited = identity.organization ? null : await this.#invitedMembershipOf(identity.userId);
    if (invited) {
      const outcome = await this.#withSeat(this.#db, invited.accountId, identity.userId, invited.role);
      if (outcome.ok && !ROLES_READ_ON_EVERY_REQUEST.has(outcome.role)) {
        this.#resolvedCallers.set(cacheKey, { externalKey, accountId: outcome.accountId, role: outcome.role }, ticket);
      }
      return outcome;
    }
    const [known] = await this.#db
      .select({
        accountId: accounts.id,
        role: memberships.role,
        removed: sql<boolean>`EXISTS (SELECT 1 FROM ${removedMembers} WHERE ${removedMembers.accountId} = ${accounts.id} AND ${removedMembers.userId} = ${identity.userId})`,
      })
      .from(accounts)
      .leftJoin(memberships, and(eq(memberships.accountId, accounts.id), eq(memberships.userId, identity.userId)))
      .where(eq(accounts.externalKey, externalKey));
    // Removed by an admin: the provider's claims do not bring them back, only an invitation does.
    if (known?.removed) return { ok: false, reason: 'removed' };
    if (known && known.role === role) {
      const outcome = await this.#withSeat(this.#db, known.accountId, identity.userId, role);
      if (outcome.ok && !ROLES_READ_ON_EVERY_REQUEST.has(outcome.role)) {
        this.#resolvedCallers.set(cacheKey, { externalKey, accountId: outcome.accountId, role: outcome.role }, ticket);
      }
      return outcome;
    }

    // The membership is written (a join or a role change): the account's seats may move, decided afresh for everyone.
    const written = await this.#joinOrChangeRole(identity, externalKey, role, known?.accountId ?? null);
    if (written.accountId) this.#forgetCallersOf(written.accountId);
    return written.outcome;
  }

  /** Creates the account or the membership, or changes the role; with the account whose memberships it wrote. */
  async #joinOrChangeRole(
    identity: Identity,
    externalKey: string,
    role: Role,
    knownAccountId: string | null,
  ): Promise<{ accountId: string | null; outcome: ResolveOutcome }> {
    return this.#db.transaction(async (tx) => {
      const accountId = knownAccountId ?? (await this.#createAccount(tx, identity, externalKey));
      if (!accountId) return { accountId: null, outcome: { ok: false, reason: 'account_erased' } as const };
      // Joins, role changes, removals and invitations of one account take turns: none decides on a state another is changing.
      await lockMembershipsOf(tx, accountId);
      if (await this.#isRemoved(tx, accountId, identity.userId)) return { accountId: null, outcome: { ok: false, reason: 'removed' } as const };
      const [existing] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, identity.userId)))
        .for('update');
      if (existing) {
        if (existing.role !== role) {
          await tx
            .update(memberships)
            .set({ role })
            .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, identity.userId)));
        }
        return { accountId, outcome: await this.#withSeat(tx, accountId, identity.userId, role) };
      }
      // Everyone the provider sends is recorded, seat or not, so owners see who is waiting for one.
      // Joins are serialised per account (the lock above) and stamped with the time of the insert (not
      // of the transaction), so the joining order that decides seats is the order of the inserts.
      await tx
        .insert(memberships)
        .values({ accountId, userId: identity.userId, role, email: identity.email, createdAt: sql`clock_timestamp()` })
        .onConflictDoUpdate({ target: [memberships.accountId, memberships.userId], set: { role } });
      await this.#hooks.onMemberAdded?.(tx, accountId, { userId: identity.userId, role });
      return { accountId, outcome: await this.#withSeat(tx, accountId, identity.userId, role) };
    });
  }

  /** The latest organisation the user joined by an invitation (removal deletes the membership, so it is gone then). */
  async #invitedMembershipOf(userId: string): Promise<{ accountId: string; role: Role } | null> {
    const [invited] = await this.#db
      .select({ accountId: memberships.accountId, role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.byInvitation, true)))
      .orderBy(desc(memberships.createdAt))
      .limit(1);
    return invited ?? null;
  }

  /**
   * Adds the person to the account with the invitation's role, in the
   * caller's transaction (the invitation is marked used in the same one).
   * A removal of theirs is lifted: the invitation is what lets them back.
   * Refused when the members already fill the plan's seats: pending
   * invitations held a seat when they were sent, and only the team itself
   * counts now (docs/DECISIONS.md, "Invitations").
   */
  async joinByInvitation(
    tx: Transaction,
    accountId: string,
    person: { userId: string; email: string | null },
    role: Role,
    /** The plan's seats (null: unlimited), read before the transaction: the embedded database has one connection. */
    seats: number | null,
  ): Promise<InvitedJoinOutcome> {
    await lockMembershipsOf(tx, accountId);
    const [existing] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, person.userId)));
    if (existing) return 'already_member';
    if (seats !== null && (await this.memberCount(tx, accountId)) >= seats) return 'no_seat';
    await tx.delete(removedMembers).where(and(eq(removedMembers.accountId, accountId), eq(removedMembers.userId, person.userId)));
    await tx.insert(memberships).values({ accountId, userId: person.userId, role, email: person.email, byInvitation: true, createdAt: sql`clock_timestamp()` });
    await this.#hooks.onMemberAdded?.(tx, accountId, { userId: person.userId, role });
    await tx.insert(auditLog).values({ accountId, actorUserId: person.userId, action: 'invitation_accepted', details: { role } });
    return 'joined';
  }

  /** After the commit of an invited join: the person's personal-account resolution and the account's seats are decided afresh. */
  forgetAfterInvitedJoin(accountId: string, userId: string): void {
    this.#forgetCallersOf(accountId);
    this.#resolvedCallers.invalidate((_key, caller) => caller.externalKey === `user:${userId}`);
  }

  async #isRemoved(executor: Executor, accountId: string, userId: string): Promise<boolean> {
    const [removed] = await executor
      .select({ userId: removedMembers.userId })
      .from(removedMembers)
      .where(and(eq(removedMembers.accountId, accountId), eq(removedMembers.userId, userId)));
    return removed !== undefined;
  }

  /** The resolved caller, unless a member holds no seat. Owners and admins always reach the account. */
  async #withSeat(executor: Executor, accountId: string, userId: string, role: Role): Promise<ResolveOutcome> {
    const countSeatsHeldAhead = () => this.seatsHeldAhead(executor, accountId, userId);
    const refusal = role === 'member' ? ((await this.#hooks.seatRefusal?.(executor, accountId, countSeatsHeldAhead)) ?? null) : null;
    return refusal === null ? { ok: true, accountId, role } : { ok: false, reason: 'no_seat', refusal };
  }

  /**
   * How many seats are held ahead of this user: seats go to owners and
   * admins first, then to members in the order they joined (ties by user id).
   * A member holds a seat when this is below the plan's seat count.
   */
  async seatsHeldAhead(executor: Executor, accountId: string, userId: string): Promise<number> {
    const result = await executor.execute(sql`
      SELECT count(*)::int AS ahead
      FROM memberships m, memberships me
      WHERE me.account_id = ${accountId} AND me.user_id = ${userId} AND m.account_id = ${accountId}
        AND (m.role <> 'member' OR (m.created_at, m.user_id) < (me.created_at, me.user_id))`);
    return rowsOf<{ ahead: number }>(result)[0]?.ahead ?? 0;
  }

  /**
   * Starts an erased identity over, on its explicit request: the tombstone
   * goes and a new, empty account is made as on a first sign-in. Only the
   * owner may start an organisation over. Nothing of the erased account
   * exists any more, so nothing comes back.
   */
  async startOver(identity: Identity): Promise<StartOverOutcome> {
    if (identity.organization && identity.organization.role !== 'owner') return { ok: false, reason: 'not_owner' };
    const externalKey = externalKeyOf(identity);
    // Whatever this instance remembers of the identity belongs to the erased account (erased on another instance, maybe).
    this.#resolvedCallers.invalidate((_key, caller) => caller.externalKey === externalKey);
    await this.#db.execute(sql`DELETE FROM erased_identities WHERE external_key = ${identityHash(externalKey)}`);
    const resolved = await this.resolve(identity);
    if (!resolved.ok) return resolved.reason === 'no_seat' || resolved.reason === 'removed' ? resolved : { ok: false, reason: 'erased_again' };
    await this.#db.insert(auditLog).values({ accountId: resolved.accountId, actorUserId: identity.userId, action: 'account_started_over', details: {} });
    return { ok: true, accountId: resolved.accountId, role: resolved.role };
  }

  /** Creates the account unless its identity was erased; returns its id, or null when erased. */
  async #createAccount(tx: Transaction, identity: Identity, externalKey: string): Promise<string | null> {
    const name = identity.organization ? (identity.organization.slug ?? `Organisation ${identity.organization.id}`) : (identity.email ?? 'Personal account');
    // One statement: no account is created for a key that sits in erased_identities. Created at the
    // injected clock's time, not the database's: the trial (onboarding) and the Free cycle count from it.
    const created = await tx.execute(sql`
      INSERT INTO accounts (external_key, kind, name, created_at)
      SELECT ${externalKey}, ${identity.organization ? 'organization' : 'personal'}, ${name}, ${this.#clock.now().toISOString()}::timestamptz
      WHERE NOT EXISTS (SELECT 1 FROM erased_identities WHERE external_key = ${identityHash(externalKey)})
      ON CONFLICT (external_key) DO NOTHING
      RETURNING id`);
    const createdId = rowsOf<{ id: string }>(created)[0]?.id;
    if (createdId) {
      await this.#hooks.onAccountCreated?.(tx, createdId);
      return createdId;
    }
    // Either a concurrent first request created it, or the identity was erased.
    const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.externalKey, externalKey));
    return existing?.id ?? null;
  }

  async get(accountId: string): Promise<AccountView | null> {
    const [account] = await this.#db
      .select({ id: accounts.id, name: accounts.name, kind: accounts.kind, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    return account ?? null;
  }

  /** Records an action in the account's audit log, in the caller's transaction: how other modules audit (their moves, their settings). */
  async audit(executor: Executor, accountId: string, actorUserId: string, action: string, details: Record<string, unknown>): Promise<void> {
    await executor.insert(auditLog).values({ accountId, actorUserId, action, details, createdAt: this.#clock.now() });
  }

  async rename(accountId: string, name: string, actorUserId: string): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      const updated = await tx.update(accounts).set({ name }).where(eq(accounts.id, accountId)).returning({ id: accounts.id });
      if (updated.length === 0) return false;
      await tx.insert(auditLog).values({ accountId, actorUserId, action: 'account_renamed', details: { name } });
      return true;
    });
  }

  /**
   * One page of the accounts created at or after `since`, oldest first, after
   * the `after` cursor (the last row of the previous page): the accounts still
   * in their trial, for the lifecycle mail sweep. Paged by (created_at, id), so
   * a sweep is a bounded series of indexed reads.
   */
  async createdSince(since: Date, page: { after?: { createdAt: Date; id: string }; limit: number }): Promise<{ id: string; createdAt: Date }[]> {
    const after = page.after;
    return this.#db
      .select({ id: accounts.id, createdAt: accounts.createdAt })
      .from(accounts)
      .where(
        after
          ? and(
              gte(accounts.createdAt, since),
              sql`(${accounts.createdAt}, ${accounts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
            )
          : gte(accounts.createdAt, since),
      )
      .orderBy(asc(accounts.createdAt), asc(accounts.id))
      .limit(page.limit);
  }

  /** The team, owners and admins first, then members in the order they joined, and who holds a seat. */
  async members(accountId: string): Promise<MemberView[]> {
    const rows = await this.#db
      .select({ userId: memberships.userId, role: memberships.role, email: memberships.email, createdAt: memberships.createdAt })
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(sql`${memberships.role} = 'member'`, asc(memberships.createdAt), asc(memberships.userId));
    const seats = (await this.#hooks.seatLimit?.(accountId)) ?? null;
    return rows.map((row, index) => ({ ...row, holdsSeat: row.role !== 'member' || seats === null || index < seats }));
  }

  /**
   * The addresses of the account's members and of the people it invited
   * that no other account's member or invitation has, compared trimmed and
   * lower-cased (as email preferences key them): what leaves with the
   * account when it is erased (an invitation's mail included).
   */
  async addressesOnlyIn(executor: Executor, accountId: string): Promise<string[]> {
    const rows = rowsOf<{ email: string }>(
      await executor.execute(sql`
        SELECT DISTINCT a.email FROM (
          SELECT lower(trim(m.email)) AS email FROM memberships m WHERE m.account_id = ${accountId}::uuid AND m.email IS NOT NULL
          UNION SELECT i.email FROM invitations i WHERE i.account_id = ${accountId}::uuid
        ) a
        WHERE NOT EXISTS (SELECT 1 FROM memberships o WHERE o.account_id <> ${accountId}::uuid AND lower(trim(o.email)) = a.email)
          AND NOT EXISTS (SELECT 1 FROM invitations o WHERE o.account_id <> ${accountId}::uuid AND o.email = a.email)`),
    );
    return rows.map((row) => row.email);
  }

  /**
   * Removes a member from the account, freeing their seat, and records the
   * removal: whatever the identity provider's claims still say, their next
   * request is refused (403), on every instance, until an admin invites them
   * again (`invite`). An owner is never removed: the account must always
   * have one.
   */
  async removeMember(accountId: string, userId: string, actor: { userId: string; role: Role }): Promise<RemoveMemberOutcome> {
    const outcome = await this.#db.transaction(async (tx): Promise<RemoveMemberOutcome> => {
      await lockMembershipsOf(tx, accountId);
      const [member] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
      if (!member) return 'not_found';
      if (member.role === 'owner') return 'forbidden';
      await tx.delete(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
      await tx
        .insert(removedMembers)
        .values({ accountId, userId, removedAt: this.#clock.now(), removedByUserId: actor.userId })
        .onConflictDoUpdate({
          target: [removedMembers.accountId, removedMembers.userId],
          set: { removedAt: this.#clock.now(), removedByUserId: actor.userId },
        });
      await tx.insert(auditLog).values({ accountId, actorUserId: actor.userId, action: 'member_removed', details: { userId } });
      await this.#hooks.onMemberRemoved?.(tx, accountId, { userId, role: member.role });
      return 'removed';
    });
    // The removed member is refused from now on, and the seat they held may go to another.
    if (outcome === 'removed') this.#forgetCallersOf(accountId);
    return outcome;
  }

  /**
   * Lets a removed person back: their next request joins the account again,
   * with the role the identity provider gives them, as on a first sign-in.
   * False when nobody by that id was removed (there is nothing to lift).
   */
  async invite(accountId: string, userId: string, actor: { userId: string }): Promise<boolean> {
    return this.#db.transaction(async (tx) => {
      await lockMembershipsOf(tx, accountId);
      const lifted = await tx
        .delete(removedMembers)
        .where(and(eq(removedMembers.accountId, accountId), eq(removedMembers.userId, userId)))
        .returning({ userId: removedMembers.userId });
      if (lifted.length === 0) return false;
      await tx.insert(auditLog).values({ accountId, actorUserId: actor.userId, action: 'member_invited', details: { userId } });
      return true;
    });
  }

  async memberCount(executor: Executor, accountId: string): Promise<number> {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.accountId, accountId));
    return row?.count ?? 0;
  }

  /**
   * Hard-deletes the account in one transaction: its earlier audit entries
   * (they may hold names and user ids), then the account_deleted entry, which
   * keeps only keyed hashes of the account id (as a uuid), the identity and
   * the actor, and the time; then
   * the side effects
   * each module asks for (into the outbox), the tombstone, and the account
   * row, whose deletion cascades to every account-owned row through ON DELETE
   * CASCADE foreign keys. Any failure rolls all of it back. Returns false when
   * the account no longer exists.
   */
  async erase(accountId: string, actorUserId: string): Promise<boolean> {
    const erased = await this.#db.transaction(async (tx) => {
      const [account] = await tx.select({ externalKey: accounts.externalKey }).from(accounts).where(eq(accounts.id, accountId)).for('update');
      if (!account) return false;
      await tx.delete(auditLog).where(eq(auditLog.accountId, accountId));
      const at = this.#clock.now().toISOString();
      await tx.execute(sql`
        INSERT INTO audit_log (account_id, actor_user_id, action, details)
        VALUES (${keyedAccountId(accountId)}, ${identityHash(`user:${actorUserId}`)}, 'account_deleted',
                jsonb_build_object('identity', ${identityHash(account.externalKey)}, 'at', ${at}::text))`);
      for (const participant of this.#erasureParticipants) {
        await this.#outbox.enqueue(tx, await participant.sideEffectsOnErasure(tx, accountId));
      }
      await tx.execute(sql`
        INSERT INTO erased_identities (external_key, erased_at) VALUES (${identityHash(account.externalKey)}, ${this.#clock.now().toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING`);
      await tx.delete(accounts).where(eq(accounts.id, accountId));
      return true;
    });
    // After the commit: the next request of any of its callers finds the tombstone (404 ACCOUNT_DELETED).
    if (erased) this.#forgetCallersOf(accountId);
    return erased;
  }
}

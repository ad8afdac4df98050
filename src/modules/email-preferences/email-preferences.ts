/**
 * Email preferences (spec parts 2 and 4): one record per recipient address,
 * the marketing categories it opted out of, and the tokens that let whoever
 * holds one of its mails read and change them. Owns email_recipients,
 * email_opt_outs and email_preference_tokens.
 *
 * Each mail gets a token of its own (minted by `prepare`, or `tokenFor`, as
 * the mail goes out), not one token per recipient for ever: only a hash is
 * stored, so a token cannot be handed out twice, and a link's age is then
 * exactly the age of the mail that carried it (TOKEN_AGE_DAYS).
 */
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { OutboxMessage } from '../../queue/outbox.ts';
import { isOptOutCategory, OPT_OUT_CATEGORIES, type OptOutCategory } from '../../vocabulary/mail-categories.ts';
import type { ErasureParticipant } from '../accounts/erasure.ts';
import { withPreferenceFooter } from './mail-footer.ts';
import { generatePreferenceToken, hashPreferenceToken, TOKEN_AGE_MS } from './preference-token.ts';
import { normaliseAddress } from './recipient-address.ts';
import { emailOptOuts, emailPreferenceTokens, emailRecipients } from './tables.ts';

/** A recipient's preferences as the token's holder sees them: true means subscribed. */
export interface PreferenceState {
  email: string;
  subscriptions: Record<OptOutCategory, boolean>;
}

/** What a holder of a token asks for; a category in neither list keeps its state. */
export interface PreferenceChange {
  optOut: readonly OptOutCategory[];
  optIn: readonly OptOutCategory[];
}

/** The addresses that leave with an erased account: its members' that no other account holds. */
export type DepartingAddresses = (tx: Transaction, accountId: string) => Promise<string[]>;

export class EmailPreferences {
  readonly #db: Database;
  readonly #clock: Clock;
  readonly #publicBaseUrl: string;

  constructor(deps: { db: Database; clock: Clock; publicBaseUrl: string }) {
    this.#db = deps.db;
    this.#clock = deps.clock;
    this.#publicBaseUrl = deps.publicBaseUrl;
  }

  /**
   * A new token for a mail about to go to `email`, creating the recipient's
   * record with its first mail. Every token minted stays valid for
   * TOKEN_AGE_DAYS; the recipient's aged-out ones are deleted here.
   */
  async tokenFor(executor: Executor, email: string): Promise<string> {
    return this.#mint(executor, await this.#recipientId(executor, normaliseAddress(email)));
  }

  /**
   * A mail as it must go out, checked when it is about to be sent (not when
   * it was scheduled): null when its recipient opted out of its category;
   * else with the preference footer and, unless transactional, the RFC 8058
   * headers. Transactional mail is never withheld.
   */
  async prepare(executor: Executor, mail: OutgoingMail): Promise<OutgoingMail | null> {
    const recipientId = await this.#recipientId(executor, normaliseAddress(mail.to));
    if (isOptOutCategory(mail.category) && (await this.#optedOut(executor, recipientId)).has(mail.category)) return null;
    return withPreferenceFooter(mail, await this.#mint(executor, recipientId), this.#publicBaseUrl);
  }

  /** The state a token's holder may see; null for an unknown or aged-out token, alike. */
  async stateFor(token: string): Promise<PreferenceState | null> {
    const recipient = await this.#holderOf(this.#db, token);
    return recipient ? this.#stateOf(this.#db, recipient) : null;
  }

  /** Applies a change (idempotent: applying it twice leaves the same state) and returns the new state; null as stateFor. */
  async change(token: string, change: PreferenceChange): Promise<PreferenceState | null> {
    return this.#db.transaction(async (tx) => {
      const recipient = await this.#holderOf(tx, token);
      return recipient ? this.#apply(tx, recipient, change) : null;
    });
  }

  /**
   * The preferences of a signed-in person's own address (their identity's
   * email), with no token: the sign-in is the proof. An address we never
   * mailed has no record yet and is subscribed to everything; reading
   * creates nothing.
   */
  async stateForAddress(email: string): Promise<PreferenceState> {
    const address = normaliseAddress(email);
    const [recipient] = await this.#db
      .select({ id: emailRecipients.id, email: emailRecipients.email })
      .from(emailRecipients)
      .where(eq(emailRecipients.email, address));
    return recipient ? this.#stateOf(this.#db, recipient) : { email: address, subscriptions: allSubscribed() };
  }

  /** A change to a signed-in person's own address, creating its record on the first one (its token comes with its first mail). */
  async changeForAddress(email: string, change: PreferenceChange): Promise<PreferenceState> {
    const address = normaliseAddress(email);
    return this.#db.transaction(async (tx) => this.#apply(tx, { id: await this.#recipientId(tx, address), email: address }, change));
  }

  /** Deletes the records of these addresses, their opt-outs and tokens with them. */
  async forgetAddresses(executor: Executor, emails: readonly string[]): Promise<void> {
    if (emails.length === 0) return;
    await executor.delete(emailRecipients).where(inArray(emailRecipients.email, [...new Set(emails.map(normaliseAddress))]));
  }

  /**
   * Part of an account's erasure: the records of the addresses that leave
   * with it go; an address another account still holds keeps its record
   * (and its opt-outs), since that person still gets that account's mail.
   */
  erasureParticipant(departingAddresses: DepartingAddresses): ErasureParticipant {
    return {
      sideEffectsOnErasure: async (tx: Transaction, accountId: string): Promise<OutboxMessage[]> => {
        await this.forgetAddresses(tx, await departingAddresses(tx, accountId));
        return [];
      },
    };
  }

  async #apply(tx: Transaction, recipient: { id: string; email: string }, change: PreferenceChange): Promise<PreferenceState> {
    if (change.optOut.length > 0) {
      const at = this.#clock.now();
      await tx
        .insert(emailOptOuts)
        .values(change.optOut.map((category) => ({ recipientId: recipient.id, category, optedOutAt: at })))
        .onConflictDoNothing();
    }
    if (change.optIn.length > 0) {
      await tx.delete(emailOptOuts).where(and(eq(emailOptOuts.recipientId, recipient.id), inArray(emailOptOuts.category, [...change.optIn])));
    }
    return this.#stateOf(tx, recipient);
  }

  async #recipientId(executor: Executor, email: string): Promise<string> {
    const [created] = await executor
      .insert(emailRecipients)
      .values({ email, createdAt: this.#clock.now() })
      .onConflictDoNothing({ target: emailRecipients.email })
      .returning({ id: emailRecipients.id });
    if (created) return created.id;
    const [existing] = await executor.select({ id: emailRecipients.id }).from(emailRecipients).where(eq(emailRecipients.email, email));
    return existing!.id;
  }

  async #mint(executor: Executor, recipientId: string): Promise<string> {
    const now = this.#clock.now();
    await executor
      .delete(emailPreferenceTokens)
      .where(and(eq(emailPreferenceTokens.recipientId, recipientId), lte(emailPreferenceTokens.mintedAt, ageCutoff(now))));
    const { token, hash } = generatePreferenceToken();
    await executor.insert(emailPreferenceTokens).values({ tokenHash: hash, recipientId, mintedAt: now });
    return token;
  }

  /**
   * The token's recipient. One indexed lookup by the token's hash, whatever
   * the token: an unknown token and an aged-out one take the same path and
   * nothing in it depends on which address, if any, is behind it.
   */
  async #holderOf(executor: Executor, token: string): Promise<{ id: string; email: string } | null> {
    const [found] = await executor
      .select({ id: emailRecipients.id, email: emailRecipients.email })
      .from(emailPreferenceTokens)
      .innerJoin(emailRecipients, eq(emailRecipients.id, emailPreferenceTokens.recipientId))
      .where(and(eq(emailPreferenceTokens.tokenHash, hashPreferenceToken(token)), gt(emailPreferenceTokens.mintedAt, ageCutoff(this.#clock.now()))));
    return found ?? null;
  }

  async #optedOut(executor: Executor, recipientId: string): Promise<Set<string>> {
    const rows = await executor.select({ category: emailOptOuts.category }).from(emailOptOuts).where(eq(emailOptOuts.recipientId, recipientId));
    return new Set(rows.map((row) => row.category));
  }

  async #stateOf(executor: Executor, recipient: { id: string; email: string }): Promise<PreferenceState> {
    const optedOut = await this.#optedOut(executor, recipient.id);
    const subscriptions = Object.fromEntries(OPT_OUT_CATEGORIES.map((category) => [category, !optedOut.has(category)])) as Record<OptOutCategory, boolean>;
    return { email: recipient.email, subscriptions };
  }
}

function allSubscribed(): Record<OptOutCategory, boolean> {
  return Object.fromEntries(OPT_OUT_CATEGORIES.map((category) => [category, true])) as Record<OptOutCategory, boolean>;
}

function ageCutoff(now: Date): Date {
  return new Date(now.getTime() - TOKEN_AGE_MS);
}

/**
 * The domain events: what happens after a change, in one place.
 *
 * The module that owns a change publishes its event inside the change's own
 * transaction (through the port it was handed in the composition root); the
 * modules that react subscribe here, and run in that same transaction, in the
 * order listed, so a reaction commits or rolls back with the change. A
 * reaction that reaches another system enqueues (a webhook delivery, a mail,
 * an outbox message) rather than calling out.
 *
 * | event            | publisher (where)                                  | subscribers, in order                                      |
 * |------------------|----------------------------------------------------|------------------------------------------------------------|
 * | account.created  | accounts (AccountService, the creating transaction) | billing: its record; lifecycle-mail: the welcome           |
 * | member.added     | accounts (a first join)                            | webhooks: member.added; lifecycle-mail: the team is told   |
 * | member.removed   | accounts (a removal)                               | api-keys: the person's keys revoked; webhooks: member.removed |
 * | account.erased   | accounts (the erasure transaction, before the rows go) | billing, integrations, both result caches, email-preferences, mail (forget the addresses), jobs (the account's unrun jobs) |
 * | pack.bought      | billing (the payment event's transaction)          | metering: the pack's scores credited; lifecycle-mail: thanks |
 * | plan.changed     | billing (the payment event's transaction)          | webhooks: plan.changed; lifecycle-mail: the change told    |
 * | usage.threshold  | metering (the admitting transaction)               | webhooks: usage.threshold                                  |
 * | score.stored     | scoring (the storing transaction, an owned score)  | webhooks: score.completed; anomalies: detection enqueued; moves: proposal enqueued (a product's score) |
 * | score.linked     | scoring (the linking transaction)                  | webhooks: score.linked                                     |
 * | signals.recorded | signals (a push's or a sync's storing transaction) | anomalies: detection enqueued                             |
 * | anomaly.detected | anomalies (the recording transaction, per anomaly) | webhooks: anomaly.detected                                 |
 *
 * `subscribeDomainEvents` below is that table in code; buildApp calls it once every service exists.
 */
import type { Transaction } from './db/client.ts';
import { forgetRecipientsMessages } from './mail/forget-recipients.ts';
import type { OutboxMessage } from './queue/outbox.ts';
import type { JobQueue } from './queue/job-queue.ts';
import type { AccountService } from './modules/accounts/account-service.ts';
import type { ErasureParticipant } from './modules/accounts/erasure.ts';
import type { ApiKeyService } from './modules/api-keys/api-key-service.ts';
import type { BillingService } from './modules/billing/billing-service.ts';
import type { PlanChange } from './modules/billing/payment-event-processor.ts';
import type { EmailPreferences } from './modules/email-preferences/email-preferences.ts';
import type { IntegrationService } from './modules/integrations/integration-service.ts';
import type { LifecycleMail } from './modules/lifecycle-mail/lifecycle-mail.ts';
import type { UsageThresholdNotice } from './modules/metering/admission-gate.ts';
import type { CreditLedger } from './modules/metering/credit-ledger.ts';
import type { ScoringResult } from './modules/scoring/result-schema.ts';
import type { SharedResultCache } from './modules/scoring/shared-result-cache.ts';
import type { ScorePack } from './vocabulary/plans.ts';
import type { Role } from './vocabulary/roles.ts';
import type { Clock } from './clock.ts';
import type { WebhookDeliveries } from './modules/webhooks/webhook-deliveries.ts';
import type { Anomaly, AnomalyService } from './modules/anomalies/anomaly-service.ts';
import { anomalyView } from './modules/anomalies/anomaly-view.ts';
import type { MoveService } from './modules/moves/move-service.ts';
import { planChangedData, scoreCompletedData, scoreLinkedData, usageThresholdData } from './modules/webhooks/webhook-events.ts';

/** Every event and its payload. */
export interface DomainEventPayloads {
  'account.created': { accountId: string };
  'member.added': { accountId: string; member: { userId: string; role: Role } };
  'member.removed': { accountId: string; member: { userId: string; role: Role } };
  'pack.bought': { accountId: string; pack: ScorePack; sourceEventId: string };
  'plan.changed': { accountId: string; change: PlanChange };
  'usage.threshold': { accountId: string; notice: UsageThresholdNotice };
  'score.stored': { accountId: string; result: ScoringResult };
  'score.linked': { accountId: string; linked: { result: ScoringResult; linkedAt: Date; linkedByUserId: string } };
  'signals.recorded': { accountId: string; signalIds: string[] };
  'anomaly.detected': { accountId: string; anomaly: Anomaly };
}
export type DomainEventName = keyof DomainEventPayloads;
type Subscriber<N extends DomainEventName> = (tx: Transaction, payload: DomainEventPayloads[N]) => Promise<unknown>;

export class DomainEvents {
  readonly #subscribers = new Map<DomainEventName, Subscriber<never>[]>();
  /**
   * The subscribers to `account.erased`. An erasure asks each, in order, for the side effects to enqueue
   * (ErasureParticipant); AccountService reads this list at erasure time, so it fills in after it is built.
   */
  readonly erasureParticipants: ErasureParticipant[] = [];

  subscribe<N extends DomainEventName>(name: N, subscriber: Subscriber<N>): void {
    const list = this.#subscribers.get(name) ?? [];
    list.push(subscriber as Subscriber<never>);
    this.#subscribers.set(name, list);
  }

  /** Runs every subscriber in the publisher's transaction, in the order they subscribed; a failure fails the change. */
  async publish<N extends DomainEventName>(tx: Transaction, name: N, payload: DomainEventPayloads[N]): Promise<void> {
    for (const subscriber of this.#subscribers.get(name) ?? []) await (subscriber as Subscriber<N>)(tx, payload);
  }
}

/** The services that react to an event: what subscribeDomainEvents reads. */
export interface Subscribers {
  accounts: AccountService;
  billing: BillingService;
  creditLedger: CreditLedger;
  lifecycleMail: LifecycleMail;
  webhookDeliveries: WebhookDeliveries;
  apiKeys: ApiKeyService;
  integrations: IntegrationService;
  sharedResults: SharedResultCache;
  visitorResultPages: SharedResultCache;
  emailPreferences: EmailPreferences;
  jobs: JobQueue;
  anomalies: AnomalyService;
  moves: MoveService;
  clock: Clock;
  publicBaseUrl: string;
}

/** The table above, in code: who reacts to what, in order. */
export function subscribeDomainEvents(events: DomainEvents, s: Subscribers): void {
  const emit = (tx: Transaction, accountId: string, type: Parameters<WebhookDeliveries['emit']>[2], data: object) =>
    s.webhookDeliveries.emit(tx, accountId, type, data as Record<string, unknown>);

  events.subscribe('account.created', (tx, { accountId }) => s.billing.createRecord(tx, accountId));
  events.subscribe('account.created', (tx, { accountId }) => s.lifecycleMail.welcomeSoon(tx, accountId));

  events.subscribe('member.added', (tx, { accountId, member }) => emit(tx, accountId, 'member.added', member));
  events.subscribe('member.added', (tx, { accountId, member }) => s.lifecycleMail.memberJoined(tx, accountId, member));

  // The keys a removed person made leave with them.
  events.subscribe('member.removed', (tx, { accountId, member }) => s.apiKeys.revokeCreatedBy(tx, accountId, member.userId));
  events.subscribe('member.removed', (tx, { accountId, member }) => emit(tx, accountId, 'member.removed', member));

  events.erasureParticipants.push(
    s.billing,
    s.integrations,
    s.sharedResults,
    s.visitorResultPages,
    // The addresses leaving with the account: their preferences go ...
    s.emailPreferences.erasureParticipant((tx, accountId): Promise<string[]> => s.accounts.addressesOnlyIn(tx, accountId)),
    // ... and the mail kept for them (the embedded mailer's .eml files) too, after the commit.
    { sideEffectsOnErasure: async (tx, accountId): Promise<OutboxMessage[]> => forgetRecipientsMessages(await s.accounts.addressesOnlyIn(tx, accountId)) },
    // The account's jobs that have not run go with it (their dedupe keys by the cascade).
    { sideEffectsOnErasure: async (tx, accountId): Promise<OutboxMessage[]> => (await s.jobs.forgetAccount(tx, accountId), []) },
  );

  // Billing announces a bought pack; metering credits its scores, lifecycle mail thanks the buyer.
  events.subscribe('pack.bought', (tx, purchase) => s.creditLedger.creditPack(tx, { ...purchase, now: s.clock.now() }));
  events.subscribe('pack.bought', (tx, purchase) => s.lifecycleMail.packBought(tx, purchase.accountId, purchase));

  events.subscribe('plan.changed', (tx, { accountId, change }) => emit(tx, accountId, 'plan.changed', planChangedData(change)));
  events.subscribe('plan.changed', (tx, { accountId, change }) => s.lifecycleMail.planChanged(tx, accountId, change));

  events.subscribe('usage.threshold', (tx, { accountId, notice }) => emit(tx, accountId, 'usage.threshold', usageThresholdData(notice)));

  events.subscribe('score.stored', (tx, { accountId, result }) => emit(tx, accountId, 'score.completed', scoreCompletedData(result, s.publicBaseUrl)));
  events.subscribe('score.stored', (tx, { accountId, result }) => s.anomalies.afterScore(tx, accountId, result.id));
  events.subscribe('score.stored', (tx, { accountId, result }) => s.moves.afterScore(tx, accountId, result));
  events.subscribe('score.linked', (tx, { accountId, linked }) => emit(tx, accountId, 'score.linked', scoreLinkedData(linked, s.publicBaseUrl)));

  events.subscribe('signals.recorded', (tx, { accountId, signalIds }) => s.anomalies.afterSignals(tx, accountId, signalIds));
  events.subscribe('anomaly.detected', (tx, { accountId, anomaly }) => emit(tx, accountId, 'anomaly.detected', anomalyView(anomaly, s.publicBaseUrl)));
}

/**
 * Inbound payment events (spec part 6) -> the facts billing acts on. Pure:
 * the provider's event shape (`id`, `type`, `created`, `data.object`) is read
 * leniently, in both the current API shape (prices and periods on
 * subscription items, the subscription under an invoice's `parent`) and the
 * older one, because a webhook endpoint's API version is set at the provider.
 */
import { isUuid } from '../../http/uuid.ts';
import type { BillingPeriod } from './billing-period.ts';
import { PAID_PLANS, SCORE_PACKS, type PaidPlan, type ScorePack } from '../../vocabulary/plans.ts';

export interface PaymentEvent {
  id: string;
  type: string;
  created: Date;
  object: Record<string, unknown>;
}

/**
 * Which state event wins when two carry the same `created` second (the
 * provider's clock has whole seconds), so that the winner never depends on
 * the order they arrive in. First by source: the subscription object's own
 * word over the checkout's, and a deletion over everything (a cancelled
 * subscription never comes back).
 */
const STATE_SOURCES = ['checkout', 'subscription', 'deletion'] as const;
export type StateSource = (typeof STATE_SOURCES)[number];

/**
 * Then by status, least to most severe: the more severe wins, so a tie errs
 * on the side of restriction. A status not listed ranks above all of them.
 */
const STATUS_SEVERITY = ['trialing', 'active', 'incomplete', 'past_due', 'unpaid', 'paused', 'incomplete_expired', 'canceled'];

/**
 * The rank of a state event among those of the same second: source, then
 * status severity, then plan (the higher plan wins; a missing plan ranks
 * lowest), as one number whose digits, most significant first, are those
 * three.
 */
export function stateRank(source: StateSource, status: string, plan: PaidPlan | null): number {
  const severity = STATUS_SEVERITY.includes(status) ? STATUS_SEVERITY.indexOf(status) : STATUS_SEVERITY.length;
  const planOrder = plan ? PAID_PLANS.indexOf(plan) + 1 : 0;
  return (STATE_SOURCES.indexOf(source) * (STATUS_SEVERITY.length + 1) + severity) * (PAID_PLANS.length + 1) + planOrder;
}

interface AccountHints {
  /** From client_reference_id or metadata: our account id, when the event carries it. */
  accountId: string | null;
  customerId: string | null;
}

/** What a checkout session or an invoice can report: its completion, its payment, one failed attempt to pay it. */
export const PAYMENT_OUTCOMES = ['checkout_completed', 'invoice_paid', 'invoice_payment_failed'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * The provider object an event reports on, and what it reports. The same
 * outcome can reach us under more than one event id (another event type
 * for the same object, a replay, a provider's retry that mints a new
 * event), so the processor applies each one once, whatever the event id.
 */
export interface PaymentObjectOutcome {
  /** The checkout session's or the invoice's id. */
  objectId: string;
  outcome: PaymentOutcome;
  /** A failed attempt's number (the invoice's attempt_count): the provider retries a failed invoice, each retry a fact of its own. 0 otherwise. */
  attempt: number;
}

interface FactSource extends AccountHints {
  /** Null for events about a subscription, which report its whole state and merge idempotently (billingSubscriptions). */
  objectOutcome: PaymentObjectOutcome | null;
}

export type PaymentFact =
  | (FactSource & {
      kind: 'subscription_state';
      subscriptionId: string;
      plan: PaidPlan | null;
      status: string;
      rank: number;
      startedAt: Date | null;
      canceled: boolean;
    })
  | (FactSource & { kind: 'pack_purchased'; pack: ScorePack })
  | (FactSource & { kind: 'payment_succeeded'; subscriptionId: string; plan: PaidPlan | null; period: BillingPeriod | null })
  | (FactSource & { kind: 'payment_failed'; subscriptionId: string })
  | { kind: 'ignored'; reason: string };

/** The event envelope, or null when the body is not one. */
export function parsePaymentEvent(body: unknown): PaymentEvent | null {
  const event = record(body);
  const data = record(event?.data);
  const object = record(data?.object);
  const id = text(event?.id);
  const type = text(event?.type);
  const created = event?.created;
  if (!id || !type || !object || typeof created !== 'number' || !Number.isInteger(created) || created < 0) return null;
  return { id, type, created: fromUnix(created), object };
}

/** `priceIds` maps the provider's price ids to plan or pack keys (PAYMENT_PRICE_IDS). */
export function factOf(event: PaymentEvent, priceIds: Readonly<Record<string, string>>): PaymentFact {
  const object = event.object;
  switch (event.type) {
    case 'checkout.session.completed':
      return checkoutFact(event);
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscriptionId = text(object.id);
      if (!subscriptionId) return { kind: 'ignored', reason: 'subscription without id' };
      const status = text(object.status) ?? 'active';
      const deleted = event.type === 'customer.subscription.deleted';
      const prices = list(record(object.items)?.data).map((item) => idOf(record(item)?.price));
      const plan = planOfPrices(prices, priceIds) ?? paidPlan(record(object.metadata)?.plan);
      const stateStatus = deleted ? 'canceled' : status;
      return {
        kind: 'subscription_state',
        subscriptionId,
        ...hints(text(record(object.metadata)?.accountId), object.customer),
        objectOutcome: null,
        plan,
        status: stateStatus,
        rank: stateRank(deleted ? 'deletion' : 'subscription', stateStatus, plan),
        startedAt: typeof object.start_date === 'number' ? fromUnix(object.start_date) : null,
        canceled: deleted || TERMINAL_STATUSES.includes(status),
      };
    }
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const details = record(record(object.parent)?.subscription_details) ?? record(object.subscription_details);
      const subscriptionId = idOf(details?.subscription) ?? idOf(object.subscription);
      if (!subscriptionId) return { kind: 'ignored', reason: 'invoice without a subscription' };
      const invoiceId = text(object.id);
      if (!invoiceId) return { kind: 'ignored', reason: 'invoice without id' };
      const account = hints(text(record(details?.metadata)?.accountId) ?? text(record(object.metadata)?.accountId), object.customer);
      if (event.type === 'invoice.payment_failed') {
        const attempt = object.attempt_count;
        // Without the attempt's number a failure is not claimed: the failure set's own key (subscription, time) is then its only de-duplication.
        const objectOutcome =
          typeof attempt === 'number' && Number.isInteger(attempt) && attempt >= 0
            ? { objectId: invoiceId, outcome: 'invoice_payment_failed' as const, attempt }
            : null;
        return { kind: 'payment_failed', subscriptionId, ...account, objectOutcome };
      }
      const lines = list(record(object.lines)?.data)
        .map(record)
        .filter((line) => line !== null);
      return {
        kind: 'payment_succeeded',
        subscriptionId,
        ...account,
        objectOutcome: { objectId: invoiceId, outcome: 'invoice_paid', attempt: 0 },
        plan: planOfPrices(lines.map(linePrice), priceIds),
        period: servicePeriod(object, lines, priceIds),
      };
    }
    default:
      return { kind: 'ignored', reason: `unhandled event type ${event.type}` };
  }
}

/** A subscription in these states is over; the provider never revives it. */
const TERMINAL_STATUSES = ['canceled', 'incomplete_expired'];
/** Checkout outcomes that mean the money is there (asynchronous methods complete later, in another event). */
const PAID_CHECKOUT_STATUSES = ['paid', 'no_payment_required'];

/** A checkout session carries no line items in its event: the plan or pack comes from the metadata we set. */
function checkoutFact(event: PaymentEvent): PaymentFact {
  const session = event.object;
  if (!PAID_CHECKOUT_STATUSES.includes(text(session.payment_status) ?? '')) return { kind: 'ignored', reason: 'checkout not paid yet' };
  const sessionId = text(session.id);
  // The session's id is what makes a pack's credit happen once: without it, nothing is credited.
  if (!sessionId) return { kind: 'ignored', reason: 'checkout session without id' };
  const metadata = record(session.metadata);
  const source = {
    ...hints(text(session.client_reference_id) ?? text(metadata?.accountId), session.customer),
    objectOutcome: { objectId: sessionId, outcome: 'checkout_completed' as const, attempt: 0 },
  };
  if (session.mode === 'subscription') {
    const subscriptionId = idOf(session.subscription);
    if (!subscriptionId) return { kind: 'ignored', reason: 'subscription checkout without a subscription' };
    const plan = paidPlan(metadata?.plan);
    return {
      kind: 'subscription_state',
      subscriptionId,
      ...source,
      plan,
      status: 'active',
      rank: stateRank('checkout', 'active', plan),
      startedAt: event.created,
      canceled: false,
    };
  }
  const pack = text(metadata?.pack);
  // Own keys only: 'constructor' or 'toString' are not packs we sell.
  if (pack && Object.hasOwn(SCORE_PACKS, pack)) return { kind: 'pack_purchased', ...source, pack: pack as ScorePack };
  return { kind: 'ignored', reason: 'payment checkout for nothing we sell' };
}

/**
 * The period the payment pays for: the subscription line's period (a
 * renewal invoice's own period_start/period_end cover the previous period,
 * billed in arrears), the latest-ending one if several; the invoice's own
 * period only when no line has one.
 */
function servicePeriod(invoice: Record<string, unknown>, lines: Record<string, unknown>[], priceIds: Readonly<Record<string, string>>): BillingPeriod | null {
  const periods = lines
    .filter((line) => planOfPrices([linePrice(line)], priceIds) !== null || isSubscriptionLine(line))
    .map((line) => periodOf(record(line.period)?.start, record(line.period)?.end))
    .filter((period) => period !== null)
    .sort((a, b) => b.end.getTime() - a.end.getTime());
  return periods[0] ?? periodOf(invoice.period_start, invoice.period_end);
}

function isSubscriptionLine(line: Record<string, unknown>): boolean {
  return line.type === 'subscription' || record(line.parent)?.type === 'subscription_item_details';
}

function linePrice(line: Record<string, unknown>): string | null {
  return idOf(record(record(line.pricing)?.price_details)?.price) ?? idOf(line.price);
}

function periodOf(start: unknown, end: unknown): BillingPeriod | null {
  if (typeof start !== 'number' || typeof end !== 'number' || end <= start) return null;
  return { start: fromUnix(start), end: fromUnix(end) };
}

function planOfPrices(prices: (string | null)[], priceIds: Readonly<Record<string, string>>): PaidPlan | null {
  for (const price of prices) {
    const plan = price ? paidPlan(priceIds[price]) : null;
    if (plan) return plan;
  }
  return null;
}

function paidPlan(value: unknown): PaidPlan | null {
  return PAID_PLANS.find((plan) => plan === value) ?? null;
}

function hints(accountId: string | null, customer: unknown): AccountHints {
  return { accountId: accountId && isUuid(accountId) ? accountId.toLowerCase() : null, customerId: idOf(customer) };
}

/** An id, or an expanded object's id. */
function idOf(value: unknown): string | null {
  return text(value) ?? text(record(value)?.id);
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

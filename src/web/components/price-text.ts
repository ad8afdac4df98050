/**
 * Prices and credits in words, for every page where a person chooses a plan
 * or a pack (pricing, billing, the local checkout): "$49 a month", "$29,
 * $1.45 a score", and what a plan's credits buy.
 */
import { CHAT_MESSAGE_CREDIT_COST, SCORE_CREDIT_COST, type PlanLimits, type Price } from '../../vocabulary/plans.ts';

/** What a price the provider does not tell us says instead. */
export const PRICE_AT_CHECKOUT = 'Shown at checkout';

/** How many minor units make one main unit: 100 for dollars and euros, 1 for yen. */
function minorUnitDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "$49", "$29.50", "€120", "¥5,000": whole amounts without decimals. */
export function formatMoney(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const value = amount / 10 ** digits;
  const whole = Number.isInteger(value);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** "$49 a month", "$490 a year", "$29" (one-time); "Shown at checkout" when unknown. */
export function priceText(price: Price | null): string {
  if (!price) return PRICE_AT_CHECKOUT;
  const money = formatMoney(price.amount, price.currency);
  return price.interval ? `${money} a ${price.interval}` : money;
}

/** "$1.45 a score" for a pack of `scores`. */
export function perScoreText(price: Price, scores: number): string {
  return `${formatMoney(Math.round(price.amount / scores), price.currency)} a score`;
}

const number = (value: number) => value.toLocaleString('en-US');

/**
 * What a plan's monthly credits buy, in plain words. Where the plan's score
 * and message limits both fit in its credits, it says so; where they share
 * the pool ("up to"), it gives an even split as the example.
 */
export function creditsInWords(limits: PlanLimits): string {
  const { monthlyCredits: credits, scores, chatMessages: messages } = limits;
  if (credits === null) return 'Unlimited credits: score and ask the coach as often as the team needs.';
  const scoreCredits = (scores ?? 0) * SCORE_CREDIT_COST;
  const messageCredits = (messages ?? 0) * CHAT_MESSAGE_CREDIT_COST;
  if (scores !== null && messages !== null && scoreCredits + messageCredits <= credits) {
    return `${number(credits)} credits a month cover all ${number(scores)} scores (${number(scoreCredits)} credits) and all ${number(messages)} coach messages (${number(messageCredits)} credits).`;
  }
  const allScores = Math.floor(credits / SCORE_CREDIT_COST);
  const halfScores = Math.floor(Math.min(scores ?? allScores, allScores) / 2);
  const restMessages = Math.min(messages ?? Infinity, Math.floor((credits - halfScores * SCORE_CREDIT_COST) / CHAT_MESSAGE_CREDIT_COST));
  return `${number(credits)} credits a month: ${number(Math.min(scores ?? allScores, allScores))} scores, or ${number(Math.min(messages ?? credits, credits))} coach messages, or a mix such as ${number(halfScores)} scores and ${number(restMessages)} messages.`;
}

/** The one sentence that says what a credit is. */
export const WHAT_A_CREDIT_BUYS = `A credit is how a plan's monthly allowance is counted. One score (we read up to a few dozen pages of a site and rate all 27 dimensions, with the quotes behind each level) uses ${SCORE_CREDIT_COST} credits; one question to the coach uses ${CHAT_MESSAGE_CREDIT_COST}. Credits renew at the start of each billing cycle; unused ones do not carry over. Score packs are separate: their scores never expire.`;

/**
 * Claims in context: a phrase counts only when the sentence around it asserts
 * the company's own current practice. "ISO 27001 – Status: Planned" names a
 * certification the company does not hold; "we don't run A/B tests yet" names
 * a practice it lacks; a customer's story describes the customer's process.
 */
import { familyOf } from './page-anatomy.ts';
import type { PageKind } from './page-kinds.ts';

/**
 * Words that put a claim in the future or in doubt: planned, in progress
 * ("in the process of becoming SOC 2 compliant", "working towards ISO 27001")
 * or only hoped for.
 */
const NOT_CURRENT =
  /\b(?:planned|planning|coming soon|in progress|not yet|on (?:our|the) roadmap|upcoming|we plan to|we(?:'|’)ll|we will|will be (?:available|added|launched|released|supported)|in the future|eventually|under consideration|in development|wishlist|soon|in the process of|working (?:towards?|on (?:becoming|getting|obtaining|achieving))|(?:we are|we(?:'|’)re) (?:becoming|pursuing|preparing for|aiming)|aim(?:s|ing)? to (?:become|achieve|obtain|get)|on track to|expect(?:s|ed)? to (?:be|become|achieve|complete|obtain)|hope to|would like to)\b/i;
/** Families whose signals are about status itself: a roadmap lists planned work by design. */
const STATUS_IS_THE_SIGNAL = new Set(['roadmap', 'prototype']);

/** A negation this close before the phrase denies it ("we do not yet hold SOC 2"). */
const NEGATION = /\b(?:no|not|never|without|don(?:'|’)t|doesn(?:'|’)t|isn(?:'|’)t|aren(?:'|’)t|won(?:'|’)t|can(?:'|’)t|cannot|lacks?|nor)\b/i;
const NEGATION_WINDOW_WORDS = 4;
/** "not just", "not only", "isn't merely": a negation that adds rather than denies. */
const NOT_ONLY = /\b(?:not|n(?:'|’)t) (?:just|only|merely|simply)\b/i;

/**
 * A customer story speaks about the customer: its practices, its product,
 * its stack. There, only what the story says about the company's customers
 * counts (who they are, what they achieved, how they were served).
 */
const CUSTOMER_PAGE_FAMILIES = new Set(['customers', 'adoption', 'support', 'positioning']);

/**
 * A comparison page describes the alternatives' features as much as the
 * company's own: there, only the comparison itself and the company's
 * positioning are evidence.
 */
const COMPARISON_PAGE_FAMILIES = new Set(['compare', 'positioning', 'market']);

/**
 * A legal page (privacy policy, terms) is template text about rights and
 * obligations: "the State of California", "anonymised data may be kept".
 * Only what it says of data protection itself is evidence.
 */
const LEGAL_PAGE_FAMILIES = new Set(['security']);

/** Whether a signal may be read from a page of these kinds at all. */
export function pageSpeaksFor(signal: string, kinds: ReadonlySet<PageKind>): boolean {
  const family = familyOf(signal);
  if (kinds.has('legal') && !LEGAL_PAGE_FAMILIES.has(family)) return false;
  if (kinds.has('compare') && !COMPARISON_PAGE_FAMILIES.has(family)) return false;
  return !kinds.has('customers') || CUSTOMER_PAGE_FAMILIES.has(family);
}

/**
 * Signals of a way of working, not of a product capability. A product that
 * sells A/B testing or surveys describes them as features ("A/B testing:
 * built-in variant testing"); that is no evidence the company experiments.
 */
const PRACTICE_SIGNALS = new Set([
  'quality.experimentation_practice',
  'quality.staged_rollouts',
  'quality.qa_practice',
  'feedback.satisfaction_surveys',
  'research.user_research_practice',
  'prototype.fast_iteration',
  'analytics.instrumentation',
]);
/** A feature list's shape: a short label then a colon or dash, or the words products are described in. */
const FEATURE_DESCRIPTION = /^[^.:!?]{2,40}(?::|\s[-–—]\s)|\b(?:built-in|out of the box|lets you|allows you|you can|includes?|supports?|powered)\b/iu;

/**
 * An article speaks in many voices (its story's people, its examples, its
 * reader); the company speaks in the first person plural.
 */
const COMPANY_VOICE = /\b(?:we|we(?:'|’)(?:re|ve|ll|d)|our|ours|us)\b/i;

/**
 * A sentence about one person's own past ("Prior to this, she co-founded
 * Blend Labs", "He previously led growth at ..."): a biography speaks for
 * that person's career, never for the company's practice.
 */
const BIOGRAPHY =
  /^(?:prior to|before) (?:this|that|joining|founding|starting)\b|\b(?:he|she)(?: has)? (?:previously|formerly|also|then|later)?\s?(?:co-?founded|founded|led|worked|was|served|spent|joined|built|ran|held|holds)\b|\b(?:his|her) (?:previous|prior|former|earlier) (?:role|company|startup|work|experience)\b/i;

/** A sentence that invites the reader to act: the company's own offer, on any page. */
const INVITATION = /^(?:try|get|start|sign up|join|download|install|book|request|contact|subscribe|upgrade)\b/i;

/** Whether a sentence on a page of these kinds is the company speaking about itself. */
export function speaksForCompany(sentence: string, kinds: ReadonlySet<PageKind>): boolean {
  if (BIOGRAPHY.test(sentence)) return false;
  // A release post is the company telling what it shipped; an invitation to the reader ("Try it for free") is the company's offer.
  return !kinds.has('blog') || kinds.has('release') || COMPANY_VOICE.test(sentence) || INVITATION.test(sentence);
}

/**
 * Whether the phrase at [start, end) of `sentence` is a current, affirmed
 * claim for `signal`.
 */
export function isAffirmedClaim(signal: string, sentence: string, start: number): boolean {
  if (!STATUS_IS_THE_SIGNAL.has(familyOf(signal)) && NOT_CURRENT.test(sentence)) return false;
  if (PRACTICE_SIGNALS.has(signal) && FEATURE_DESCRIPTION.test(sentence)) return false;
  const before = sentence.slice(0, start).split(/\s+/).filter(Boolean).slice(-NEGATION_WINDOW_WORDS).join(' ');
  // "This isn't just a business decision" affirms more than it denies.
  return !NEGATION.test(before) || NOT_ONLY.test(before);
}

/**
 * Paths from first use to wider use: self-serve sign-up, free plans and
 * trials, team expansion and referrals. "free" only counts next to what is
 * free ("free trial", "free plan"), never in "feel free to" or "hassle-free".
 */
import { detectByLinks, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    // Starting a trial yourself is self-serve too: nobody from sales stands between the visitor and the product.
    signal: 'adoption.self_serve_signup',
    words: ['free', 'credit', 'sign', 'start', 'without', 'card', 'deploy', 'self', 'host'],
    pattern:
      /\b(?:sign up|get started|start|try it) (?:for )?free\b|\bstart (?:a|your) (?:free )?trial\b|\bno credit card (?:required|needed)\b|\bcreate (?:a |your )?free account\b|\bsign up in (?:seconds|minutes)\b|\bwithout (?:having to )?(?:add(?:ing)?|enter(?:ing)?|a) (?:a )?(?:credit |payment )?card\b|\b(?:deploy|self-host|host) (?:it )?(?:yourself )?for free\b/i,
    examples: ['Sign up free.', 'No credit card required.'],
    nonExamples: ['Free shipping on orders.'],
  },
  {
    signal: 'adoption.free_plan',
    words: ['free', 'forever'],
    // "free to use for everyone" states the free tier in other words.
    pattern:
      /(?<![\w-])free (?:plan|tier|forever|edition)\b|\bforever free\b|(?<![\w-])free for (?:up to \d+|individuals|small teams|personal use|open[- ]source)\b|\b(?:plan|tier) (?:is )?(?:free|for free)\b|\b(?:is|are) free (?:to use|for everyone|for personal use)\b/i,
    examples: ['Start on the free plan.', 'Free for up to 3 users.'],
    nonExamples: ['Gluten-free plan for meals.'],
  },
  {
    signal: 'adoption.free_trial',
    words: ['trial', 'free'],
    pattern: /\b\d+[- ]day (?:free )?trial\b|(?<![\w-])free trial\b|\btry (?:it |us |[A-Z][\w+.-]* )?(?:for )?free\b|\bstart (?:a|your) (?:free )?trial\b/i,
    examples: ['Start your 14-day free trial.', 'Try Acme for free.'],
    nonExamples: ['A trial run.'],
  },
  {
    signal: 'adoption.team_expansion',
    words: ['invite', 'team', 'add', 'upgrade', 'grow', 'unlimited'],
    pattern:
      /\binvite (?:your )?(?:team(?:mates)?|colleagues|co-?workers)\b|\bteam (?:plans?|workspaces?)\b|\b(?:invite|add|with) (?:your )?team members\b|\badd (?:more )?(?:seats|users|teammates|members)\b|\bunlimited (?:users|members|seats|teammates)\b|\bupgrade (?:anytime|at any time|as you grow|when you(?:'|’)re ready)\b|\bgrows? with (?:you|your team)\b/i,
    examples: ['Invite your teammates.', 'Unlimited members on every plan.'],
    nonExamples: ['Meet the team.'],
  },
  {
    signal: 'adoption.referral',
    words: ['refer', 'affiliate'],
    pattern: /\breferral (?:program(?:me)?|rewards?)\b|\brefer a (?:friend|colleague)\b|\baffiliate program(?:me)?\b/i,
    examples: ['Join our referral program.', 'Refer a friend and get a month free.'],
    nonExamples: ['Refer to the manual.'],
  },
]);

/** A call to action that starts the product without sales, as a button in the page's content. */
const SELF_SERVE_CTA = /^(?:start|get started|sign up|try(?: it)?|create (?:a |your )?(?:free )?account)(?: for)? free$/i;

export const detectAdoptionSignals: SignalDetector = (pages) => [
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'adoption.self_serve_signup', text: SELF_SERVE_CTA }]),
];

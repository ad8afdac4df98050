/** Customer success: help centre, support channels, response times, success managers, training. */
import { detectBySiteLinks, detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'support.help_center',
    words: ['help', 'knowledge', 'support'],
    pattern: /\bhelp (?:center|centre|docs)\b|\bknowledge base\b|\bsupport (?:portal|center|centre|docs)\b/i,
    examples: ['Visit our help center.', 'Search the knowledge base.'],
    nonExamples: ['Help yourself.'],
  },
  {
    signal: 'support.channels',
    words: ['24', 'live', 'support', 'for', 'contact'],
    pattern:
      /\b24\/7 (?:support|help)\b|\blive chat\b|\b(?:email|chat|phone|priority|premium|in-app|dedicated|community|standard|enterprise|Slack|Discord) support\b|\bsupport (?:team|tiers?|plans?|channels?)\b|\bfor support(?: or questions)?,? (?:please )?(?:email|contact|reach|write)\b|\bcontact (?:our )?support\b/i,
    examples: ['24/7 support on every plan.', 'Live chat with our engineers.'],
    nonExamples: ['We support open source.'],
  },
  {
    // Times of the support desk, not of the application ("response times" of an API are performance).
    signal: 'support.response_times',
    words: ['response', 'resolution', 'reply', 'support', 'respond', 'answer', 'first', 'ticket', 'business', 'office'],
    pattern:
      /\b(?:support|first|ticket|guaranteed) (?:response|resolution|reply) times?\b|\b(?:response|resolution|reply) times? (?:for|of|on) (?:support|tickets|requests|enquiries|inquiries)\b|\bsupport SLAs?\b|\b(?:respond|reply|answer) within \d+ (?:hours|business hours|minutes|days)\b|\b\d+-hour (?:response|reply)\b|\bsupport hours\b|\b(?:business|office) hours\b/i,
    examples: ['We respond within 4 hours.', 'First response time under an hour.'],
    nonExamples: ['Time to respond to the market.'],
  },
  {
    signal: 'support.dedicated_csm',
    words: ['customer', 'technical', 'account'],
    pattern: /\b(?:dedicated )?(?:customer success|technical account) managers?\b|\bcustomer success (?:team|managers?)\b|\bdedicated account managers?\b/i,
    examples: ['A dedicated customer success manager.', 'Our customer success team helps you.'],
    nonExamples: ['Customer success is our goal.'],
  },
  // "our academy"; a capitalised "<Name> Academy" is as often a customer's name ("Khan Academy").
  {
    signal: 'support.training',
    words: ['academy', 'training', 'certification'],
    pattern: /\bour (?:academy|training (?:courses|program(?:me)?)|certification program(?:me)?)\b/i,
    examples: ['Learn more in our academy.', 'Join our certification program.'],
    nonExamples: ['Our training data is private.'],
  },
  {
    // Training for customers: an employee's training programme is no customer-success service.
    signal: 'support.training',
    words: ['certification', 'training', 'onboarding', 'customer', 'user', 'admin', 'partner'],
    pattern:
      /\b(?:customer|user|admin|partner) (?:training|onboarding|certification)\b|\btraining (?:sessions|courses|program(?:me)?s?) for (?:customers|users|your team|admins|teams)\b|\b(?:certification|training) courses?\b|\bcertification program(?:me)?\b|\bonboarding (?:sessions|specialists?|program(?:me)?|services|calls?)\b/i,
    examples: ['Customer onboarding with a specialist.', 'Training courses for admins.'],
    nonExamples: ['Onboarding new hires.'],
  },
]);

export const detectSupportSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'support.help_center', kind: 'support' }]),
  ...detectBySiteLinks(pages, [
    { signal: 'support.help_center', href: /^https?:\/\/(?:help|support)\.|\/(?:help|support|help-center)\/?$/i, companyHostOnly: true },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
];

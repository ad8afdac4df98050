/** Customer success: help centre, support channels, response times, success managers, training. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'support.help_center', words: ['help', 'knowledge', 'support'], pattern: /\bhelp (?:center|centre|docs)\b|\bknowledge base\b|\bsupport (?:portal|center|centre|docs)\b/i },
  { signal: 'support.channels', words: ['24', 'live', 'support'], pattern: /\b24\/7 (?:support|help)\b|\blive chat\b|\b(?:email|chat|phone|priority|premium|in-app) support\b|\bsupport team\b/i },
  {
    signal: 'support.response_times', words: ['response', 'resolution', 'reply', 'support', 'respond', 'answer'],
    pattern: /\b(?:first[- ])?(?:response|resolution|reply) times?\b|\bsupport SLAs?\b|\b(?:respond|reply|answer) within \d+ (?:hours|business hours|minutes)\b|\b\d+-hour (?:response|reply)\b/i,
  },
  {
    signal: 'support.dedicated_csm', words: ['customer', 'technical', 'account'],
    pattern: /\b(?:dedicated )?(?:customer success|technical account) managers?\b|\bcustomer success (?:team|managers?)\b|\bdedicated account managers?\b/i,
  },
  { signal: 'support.training', words: ['academy'], pattern: /\b[A-Z]\w+ Academy\b/ },
  {
    signal: 'support.training', words: ['certification', 'training', 'onboarding'],
    pattern: /\bcertification (?:program(?:me)?|courses?)\b|\btraining (?:sessions|courses|program(?:me)?)\b|\bonboarding (?:sessions|specialists?|program(?:me)?|services|calls?)\b/i,
  },
]);

export const detectSupportSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'support.help_center', kind: 'support' }]),
  ...detectByLinks(pages, [{ signal: 'support.help_center', href: /^https?:\/\/(?:help|support)\.|\/(?:help|support|help-center)\/?$/i }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

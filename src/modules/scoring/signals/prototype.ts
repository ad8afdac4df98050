/** Prototyping speed: betas and alphas, early access, labs and previews, prototyping practice. */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'prototype.beta_program', words: ['beta', 'alpha'],
    // "(Beta)" marks a named feature ("Logs (Beta)"), not a statistic's "(alpha)".
    pattern: /\b(?:public|private|open|closed) (?:beta|alpha)\b|\b(?:beta|alpha) (?:program(?:me)?|testers?|access|release|features?|versions?)\b|[A-Z][\w-]*(?: [A-Z][\w-]*)* [([](?:beta|Beta|BETA|alpha|Alpha)[)\]]|\b(?:now |currently )?in (?:beta|alpha)\b/,
  },
  {
    signal: 'prototype.early_access', words: ['early', 'first', 'pilot', 'founding'],
    pattern: /\bearly[- ]access\b|\b(?:first|pilot|founding) cohort\b|\bpilot (?:program(?:me)?|customers|partners|users)\b|\bearly adopters? program(?:me)?\b/i,
  },
  { signal: 'prototype.labs', words: ['labs', 'experimental', 'preview'], pattern: /\b[A-Z]\w+ Labs\b|\bLabs\b|\b(?:experimental|preview) features?\b|\b(?:technical|developer|public) preview\b/ },
  {
    signal: 'prototype.fast_iteration', words: ['prototyp', 'ship', 'rapid'],
    pattern: /\bprototyp(?:e|es|ed|ing)\b|\bship(?:ped|s)? (?:it )?(?:in|within) (?:days|a week|hours|\d+ (?:days|hours))\b|\brapid iteration\b/i,
  },
]);

export const detectPrototypeSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

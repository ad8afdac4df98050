/** Prototyping speed: betas and alphas, early access, labs and previews, prototyping practice. */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'prototype.beta_program',
    words: ['beta', 'alpha'],
    // "(Beta)" marks a named feature ("Logs (Beta)"), not a statistic's "(alpha)".
    pattern:
      /\b(?:public|private|open|closed) (?:beta|alpha)\b|\b(?:beta|alpha) (?:program(?:me)?|testers?|access|release|features?|versions?)\b|[A-Z][\w-]*(?: [A-Z][\w-]*)* [([](?:beta|Beta|BETA|alpha|Alpha)[)\]]|\b(?:now |currently )?in (?:beta|alpha)\b/,
    examples: ['Join the private beta.', 'Workflows [beta] are available to all.', 'The new editor is now in beta.'],
    nonExamples: ['Alpha Centauri is far away.'],
  },
  {
    signal: 'prototype.early_access',
    words: ['early', 'first', 'pilot', 'founding'],
    pattern:
      /\bearly[- ]access\b|\b(?:first|pilot|founding) cohort\b|\bpilot (?:program(?:me)?|customers|partners|users)\b|\bearly adopters? program(?:me)?\b/i,
    examples: ['Get early access to the new editor.', 'Our pilot program starts in May.'],
    nonExamples: ['Access early morning flights.'],
  },
  {
    signal: 'prototype.labs',
    words: ['labs', 'experimental', 'preview'],
    pattern: /\b[A-Z]\w+ Labs\b|\bLabs\b|\b(?:experimental|preview) features?\b|\b(?:technical|developer|public) preview\b/,
    examples: ['Try it in Acme Labs.', 'Enable experimental features in settings.', 'Now in public preview.'],
    nonExamples: ['We thank the labs at MIT.'],
  },
  {
    signal: 'prototype.fast_iteration',
    words: ['prototyp', 'ship', 'rapid'],
    pattern: /\bprototyp(?:e|es|ed|ing)\b|\bship(?:ped|s)? (?:it )?(?:in|within) (?:days|a week|hours|\d+ (?:days|hours))\b|\brapid iteration\b/i,
    examples: ['We prototype every idea before we build it.', 'We shipped it within days.'],
    nonExamples: ['Ships to 40 countries.'],
  },
]);

export const detectPrototypeSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

/** Experience design: guided onboarding, accessibility, templates, platforms, localisation, power-user craft. */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'ux.onboarding_flow', words: ['onboarding', 'tour', 'walkthrough', 'setup', 'demo'],
    pattern: /\b(?:guided|interactive|in-app|personali[sz]ed) (?:onboarding|tours?|walkthroughs?|setup|demo)\b|\bonboarding (?:checklist|wizard)\b|\bsetup wizard\b|\bproduct tours?\b/i,
  },
  { signal: 'ux.accessibility', words: ['wcag', 'vpat', 'section'], pattern: /\bWCAG\b|\bVPAT\b|\bSection 508\b/ },
  { signal: 'ux.accessibility', words: ['accessibility', 'screen', 'keyboard'], pattern: /\baccessibility (?:statement|conformance|standards|commitment)\b|\bscreen[- ]readers?\b|\bkeyboard navigation\b/i },
  { signal: 'ux.templates', words: ['template'], pattern: /\btemplates? (?:gallery|library)\b|\b[\d,]+\+? (?:ready-made |pre-built )?templates\b/i },
  { signal: 'ux.multi_platform', words: ['app', 'google'], pattern: /\b(?:iOS|Android|desktop|mobile|Mac|Windows) (?:and (?:iOS|Android|desktop|mobile|Mac|Windows) )?apps?\b|\bApp Store\b|\bGoogle Play\b/ },
  {
    signal: 'ux.localization', words: ['language', 'locali', 'i18n', 'internationali', 'multilingual'],
    pattern: /\b(?:available|translated) in \d+ languages\b|\b\d+ languages\b|\blocali[sz]ed (?:interface|product|app|in)\b|\bi18n\b|\binternationali[sz]ation\b|\bmultilingual\b/i,
  },
  { signal: 'ux.power_user_features', words: ['keyboard', 'command', 'dark'], pattern: /\bkeyboard shortcuts\b|\bcommand (?:palette|menu|bar)\b|\bdark mode\b/i },
]);

export const detectUxSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

/** Experience design: guided onboarding, accessibility, templates, platforms, localisation, power-user craft. */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'ux.onboarding_flow',
    words: ['onboarding', 'tour', 'walkthrough', 'setup', 'demo'],
    pattern:
      /\b(?:guided|interactive|in-app|personali[sz]ed) (?:onboarding|tours?|walkthroughs?|setup|demo)\b|\bonboarding (?:checklist|wizard)\b|\bsetup wizard\b|\bproduct tours?\b/i,
    examples: ['A guided onboarding gets you started.', 'Take the product tour.'],
    nonExamples: ['Onboarding new hires is hard.'],
  },
  {
    // A first run made short: "get up and running in minutes", "zero configuration", "one-click deploys".
    signal: 'ux.onboarding_flow',
    words: ['minutes', 'seconds', 'steps', 'clicks', 'zero', 'one', 'quick', 'setup', 'configuration', 'installation'],
    pattern:
      /\b(?:get|getting|be) (?:up and running|started|set up) in (?:minutes|seconds|\d+ (?:minutes|seconds|steps|clicks))\b|\bzero[- ]config(?:uration)?\b|\bone-click (?:setup|install(?:s|ation)?|deploy(?:s|ments?)?|services?)\b|\bquick ?start guide\b|\bno (?:setup|configuration|installation) (?:required|needed)\b|\bin (?:three|3|four|4|a few) (?:simple |easy )?steps\b/i,
    examples: ['Get up and running in minutes.', 'One-click deploys from GitHub.', 'No setup required.'],
    nonExamples: ['Getting started with Kubernetes.'],
  },
  {
    signal: 'ux.accessibility',
    words: ['wcag', 'vpat', 'section'],
    pattern: /\bWCAG\b|\bVPAT\b|\bSection 508\b/,
    examples: ['We conform to WCAG 2.1 AA.', 'Request our VPAT.'],
    nonExamples: ['Section 4 covers billing.'],
  },
  {
    signal: 'ux.accessibility',
    words: ['accessibility', 'screen', 'keyboard'],
    pattern: /\baccessibility (?:statement|conformance|standards|commitment)\b|\bscreen[- ]readers?\b|\bkeyboard navigation\b/i,
    examples: ['Read our accessibility statement.', 'Works with screen readers.'],
    nonExamples: ['Accessibility matters to us.'],
  },
  {
    signal: 'ux.templates',
    words: ['template'],
    pattern: /\btemplates? (?:gallery|library)\b|\b\d[\d,]*\+? (?:ready-made |pre-built )?templates\b/i,
    examples: ['Browse the template gallery.', 'Start from 200+ templates.'],
    nonExamples: ['Template literals in JavaScript.'],
  },
  {
    signal: 'ux.multi_platform',
    words: ['app', 'google'],
    pattern: /\b(?:iOS|Android|desktop|mobile|Mac|Windows) (?:and (?:iOS|Android|desktop|mobile|Mac|Windows) )?apps?\b|\bApp Store\b|\bGoogle Play\b/,
    examples: ['Download our iOS and Android apps.', 'Get it on Google Play.'],
    nonExamples: ['Applications are open.'],
  },
  {
    signal: 'ux.localization',
    words: ['language', 'locali', 'i18n', 'internationali', 'multilingual'],
    pattern:
      /\b(?:available|translated) in \d+ languages\b|\b\d+ languages\b|\blocali[sz]ed (?:interface|product|app|in)\b|\bi18n\b|\binternationali[sz]ation\b|\bmultilingual\b/i,
    examples: ['Available in 12 languages.', 'Full internationalization support.'],
    nonExamples: ['Languages we love: Rust and Go.'],
  },
  {
    signal: 'ux.power_user_features',
    words: ['keyboard', 'command', 'dark'],
    pattern: /\bkeyboard shortcuts\b|\bcommand (?:palette|menu|bar)\b|\bdark mode\b/i,
    examples: ['Keyboard shortcuts for everything.', 'Open the command palette.'],
    nonExamples: ['A mode for everyone.'],
  },
]);

export const detectUxSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

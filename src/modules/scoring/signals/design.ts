/** Design-dev handoff: a design system, a component library or Storybook, design tokens. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  { signal: 'design.design_system', words: ['design'], pattern: /\bdesign system\b/i },
  { signal: 'design.component_library', words: ['component', 'ui', 'figma'], pattern: /\bcomponent librar(?:y|ies)\b|\bUI kit\b|\bFigma (?:kit|library|community file)\b/i },
  { signal: 'design.component_library', words: ['storybook'], pattern: /\bStorybook\b/ },
  { signal: 'design.design_tokens', words: ['token'], pattern: /\bdesign tokens?\b/i },
]);

export const detectDesignSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'design.design_system', kind: 'design_system' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'design.component_library', href: /^https?:\/\/storybook\.|\.storybook\.|\/storybook\b/i }]),
];

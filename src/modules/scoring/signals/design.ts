/** Design-dev handoff: a design system, a component library or Storybook, design tokens. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'design.design_system',
    words: ['design'],
    pattern: /\bdesign system\b/i,
    examples: ['Our design system keeps every screen consistent.'],
    nonExamples: ['A system for designing bridges.'],
  },
  {
    signal: 'design.component_library',
    words: ['component', 'ui', 'figma'],
    pattern: /\bcomponent librar(?:y|ies)\b|\bUI kit\b|\bFigma (?:kit|library|community file)\b/i,
    examples: ['A shared component library for the whole team.', 'Download the Figma kit.'],
    nonExamples: ['Components of a healthy diet.'],
  },
  {
    signal: 'design.component_library',
    words: ['storybook'],
    pattern: /\bStorybook\b/,
    examples: ['Every component lives in Storybook.'],
    nonExamples: ['A storybook ending.'],
  },
  {
    signal: 'design.design_tokens',
    words: ['token'],
    pattern: /\bdesign tokens?\b/i,
    examples: ['Design tokens keep code and Figma in sync.'],
    nonExamples: ['Tokens for the arcade.'],
  },
]);

export const detectDesignSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'design.design_system', kind: 'design_system' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'design.component_library', href: /^https?:\/\/storybook\.|\.storybook\.|\/storybook\b/i }]),
];

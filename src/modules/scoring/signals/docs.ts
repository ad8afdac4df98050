/** Spec and context quality: documentation, API reference, machine-readable specs, guides, versioning policy. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'docs.api_reference', words: ['api'], pattern: /\bAPI (?:reference|documentation|docs)\b/i },
  { signal: 'docs.openapi_spec', words: ['openapi', 'swagger', 'postman'], pattern: /\bOpenAPI\b|\bSwagger\b|\bPostman collection\b/ },
  {
    signal: 'docs.guides', words: ['quick', 'getting', 'step', 'tutorial', 'how'],
    pattern: /\bquick ?start(?: guide)?\b|\bgetting started guide\b|\bstep-by-step guides?\b|\btutorials?\b|\bhow-to guides?\b/i,
    // In an article, "a coding tutorial" is the story, not the company's documentation.
    onlyOn: ['docs', 'home', 'support', 'integrations'],
  },
  {
    signal: 'docs.versioning_policy', words: ['api', 'versioned', 'deprecation', 'breaking'],
    pattern: /\bAPI versioning\b|\bversioned API\b|\bdeprecation (?:policy|schedule|notice)\b|\bAPI changelog\b|\bbreaking changes?\b/i,
  },
]);

export const detectDocsSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'docs.documentation_site', kind: 'docs' }]),
  ...detectByLinks(pages, [{ signal: 'docs.documentation_site', href: /^https?:\/\/(?:docs|developers?)\./i }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

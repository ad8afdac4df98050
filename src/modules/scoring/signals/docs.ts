/** Spec and context quality: documentation, API reference, machine-readable specs, guides, versioning policy, written specs. */
import { detectByPageKind, detectBySiteLinks, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  // Lower-case "documentation": "API Documentation" in title case is often a product's feature name.
  // "API documentation platform" or "feature" is what an API tool sells, not its own docs.
  {
    signal: 'docs.api_reference',
    words: ['api'],
    pattern: /\bAPI (?:reference|Reference|REFERENCE|docs|documentation)\b(?! (?:platform|tool|feature|generator|editor))|\bour API (?:Documentation|Docs)\b/,
    examples: ['Read the API reference.', 'See our API Docs.'],
    nonExamples: ['The API reference platform we use.'],
  },
  // A published spec of the company's API, not a format its product imports ("importing from OpenAPI").
  {
    signal: 'docs.openapi_spec',
    words: ['openapi', 'swagger', 'postman', 'our'],
    pattern:
      /(?<!(?:from|import|importing|imported) )\b(?:OpenAPI|Swagger) (?:spec(?:ification)?s?|schemas?|documents?|definitions?|files?)\b|\bour (?:OpenAPI|Swagger|Postman)\b|\bPostman collection for\b/,
    examples: ['Download our OpenAPI specification.', 'Fork our Postman collection for the API.'],
    nonExamples: ['Import from OpenAPI specs in one click.'],
  },
  {
    signal: 'docs.guides',
    words: ['quick', 'getting', 'step', 'tutorial', 'how'],
    pattern: /\bquick ?start(?: guide)?\b|\bgetting started guide\b|\bstep-by-step guides?\b|\btutorials?\b|\bhow-to guides?\b/i,
    // In an article, "a coding tutorial" is the story, not the company's documentation.
    onlyOn: ['docs', 'home', 'support', 'integrations'],
    examples: ['Follow the quickstart guide.', 'Step-by-step tutorials for every framework.'],
    nonExamples: ['Start quickly.'],
  },
  {
    signal: 'docs.versioning_policy',
    words: ['api', 'versioned', 'deprecation', 'breaking'],
    pattern: /\bAPI versioning\b|\bversioned API\b|\bdeprecation (?:policy|schedule|notice)\b|\bAPI changelog\b|\bbreaking changes?\b/i,
    examples: ['Read our deprecation policy.', 'We avoid breaking changes.'],
    nonExamples: ['Our API is fast.'],
  },
  {
    // Work specified in writing before it is built: two-pagers, PRDs, written proposals and write-ups.
    signal: 'docs.spec_practice',
    words: ['write', 'writes', 'wrote', 'written', 'writing', 'prepare', 'draft', 'review', 'prfaq', 'prd', 'two', 'one', '1', '2'],
    pattern:
      /\b(?:write|writes|wrote|written|writing|prepares?|prepared|drafts?|drafted|reviews?|reviewed) (?:up |a |the |their |our |from their )?(?:product )?(?:specs?|specifications|PRDs?|PRFAQs?|one-pagers?|two-pagers?|2-pagers?|design docs?|proposals|pitches)\b|\b(?:2|two|1|one)-pagers?\b|\bPRFAQs?\b|\bPRDs?\b|\bwrites? up what\b/i,
    examples: ['Every project starts when someone writes a spec.', 'We write PRDs for big changes.'],
    nonExamples: ['Special offers this week.'],
  },
]);

export const detectDocsSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'docs.documentation_site', kind: 'docs' }]),
  ...detectBySiteLinks(pages, [{ signal: 'docs.documentation_site', href: /^https?:\/\/(?:docs|developers?)\./i, companyHostOnly: true }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

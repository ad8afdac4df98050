/**
 * Competitive positioning: comparison pages, named competitors, migration
 * paths and stated differentiators. Competitor names must be capitalised, so
 * "vs. the old way" does not count as naming a rival.
 */
import { detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

/** A capitalised product name, not a month or a weekday ("December vs January" compares no products). */
const COMPETITOR =
  '(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\\b)[A-Z][\\w.&-]+(?: [A-Z][\\w.&-]+)?';

export const TEXT_RULES = textRules([
  {
    signal: 'compare.named_alternative',
    words: ['vs', 'versus', 'alternative'],
    pattern: new RegExp(
      `\\b(?:vs\\.?|versus) ${COMPETITOR}|\\b(?:an? |the )?alternative to ${COMPETITOR}|\\b(?:[Aa]n?|[Tt]he|[Bb]est|[Tt]op|[Oo]pen[- ][Ss]ource) ${COMPETITOR} alternatives?\\b`,
    ),
    examples: ['Acme vs Globex: a fair comparison.', 'The best Notion alternative for teams.'],
    nonExamples: ['Results vs March were flat.'],
  },
  {
    signal: 'compare.migration_path',
    words: ['from'],
    pattern: new RegExp(`\\b(?:[Mm]igrat(?:e|ing)|[Ss]witch(?:ing)?|[Mm]ov(?:e|ing)|[Ii]mport(?:ing)?) (?:over )?from ${COMPETITOR}`),
    examples: ['Migrate from Jira in one click.', 'Switching from Heroku takes minutes.'],
    nonExamples: ['Import from a CSV file.'],
  },
  {
    signal: 'compare.differentiator',
    words: ['unlike', 'only'],
    pattern: /\bunlike (?:other|traditional|legacy|most) \w+|\bthe only (?:platform|tool|product|solution|API|service|vendor) (?:that|to|with|built)\b/i,
    examples: ['Unlike other tools, it runs offline.', 'The only platform that ships with audit logs.'],
    nonExamples: ['The only way is up.'],
  },
  {
    // Set against a named product: "Compared to Disqus (which is 24kb gzipped)", "10x faster than Elasticsearch".
    signal: 'compare.differentiator',
    words: ['compared', 'faster', 'cheaper', 'lighter', 'smaller', 'simpler', 'easier'],
    pattern: new RegExp(`\\b(?:[Cc]ompared (?:to|with)|(?:faster|cheaper|lighter|smaller|simpler|easier) than) ${COMPETITOR}`),
    examples: ['Ten times faster than Webpack.', 'Compared to Jira, setup takes minutes.'],
    nonExamples: ['Faster than ever before.'],
  },
  {
    // A superlative placed in its market: "the most portable ball machine on the market".
    signal: 'compare.differentiator',
    words: ['most', 'fastest', 'first', 'lightest', 'smallest', 'simplest', 'easiest', 'cheapest'],
    pattern:
      /\bthe (?:most|fastest|first|lightest|smallest|simplest|easiest|cheapest) (?:[\w-]+ ){0,4}(?:on the market|in the world|in its class|available today)\b/i,
    examples: ['The fastest JavaScript bundler on the market.'],
    nonExamples: ['The fastest way to start.'],
  },
]);

export const detectCompareSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'compare.comparison_page', kind: 'compare' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

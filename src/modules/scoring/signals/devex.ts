/** Developer ecosystem: public API, SDKs, webhooks, integrations, marketplace, open source, developer community. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'devex.public_api',
    words: ['api'],
    pattern: /\b(?:REST(?:ful)?|GraphQL|public|open) API\b|\bAPI keys?\b/,
    examples: ['A REST API for every feature.', 'Create API keys in settings.'],
    nonExamples: ['A restful weekend.'],
  },
  {
    // An API offered to customers in other words: "a robust API that enables you to automate deployments".
    signal: 'devex.public_api',
    words: ['api'],
    pattern:
      /\b(?:robust|powerful|full|complete|comprehensive|documented|HTTP|our|an? (?:simple|open|public)) API\b|\bAPI (?:access|endpoints?)\b|\bvia (?:the|our|an?) API\b/,
    examples: ['Everything is available via our API.', 'A powerful API for developers.'],
    nonExamples: ['Our APIs are coming.'],
  },
  {
    signal: 'devex.sdks',
    words: ['sdk', 'npm', 'pip', 'gem', 'get'],
    pattern: /\bSDKs?\b|\bnpm install\b|\bpip install\b|\bgem install\b|\bgo get\b/,
    examples: ['Official SDKs for Python and Go.', 'Run npm install acme.'],
    nonExamples: ['Install it from the store.'],
  },
  {
    signal: 'devex.sdks',
    words: ['client', 'npm', 'official', 'react', 'cli', 'package', 'library', 'libraries', 'command'],
    pattern:
      /\bclient librar(?:y|ies)\b|\bnpm (?:package|module)\b|\bofficial (?:libraries|clients|SDKs|packages)\b|\bReact component\b|\b(?:our|a) CLI\b|\bcommand[- ]line (?:tool|interface)\b/i,
    examples: ['Client libraries for six languages.', 'Use our CLI to deploy.'],
    nonExamples: ['A library of templates.'],
  },
  {
    signal: 'devex.webhooks',
    words: ['webhook'],
    pattern: /\bwebhooks?\b/i,
    examples: ['Webhooks for every event.'],
    nonExamples: ['Hooks for your coat.'],
  },
  {
    signal: 'devex.integrations_directory',
    words: ['integration', 'integrates'],
    pattern:
      /\b\d[\d,]*\+? (?:native |pre-built |one-click )?integrations\b|\bintegrations? (?:directory|library|gallery)\b|\bintegrat(?:es|ions?) with [A-Z][\w.-]+(?:,? (?:and )?[A-Z][\w.-]+)+/i,
    examples: ['Over 120 integrations.', 'Integrates with Slack, Jira and GitHub.'],
    nonExamples: ['Integration tests run nightly.'],
  },
  {
    signal: 'devex.marketplace',
    words: ['marketplace', 'directory', 'store', 'partner'],
    pattern:
      /\b(?:app|integration|plugin|extension|template|partner) (?:marketplace|directory|store)\b|\b(?:technology |integration )?partner program(?:me)?\b/i,
    examples: ['Browse the app marketplace.', 'Join our partner program.'],
    nonExamples: ['A farmers marketplace.'],
  },
  {
    signal: 'devex.open_source',
    words: ['open'],
    pattern: /\bopen[- ]source(?:d)?\b/i,
    examples: ['Acme is open source.', 'We open-sourced our parser.'],
    nonExamples: ['Open the source file.'],
  },
  {
    signal: 'devex.developer_community',
    words: ['developer', 'hackathon', 'devrel', 'contributor', 'github', 'stars', 'discord', 'slack', 'join'],
    pattern:
      /\bdeveloper (?:community|forum|Discord|Slack|newsletter|relations)\b|\bhackathons?\b|\bDevRel\b|\b\d[\d,.]*k?\+? (?:contributors|GitHub stars|stars on GitHub)\b|\bcontributors? (?:program(?:me)?|guide|community)\b|\b(?:Discord|Slack) (?:community|server)\b|\bjoin (?:us|our community|the community) on (?:Discord|Slack|GitHub)\b/i,
    examples: ['Join the developer community.', '12k GitHub stars.'],
    nonExamples: ['A community of gardeners.'],
  },
]);

export const detectDevexSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'devex.integrations_directory', kind: 'integrations' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'devex.open_source', href: /^https?:\/\/(?:www\.)?github\.com\/[\w.-]+\/?$/i }]),
];

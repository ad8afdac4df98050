/** Developer ecosystem: public API, SDKs, webhooks, integrations, marketplace, open source, developer community. */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  { signal: 'devex.public_api', words: ['api'], pattern: /\b(?:REST(?:ful)?|GraphQL|public|open) API\b|\bAPI keys?\b/ },
  { signal: 'devex.sdks', words: ['sdk', 'npm', 'pip', 'gem'], pattern: /\bSDKs?\b|\bnpm install\b|\bpip install\b|\bgem install\b|\bgo get\b/ },
  { signal: 'devex.sdks', words: ['client'], pattern: /\bclient librar(?:y|ies)\b/i },
  { signal: 'devex.webhooks', words: ['webhook'], pattern: /\bwebhooks?\b/i },
  { signal: 'devex.integrations_directory', words: ['integration'], pattern: /\b[\d,]+\+? (?:native |pre-built )?integrations\b|\bintegrations? (?:directory|library|gallery)\b/i },
  {
    signal: 'devex.marketplace', words: ['marketplace', 'directory', 'store', 'partner'],
    pattern: /\b(?:app|integration|plugin|extension|template|partner) (?:marketplace|directory|store)\b|\b(?:technology |integration )?partner program(?:me)?\b/i,
  },
  { signal: 'devex.open_source', words: ['open'], pattern: /\bopen[- ]source(?:d)?\b/i },
  { signal: 'devex.developer_community', words: ['developer', 'hackathon', 'devrel'], pattern: /\bdeveloper (?:community|forum|Discord|Slack|newsletter|relations)\b|\bhackathons?\b|\bDevRel\b/i },
]);

export const detectDevexSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'devex.integrations_directory', kind: 'integrations' }]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByLinks(pages, [{ signal: 'devex.open_source', href: /^https?:\/\/(?:www\.)?github\.com\/[\w.-]+\/?$/i }]),
];

/**
 * Build versus buy, from what the company says. The bought tool stack itself
 * (vendor breadth, hosting, site platform) is fingerprinted in tech.ts.
 */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const PLATFORM = '(?:AWS|Amazon Web Services|Google Cloud|GCP|Azure|Kubernetes|Postgres(?:QL)?|Snowflake|Stripe|Twilio|OpenAI|Anthropic|Cloudflare)';

const TEXT_RULES = new TextRuleSet([
  { signal: 'build.platform_partners', words: ['built', 'run', 'hosted', 'powered'], pattern: new RegExp(`\\b(?:built|runs|running|hosted) on (?:top of )?${PLATFORM}\\b|\\bpowered by ${PLATFORM}\\b`) },
  {
    signal: 'build.focus_statement', words: ['build', 'built', 'buy'],
    pattern: /\bbuild (?:vs\.?|versus|or) buy\b|\bbuy (?:rather )?than build\b|\b(?:build|built) (?:only )?what (?:differentiates|makes us different|matters most)\b/i,
  },
]);

export const detectBuildSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

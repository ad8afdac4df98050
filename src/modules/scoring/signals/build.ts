/**
 * Build versus buy, from what the company says. The bought tool stack itself
 * (vendor breadth, hosting, site platform) is fingerprinted in tech.ts.
 */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

/** Platforms and services a product is commonly built on or bought from. */
const PLATFORM =
  '(?:AWS|Amazon Web Services|Google Cloud|GCP|Azure|Kubernetes|Postgres(?:QL)?|Snowflake|Stripe|Twilio|OpenAI|Anthropic|Cloudflare|Vercel|Netlify|Fly\\.io|Heroku|Supabase|ClickHouse|Clickhouse|Redis|Hetzner|DigitalOcean|Sentry|Crowdin|Auth0|Clerk|Resend|Algolia|Firebase|Render|Railway|Tinybird|Upstash|PlanetScale|Neon|Datadog|Segment|Intercom|Zendesk|GitHub Actions)';
/** What a bought service does for the company: "Vercel for hosting", "Sentry for error reporting". */
const PURPOSE =
  '(?:hosting|error (?:reporting|tracking)|monitoring|translations?|payments|billing|auth(?:entication)?|email|analytics|search|logging|CI|deploy(?:ment)?s?|storage|infrastructure|support)';

export const TEXT_RULES = textRules([
  {
    signal: 'build.platform_partners',
    words: [
      'built',
      'run',
      'hosted',
      'powered',
      'deployed',
      'managed',
      'depend',
      'rely',
      'relies',
      'use',
      'using',
      'aws',
      'amazon',
      'google',
      'gcp',
      'azure',
      'kubernetes',
      'postgres',
      'snowflake',
      'stripe',
      'twilio',
      'openai',
      'anthropic',
      'cloudflare',
      'vercel',
      'netlify',
      'fly',
      'heroku',
      'supabase',
      'clickhouse',
      'redis',
      'hetzner',
      'digitalocean',
      'sentry',
      'crowdin',
      'auth0',
      'clerk',
      'resend',
      'algolia',
      'firebase',
      'render',
      'railway',
      'tinybird',
      'upstash',
      'planetscale',
      'neon',
      'datadog',
      'segment',
      'intercom',
      'zendesk',
      'github',
    ],
    pattern: new RegExp(
      `\\b(?:built|runs?|running|hosted|deployed) on (?:top of )?${PLATFORM}\\b|\\bpowered by ${PLATFORM}\\b|\\b(?:partly |fully )?managed by ${PLATFORM}\\b|\\b${PLATFORM} (?:for|handles) ${PURPOSE}\\b|\\b(?:depend(?:s|ing)? on|rel(?:y|ies|ying) on|we use|uses|using) (?:many |several |a few )?(?:\\w+ )?(?:services|tools|vendors|providers)? ?(?:such as |like )?${PLATFORM}\\b`,
    ),
    examples: ['The app is built on AWS and Postgres.', 'Payments powered by Stripe.', 'Today we use services like Cloudflare.'],
    nonExamples: ['Built on trust.'],
  },
  {
    // A stance on what to make and what to take: build vs buy, in-house systems, boring solutions.
    signal: 'build.focus_statement',
    words: ['build', 'built', 'buy', 'developed', 'made', 'wrote', 'house', 'boring', 'simplest', 'proven', 'instead', 'reinvent', 'invented'],
    pattern:
      /\bbuild (?:vs\.?|versus|or) buy\b|\bbuy (?:rather )?than build\b|\b(?:build|built) (?:only )?what (?:differentiates|makes us different|matters most)\b|\b(?:developed|built|made|wrote) (?:it |them |this )?in-house\b|\bin-house (?:tools?|systems?|software|apps?)\b|\b(?:boring|simplest|proven) (?:solutions?|technology|tech|tools)\b|\binstead of (?:building|rebuilding|reinventing|writing) (?:our own|it ourselves|everything)\b|\breinvent(?:ing)? the wheel\b|\bnot invented here\b/i,
    examples: ['We only build what differentiates us.', 'Instead of building our own, we buy.'],
    nonExamples: ['Build faster with templates.'],
  },
]);
export const detectBuildSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

/**
 * Security and compliance: certifications, regulations, a trust page,
 * disclosure and testing, enterprise controls, security headers, and vague
 * claims (weak on their own, and the trigger of an anti-pattern).
 * Acronyms are matched case-sensitively with word boundaries: "SOC 2" is not
 * "SOC 20", "DPA" is not "dpa" inside a word.
 */
import type { Finding } from '../artifacts.ts';
import { detectByPageKind, detectByTextRules, finding, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'security.soc2',
    words: ['soc'],
    pattern: /\bSOC[\s-]?2\b(?:,? Type (?:II|2|I|1)\b)?/,
    examples: ['We are SOC 2 Type II certified.', 'Our SOC2 report is available.'],
    nonExamples: ['SOC 20 is not a standard.'],
  },
  {
    signal: 'security.iso27001',
    words: ['iso'],
    pattern: /\bISO(?:\/IEC)?[\s-]?27001\b/,
    examples: ['ISO 27001 certified.', 'ISO/IEC 27001 compliant.'],
    nonExamples: ['ISO 9001 certified.'],
  },
  {
    signal: 'security.regulatory',
    words: ['gdpr', 'hipaa', 'ccpa', 'pci', 'fedramp', 'dpa'],
    pattern: /\b(?:GDPR|HIPAA|CCPA|PCI[\s-]DSS|FedRAMP|DPA)\b/,
    examples: ['We are GDPR and HIPAA compliant.', 'Sign our DPA.'],
    nonExamples: ['Read our privacy policy.', 'The DPAs of each country.'],
  },
  {
    signal: 'security.regulatory',
    words: ['processing'],
    pattern: /\bdata processing (?:agreement|addendum)\b/i,
    examples: ['Sign our data processing agreement.'],
    nonExamples: ['Data processing at scale.'],
  },
  {
    signal: 'security.trust_center',
    words: ['trust', 'security'],
    pattern: /\btrust (?:center|centre|portal)\b|\bsecurity (?:whitepaper|overview|program(?:me)?)\b/i,
    examples: ['Visit our trust center.', 'Download the security whitepaper.'],
    nonExamples: ['Trust us.'],
  },
  {
    signal: 'security.disclosure',
    words: ['bug', 'responsible', 'coordinated', 'vulnerability', 'security', 'pen'],
    pattern: /\bbug bount(?:y|ies)\b|\b(?:responsible|coordinated|vulnerability) disclosure\b|\bsecurity\.txt\b|\bpen(?:etration)?[- ]test(?:s|ing|ed)?\b/i,
    examples: ['Our bug bounty pays researchers.', 'We run annual penetration tests.'],
    nonExamples: ['Bugs in the garden.'],
  },
  {
    signal: 'security.enterprise_controls',
    words: ['sso', 'saml', 'scim', 'rbac'],
    pattern: /\b(?:SSO|SAML|SCIM|RBAC)\b/,
    examples: ['SSO and SCIM on every plan.', 'RBAC for teams.'],
    nonExamples: ['SSOT means a single source of truth.', 'Files land in the sso bucket.'],
  },
  {
    signal: 'security.enterprise_controls',
    words: ['single', 'audit', 'role', 'encrypt'],
    pattern: /\bsingle sign-on\b|\baudit logs?\b|\brole-based access(?: control)?\b|\bencrypt(?:ed|ion) at rest\b/i,
    examples: ['Single sign-on with Okta.', 'Audit logs for every action.'],
    nonExamples: ['Logs for the fireplace.'],
  },
  {
    // Security practised, short of a certificate: device management, second factors, reviews and pen tests on a rhythm.
    signal: 'security.practices',
    words: ['secur', 'device', 'two', '2fa', 'factor', 'mfa', 'multi', 'endpoint', 'encrypt', 'least', 'access', 'background'],
    pattern:
      /\bsecur(?:e|es|ing) (?:these|our|all|every|company) (?:devices|laptops|endpoints|accounts)\b|\b(?:device|endpoint) management\b|\b(?:two|2|multi)-factor\b|\b2FA\b|\bMFA\b|\bencrypt(?:ed|ion) in transit\b|\bleast[- ]privilege\b|\baccess (?:reviews?|controls? (?:are|is) reviewed)\b|\bsecurity (?:training|reviews?|audits?|polic(?:y|ies)|team|bulletins?)\b|\bbackground checks?\b/i,
    examples: ['We require two-factor authentication.', 'Annual security training for staff.'],
    nonExamples: ['Two factors matter.'],
  },
  {
    signal: 'security.vague_claims',
    words: ['bank', 'military', 'enterprise'],
    pattern: /\b(?:bank|military|enterprise)[- ](?:grade|level) (?:security|encryption|protection)\b/i,
    examples: ['Bank-grade security for your data.'],
    nonExamples: ['Enterprise plans for big teams.'],
  },
]);

const SECURITY_HEADERS = ['strict-transport-security', 'content-security-policy'] as const;

export const detectSecuritySignals: SignalDetector = (pages) => {
  const headerFindings: Finding[] = [];
  for (const { page } of pages) {
    const header = SECURITY_HEADERS.find((name) => page.headers[name]);
    if (header) {
      headerFindings.push(finding('security.headers', page, { kind: 'observation', source: 'header', text: `${header}: ${page.headers[header]}` }));
      break;
    }
  }
  return [...detectByPageKind(pages, [{ signal: 'security.trust_center', kind: 'security' }]), ...detectByTextRules(pages, TEXT_RULES), ...headerFindings];
};

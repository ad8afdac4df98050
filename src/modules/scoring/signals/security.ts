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
  { signal: 'security.soc2', words: ['soc'], pattern: /\bSOC[\s-]?2\b(?:,? Type (?:II|2|I|1)\b)?/ },
  { signal: 'security.iso27001', words: ['iso'], pattern: /\bISO(?:\/IEC)?[\s-]?27001\b/ },
  { signal: 'security.regulatory', words: ['gdpr', 'hipaa', 'ccpa', 'pci', 'fedramp', 'dpa'], pattern: /\b(?:GDPR|HIPAA|CCPA|PCI[\s-]DSS|FedRAMP|DPA)\b/ },
  { signal: 'security.regulatory', words: ['processing'], pattern: /\bdata processing (?:agreement|addendum)\b/i },
  { signal: 'security.trust_center', words: ['trust', 'security'], pattern: /\btrust (?:center|centre|portal)\b|\bsecurity (?:whitepaper|overview|program(?:me)?)\b/i },
  {
    signal: 'security.disclosure', words: ['bug', 'responsible', 'coordinated', 'vulnerability', 'security', 'pen'],
    pattern: /\bbug bount(?:y|ies)\b|\b(?:responsible|coordinated|vulnerability) disclosure\b|\bsecurity\.txt\b|\bpen(?:etration)?[- ]test(?:s|ing|ed)?\b/i,
  },
  { signal: 'security.enterprise_controls', words: ['sso', 'saml', 'scim', 'rbac'], pattern: /\b(?:SSO|SAML|SCIM|RBAC)\b/ },
  {
    signal: 'security.enterprise_controls', words: ['single', 'audit', 'role', 'encrypt'],
    pattern: /\bsingle sign-on\b|\baudit logs?\b|\brole-based access(?: control)?\b|\bencrypt(?:ed|ion) at rest\b/i,
  },
  {
    // Security practised, short of a certificate: device management, second factors, reviews and pen tests on a rhythm.
    signal: 'security.practices', words: ['secur', 'device', 'two', '2fa', 'mfa', 'multi', 'encrypt', 'least', 'access', 'background'],
    pattern:
      /\bsecur(?:e|es|ing) (?:these|our|all|every|company) (?:devices|laptops|endpoints|accounts)\b|\b(?:device|endpoint) management\b|\b(?:two|2|multi)-factor\b|\b2FA\b|\bMFA\b|\bencrypt(?:ed|ion) in transit\b|\bleast[- ]privilege\b|\baccess (?:reviews?|controls? (?:are|is) reviewed)\b|\bsecurity (?:training|reviews?|audits?|polic(?:y|ies)|team|bulletins?)\b|\bbackground checks?\b/i,
  },
  { signal: 'security.vague_claims', words: ['bank', 'military', 'enterprise'], pattern: /\b(?:bank|military|enterprise)[- ](?:grade|level) (?:security|encryption|protection)\b/i },
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
  return [
    ...detectByPageKind(pages, [{ signal: 'security.trust_center', kind: 'security' }]),
    ...detectByTextRules(pages, TEXT_RULES),
    ...headerFindings,
  ];
};

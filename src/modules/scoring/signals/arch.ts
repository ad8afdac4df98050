/**
 * Architecture and systems: a status page (linked, or embedded by a
 * status-page vendor's script), uptime commitments, regions, engineering
 * writing, operating scale.
 */
import { detectByLinks, detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';
import { sightVendors, VENDORS } from './vendors.ts';

const STATUS_PAGE_VENDORS = VENDORS.filter((vendor) => vendor.signal === 'arch.status_page');

const TEXT_RULES = new TextRuleSet([
  { signal: 'arch.uptime_sla', words: ['99', 'uptime'], pattern: /\b99\.9\d*\s?% (?:uptime|availability|SLA)\b|\buptime (?:SLA|guarantee|commitment)\b|\b(?:uptime|availability) of 99\.9\d*\s?%/i },
  {
    signal: 'arch.multi_region', words: ['multi', 'residency', 'data', 'hosted', 'region'],
    pattern: /\bmulti-region\b|\bdata residency\b|\b(?:EU|US|regional|dedicated) data (?:cent(?:er|re)s?|regions?)\b|\bhosted in the (?:EU|US|UK)\b|\b\d+ (?:cloud )?regions\b/i,
  },
  {
    signal: 'arch.scale_claims', words: ['event', 'request', 'api', 'message', 'transaction', 'record', 'quer', 'row'],
    pattern: /\b[\d.,]+\s?(?:billion|million|[MBK])\+? (?:events|requests|API calls|messages|transactions|records|queries|rows)(?: (?:per|a|each|every) (?:day|month|second|year|week))?\b/i,
  },
]);

export const detectArchSignals: SignalDetector = (pages) => [
  ...detectByLinks(pages, [{ signal: 'arch.status_page', href: /^https?:\/\/status\.|\/status\/?$|\.statuspage\.io\b|\.instatus\.com\b/i }]),
  ...sightVendors(STATUS_PAGE_VENDORS, pages).map((sighting) => sighting.finding),
  ...detectByPageKind(pages, [{ signal: 'arch.engineering_blog', kind: 'engineering' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];

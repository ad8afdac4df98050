/**
 * The technology the site runs on, read from its markup and headers:
 * third-party vendors (product analytics, customer-data platforms, session
 * replay, feature flags, experimentation, surveys, feedback and support
 * widgets, documentation platforms; the catalogue is vendors.ts), how broad
 * that bought stack is, the managed platform that serves it and the site
 * generator or documentation platform it was built with.
 */
import type { Finding } from '../artifacts.ts';
import { finding, type PageContext, type SignalDetector } from './detection-rules.ts';
import { sightVendors, VENDORS } from './vendors.ts';

/** Managed platforms and CDNs, told apart by a header they always send. */
const PLATFORM_HEADERS: readonly { header: string; value?: RegExp }[] = [
  { header: 'x-vercel-id' },
  { header: 'cf-ray' },
  { header: 'x-amz-cf-id' },
  { header: 'fly-request-id' },
  { header: 'x-github-request-id' },
  { header: 'server', value: /cloudflare|vercel|netlify|AmazonS3|Google Frontend|GitHub\.com/i },
  { header: 'x-powered-by', value: /Next\.js|Vercel|Netlify|WP Engine/i },
];

/** Meta generators that name a bought CMS or site framework. */
const SITE_GENERATOR =
  /\b(?:WordPress|Webflow|Next\.js|Gatsby|Hugo|Docusaurus|Framer|Ghost|Squarespace|Wix|Jekyll|Astro|Nuxt|HubSpot|Drupal|Contentful|Eleventy)\b/i;
/** Meta generators that are documentation platforms. */
const DOCS_GENERATOR = /\b(?:Docusaurus|GitBook|Mintlify|ReadMe|MkDocs|VitePress|Nextra)\b/i;

/** Distinct tools across the site for a broad stack to count, and for full strength. */
const VENDORS_FOR_BREADTH = 3;
const VENDORS_FOR_FULL_BREADTH = 6;

function platformFindings(pages: readonly PageContext[]): Finding[] {
  for (const { page } of pages) {
    for (const { header, value } of PLATFORM_HEADERS) {
      const sent = page.headers[header];
      if (sent && (!value || value.test(sent))) {
        return [finding('tech.managed_platform', page, { kind: 'observation', source: 'header', text: `${header}: ${sent}` })];
      }
    }
  }
  return [];
}

function generatorFindings(pages: readonly PageContext[]): Finding[] {
  const findings: Finding[] = [];
  for (const { page } of pages) {
    const generator = page.metaGenerator;
    if (!generator) continue;
    const evidence = { kind: 'observation', source: 'generator', text: generator } as const;
    if (SITE_GENERATOR.test(generator)) findings.push(finding('tech.site_generator', page, evidence));
    if (DOCS_GENERATOR.test(generator)) findings.push(finding('tech.docs_platform', page, evidence));
  }
  return findings;
}

export const detectTechSignals: SignalDetector = (pages) => {
  const sightings = sightVendors(VENDORS, pages);
  // Every vendor widens the stack, a hosted status page too; that page's own finding (arch.status_page) is arch.ts's to report.
  const findings = sightings.filter((s) => s.vendor.signal.startsWith('tech.')).map((s) => s.finding);
  const distinctVendors = new Set(sightings.map((s) => s.vendor.name)).size;
  const first = sightings[0];
  if (first && distinctVendors >= VENDORS_FOR_BREADTH) {
    const strength = Math.min(1, distinctVendors / VENDORS_FOR_FULL_BREADTH);
    const pageOfFirst = pages.find((c) => c.page.finalUrl === first.finding.url)!.page;
    findings.push(finding('tech.vendor_breadth', pageOfFirst, first.finding.evidence, strength));
  }
  return [...findings, ...platformFindings(pages), ...generatorFindings(pages)];
};

/**
 * Who a crawled site speaks for, worked out once from its pages in canonical
 * order: the company's name and the words its own hosts carry. Detectors use
 * it to tell the company's documentation, status page or help centre on a
 * sub-domain (docs.acme.com) from a third party's (developer.mozilla.org).
 */
import type { PageArtifact } from '../artifacts.ts';
import { companyNameFrom } from './company-name.ts';

/** What every page of one crawl shares: who the site speaks for. */
export interface SiteIdentity {
  /** The company's name as the site states it (company-name.ts), or null. */
  companyName: string | null;
  /**
   * Lower-case words a host of the company's own carries: the start page's
   * registrable name ("acme" for www.acme.com) and the company's name
   * squashed ("acmecloud" for "Acme Cloud"). A link to docs.acme.com is the
   * company's documentation; one to developer.mozilla.org is not.
   */
  hostWords: readonly string[];
}

/** Public suffixes of two labels that are common enough to matter ("acme.co.uk"). */
const TWO_LABEL_SUFFIX = /\.(?:co|com|org|net|ac|gov|edu)\.[a-z]{2}$/;
/** A name shorter than this ("io", "go") would match too many hosts to tell anything. */
const MIN_HOST_WORD = 3;

/** The label a registrable domain is named by: "acme" for docs.acme.co.uk; null for an address. */
export function registrableLabel(host: string): string | null {
  const lower = host.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(lower) || lower.includes(':') || !lower.includes('.')) return null;
  const labels = lower.split('.');
  const keep = TWO_LABEL_SUFFIX.test(lower) ? 3 : 2;
  return labels.length >= keep ? labels[labels.length - keep]! : null;
}

function squashed(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Pages must be in canonical order (root page first). */
export function siteIdentity(pages: readonly PageArtifact[]): SiteIdentity {
  const companyName = companyNameFrom(pages) ?? null;
  const words = new Set<string>();
  const start = pages[0];
  if (start) {
    const label = registrableLabel(new URL(start.finalUrl).hostname);
    if (label) words.add(label);
  }
  if (companyName) {
    // "Acme Cloud" -> "acmecloud" and "acme": a product sub-brand keeps the company's first word.
    words.add(squashed(companyName));
    const first = companyName.split(/\s+/)[0];
    if (first) words.add(squashed(first));
  }
  return { companyName, hostWords: [...words].filter((word) => word.length >= MIN_HOST_WORD) };
}

/** Whether `href` points at a host of the company's own (the site's domain, or a domain named after the company). */
export function isCompanyHost(href: string, site: SiteIdentity): boolean {
  let host: string;
  try {
    host = new URL(href).hostname;
  } catch {
    return false;
  }
  const label = registrableLabel(host);
  if (label === null) return true; // an address: the crawl's own host (fixture and intranet sites)
  return site.hostWords.some((word) => label === word || label.startsWith(word) || word.startsWith(label));
}

/**
 * The company's name as the site states it: og:site_name, else a JSON-LD
 * Organization's name, else the home page's title without its tagline
 * ("Acme | Invoicing for agencies" -> "Acme"). Pages are read in canonical
 * order (root page first), so the answer does not depend on crawl order.
 * One of the site facts (site-facts.ts) the engine is handed.
 */
import type { PageArtifact } from '../artifacts.ts';
import { TITLE_SEPARATOR } from './page-kinds.ts';

const ORGANIZATION_TYPES = new Set(['Organization', 'Corporation', 'OnlineBusiness', 'LocalBusiness']);
const GENERIC_TITLE_PARTS = /^(?:home|homepage|welcome|index)$/i;
/** A section of the company's site named with it ("The Acme Handbook", "Acme Blog"): the company is the rest. */
const SITE_SECTION = /^(?:the\s+)?(.+?)\s+(?:employee\s+)?(?:handbook|blog|docs|documentation|help cent(?:er|re)|knowledge base|changelog|wiki)$/i;
const MAX_NAME_LENGTH = 100;
const MAX_JSON_LD_DEPTH = 6;

function organizationName(value: unknown, depth: number): string | null {
  if (depth > MAX_JSON_LD_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const name = organizationName(item, depth + 1);
      if (name) return name;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  const types = ([] as unknown[]).concat(record['@type'] ?? []);
  if (types.some((type) => typeof type === 'string' && ORGANIZATION_TYPES.has(type)) && typeof record['name'] === 'string' && record['name'].trim()) {
    return record['name'].trim();
  }
  return organizationName(record['@graph'], depth + 1);
}

function nameFromTitle(title: string): string | null {
  const parts = title
    .split(TITLE_SEPARATOR)
    .flatMap((part) => part.split(/:\s+/))
    .map((part) => part.trim())
    .filter((part) => part && !GENERIC_TITLE_PARTS.test(part));
  return parts[0] ?? null;
}

/** Pages must be in canonical order (see canonicalPages). */
export function companyNameFrom(pages: readonly PageArtifact[]): string | undefined {
  const name =
    pages.find((page) => page.siteName)?.siteName ??
    pages.map((page) => organizationName(page.jsonLd, 0)).find(Boolean) ??
    (pages[0] ? nameFromTitle(pages[0].title) : null);
  if (!name) return undefined;
  const company = SITE_SECTION.exec(name)?.[1] ?? name;
  return company.slice(0, MAX_NAME_LENGTH);
}

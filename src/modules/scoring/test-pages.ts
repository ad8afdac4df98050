/**
 * Page artifacts for tests, built the way the crawler builds them: through
 * extractPage from a small HTML document.
 */
import { signalType, type SignalId } from '../../framework/signal-types.ts';
import type { Evidence, Finding, PageArtifact } from './artifacts.ts';
import { extractPage } from './extract/extract-page.ts';
import { MAX_QUOTE_LENGTH } from './signals/quote.ts';

export const TEST_ORIGIN = 'http://fixture.local';

export interface TestPage {
  /** Path on TEST_ORIGIN, e.g. '/pricing'. */
  path?: string;
  /** Markup placed inside <main>. */
  main?: string;
  /** Markup placed in <head>, after the title. */
  head?: string;
  title?: string;
  headers?: Record<string, string>;
}

export function testPage({ path = '/', main = '', head = '', title = 'Acme', headers = {} }: TestPage): PageArtifact {
  const url = `${TEST_ORIGIN}${path}`;
  const body = `<!doctype html><html><head><title>${title}</title>${head}</head><body><header><nav><a href="/">Home</a></nav></header><main>${main}</main><footer><p>Footer</p></footer></body></html>`;
  return extractPage({ requestedUrl: url, finalUrl: url, status: 200, contentType: 'text/html', body, headers });
}

/** Where an observation's text must appear verbatim, by its source. */
export function observationIsVerbatim(page: PageArtifact, evidence: Extract<Evidence, { kind: 'observation' }>): boolean {
  switch (evidence.source) {
    case 'script':
      return page.scriptSources.includes(evidence.text);
    case 'inlineScript':
      return page.inlineScripts.some((code) => code.includes(evidence.text));
    case 'header': {
      const [name, ...rest] = evidence.text.split(': ');
      return page.headers[name!] === rest.join(': ');
    }
    case 'generator':
      return page.metaGenerator === evidence.text;
    case 'jsonld':
      return JSON.stringify(page.jsonLd).includes(evidence.text);
    case 'link':
      return page.links.some((link) => link.href === evidence.text);
    case 'dates':
      return page.dates.includes(evidence.text);
  }
}

/** Every problem with a finding's evidence against the page it cites ([] when it is sound). */
export function evidenceProblems(finding: Finding, pages: readonly PageArtifact[]): string[] {
  const page = pages.find((p) => p.finalUrl === finding.url);
  if (!page) return [`${finding.signal}: cites ${finding.url}, which is not a crawled page`];
  const problems: string[] = [];
  if (finding.evidence.kind === 'quote') {
    if (!page.mainText.includes(finding.evidence.text)) problems.push(`${finding.signal}: quote not verbatim in ${finding.url}: ${finding.evidence.text}`);
    if (finding.evidence.text.length > MAX_QUOTE_LENGTH) problems.push(`${finding.signal}: quote longer than ${MAX_QUOTE_LENGTH} characters`);
    if (finding.evidence.text.trim() !== finding.evidence.text || finding.evidence.text === '') problems.push(`${finding.signal}: quote is blank or untrimmed`);
  } else if (!observationIsVerbatim(page, finding.evidence)) {
    problems.push(`${finding.signal}: ${finding.evidence.source} observation not verbatim in ${finding.url}: ${finding.evidence.text}`);
  }
  if (!(finding.strength > 0 && finding.strength <= 1)) problems.push(`${finding.signal}: strength ${finding.strength} outside (0, 1]`);
  return problems;
}

/** A hand-built finding for engine tests: a quote on TEST_ORIGIN. */
export function testFinding(signal: SignalId, { path = '/', strength = 1, text = `Evidence for ${signal}` }: { path?: string; strength?: number; text?: string } = {}): Finding {
  return { signal, dimensionId: signalType(signal).dimensionId, strength, evidence: { kind: 'quote', text }, url: `${TEST_ORIGIN}${path}` };
}

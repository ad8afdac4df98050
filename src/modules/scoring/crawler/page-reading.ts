/**
 * Reading a fetched page's body: bytes -> text -> PageArtifact, and whether
 * it is a block or challenge page. This is where a crawl spends its CPU
 * (about 40 ms for a 2 MB page), so the module is also what the page-reading
 * worker threads run (page-reader.ts loads it by file name and calls
 * `readPageBody`). Pure: no I/O, no clock, no module state; its argument and
 * its result are structured-cloneable, so a worker thread gives exactly what
 * this thread would.
 */
import type { PageArtifact } from '../artifacts.ts';
import { extractPage } from '../extract/extract-page.ts';
import { detectBlockPage } from './block-page.ts';
import { decodeText } from './response-text.ts';

export interface PageBody {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  /** Lower-case names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The media type the body is read as: 'text/html', 'application/xhtml+xml' or 'text/plain'. */
  mediaType: string;
  /** The charset the response declared, if any. */
  charset: string | null;
  bytes: Uint8Array;
}

export interface PageReading {
  artifact: PageArtifact;
  /** Why the page must not be used (a challenge or "access denied" page), or null. */
  blockedReason: string | null;
}

export function readPageBody(page: PageBody): PageReading {
  // A worker receives a plain Uint8Array (structured cloning drops the Buffer class); a view costs no copy.
  const bytes = Buffer.from(page.bytes.buffer, page.bytes.byteOffset, page.bytes.byteLength);
  const isHtml = page.mediaType !== 'text/plain';
  const body = decodeText(bytes, page.charset, isHtml);
  const artifact = extractPage({
    requestedUrl: page.requestedUrl,
    finalUrl: page.finalUrl,
    status: page.status,
    contentType: page.mediaType,
    body,
    headers: page.headers,
  });
  return { artifact, blockedReason: detectBlockPage(artifact, isHtml ? body : '', page.headers) };
}

/**
 * A fetched response -> a page artifact, or the reason it is not used
 * (non-2xx status, not an HTML or text body, a block or challenge page).
 */
import type { PageArtifact } from '../artifacts.ts';
import { BOT_CHALLENGE_REASON } from './block-page.ts';
import { describeStatus, isSuccessStatus, type FetchedResource } from './http-fetch.ts';
import type { PageReader } from './page-reader.ts';
import { readPageBody, type PageBody, type PageReading } from './page-reading.ts';
import { looksLikeHtml, PAGE_MEDIA_TYPES } from './response-text.ts';

export type PageOutcome =
  | {
      kind: 'page';
      artifact: PageArtifact;
      bytes: number;
      /** Every address the page was reached through: the one requested, each redirect hop, and the final one (artifact.finalUrl). */
      addresses: readonly string[];
    }
  | { kind: 'skipped'; reason: string };

type CheckedPage = { kind: 'read'; body: PageBody; bytes: number } | Extract<PageOutcome, { kind: 'skipped' }>;

/** Read the body of a 2xx response only when it may become an artifact (or has no type to judge by). */
export function isPageMediaType(mediaType: string | null): boolean {
  return mediaType === null || (PAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

/** The page read in this thread (the stage benchmark's path; a crawl reads through its PageReader). */
export function toPageOutcome(resource: FetchedResource): PageOutcome {
  const checked = checkPage(resource);
  return checked.kind === 'read' ? settle(resource, checked.bytes, readPageBody(checked.body)) : checked;
}

/** The page read by `reader`, which may move its bytes to a worker thread: `resource.body` is not to be read afterwards. */
export async function readPageOutcome(resource: FetchedResource, reader: PageReader): Promise<PageOutcome> {
  const checked = checkPage(resource);
  return checked.kind === 'read' ? settle(resource, checked.bytes, await reader.read(checked.body)) : checked;
}

/** What can be decided without reading the body: the status, the media type, a sniff of the first bytes when none is declared. */
function checkPage(resource: FetchedResource): CheckedPage {
  if (!isSuccessStatus(resource.status)) {
    // A challenge usually comes with 403 or 503; the header says which it is without reading the body.
    const challenged = resource.headers['cf-mitigated'] === 'challenge';
    return {
      kind: 'skipped',
      reason: challenged ? `${BOT_CHALLENGE_REASON} (${describeStatus(resource.status).replace(/^The site answered /, '')})` : describeStatus(resource.status),
    };
  }
  const declared = resource.contentType.mediaType;
  if (resource.body === null || !isPageMediaType(declared)) {
    return { kind: 'skipped', reason: `Not an HTML or text page (${declared ?? 'no content type'})` };
  }
  const bytes = resource.body.bytes;
  const mediaType = declared ?? (looksLikeHtml(bytes) ? 'text/html' : null);
  if (mediaType === null) return { kind: 'skipped', reason: 'Not an HTML or text page (no content type)' };
  const body: PageBody = {
    requestedUrl: resource.requestedUrl,
    finalUrl: resource.finalUrl,
    status: resource.status,
    headers: resource.headers,
    mediaType,
    charset: resource.contentType.charset,
    bytes,
  };
  return { kind: 'read', body, bytes: bytes.length };
}

function settle(resource: FetchedResource, bytes: number, reading: PageReading): PageOutcome {
  if (reading.blockedReason !== null) return { kind: 'skipped', reason: reading.blockedReason };
  const addresses = [...new Set([...(resource.redirectedFrom ?? [resource.requestedUrl]), resource.finalUrl])];
  return { kind: 'page', artifact: reading.artifact, bytes, addresses };
}

/**
 * A fetched response -> a page artifact, or the reason it is not used
 * (non-2xx status, not an HTML or text body, a block or challenge page).
 */
import type { PageArtifact } from '../artifacts.ts';
import { extractPage } from '../extract/extract-page.ts';
import { BOT_CHALLENGE_REASON, detectBlockPage } from './block-page.ts';
import { describeStatus, isSuccessStatus, type FetchedResource } from './http-fetch.ts';
import { decodeText, looksLikeHtml, PAGE_MEDIA_TYPES } from './response-text.ts';

export type PageOutcome =
  | {
      kind: 'page';
      artifact: PageArtifact;
      bytes: number;
      /** Every address the page was reached through: the one requested, each redirect hop, and the final one (artifact.finalUrl). */
      addresses: readonly string[];
    }
  | { kind: 'skipped'; reason: string };

/** Read the body of a 2xx response only when it may become an artifact (or has no type to judge by). */
export function isPageMediaType(mediaType: string | null): boolean {
  return mediaType === null || (PAGE_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

export function toPageOutcome(resource: FetchedResource): PageOutcome {
  if (!isSuccessStatus(resource.status)) {
    // A challenge usually comes with 403 or 503; the header says which it is without reading the body.
    const challenged = resource.headers['cf-mitigated'] === 'challenge';
    return { kind: 'skipped', reason: challenged ? `${BOT_CHALLENGE_REASON} (${describeStatus(resource.status).replace(/^The site answered /, '')})` : describeStatus(resource.status) };
  }
  const declared = resource.contentType.mediaType;
  if (resource.body === null || !isPageMediaType(declared)) {
    return { kind: 'skipped', reason: `Not an HTML or text page (${declared ?? 'no content type'})` };
  }
  const bytes = resource.body.bytes;
  const mediaType = declared ?? (looksLikeHtml(bytes) ? 'text/html' : null);
  if (mediaType === null) return { kind: 'skipped', reason: 'Not an HTML or text page (no content type)' };

  const isHtml = mediaType !== 'text/plain';
  const body = decodeText(bytes, resource.contentType.charset, isHtml);
  const artifact = extractPage({
    requestedUrl: resource.requestedUrl,
    finalUrl: resource.finalUrl,
    status: resource.status,
    contentType: mediaType,
    body,
    headers: resource.headers,
  });
  const blocked = detectBlockPage(artifact, isHtml ? body : '', resource.headers);
  if (blocked !== null) return { kind: 'skipped', reason: blocked };
  const addresses = [...new Set([...(resource.redirectedFrom ?? [resource.requestedUrl]), resource.finalUrl])];
  return { kind: 'page', artifact, bytes: bytes.length, addresses };
}

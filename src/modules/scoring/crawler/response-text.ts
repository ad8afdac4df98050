/**
 * Media types and character sets of responses: which bodies become page
 * artifacts, and how their bytes become text.
 */

/** Bodies that become page artifacts. */
export const PAGE_MEDIA_TYPES = ['text/html', 'application/xhtml+xml', 'text/plain'] as const;

/** Bodies read as sitemaps: XML, or plain text with one URL per line. */
export const SITEMAP_MEDIA_TYPES = ['application/xml', 'text/xml', 'text/plain'] as const;

/** Where the HTML standard's prescan looks for a <meta charset>. */
const CHARSET_PRESCAN_BYTES = 1024;

export interface ContentType {
  /** Lower-case type/subtype without parameters, or null when the header is missing or unreadable. */
  mediaType: string | null;
  charset: string | null;
}

export function parseContentType(header: string | undefined): ContentType {
  if (header === undefined) return { mediaType: null, charset: null };
  const [type = '', ...parameters] = header.split(';');
  const mediaType = type.trim().toLowerCase();
  let charset: string | null = null;
  for (const parameter of parameters) {
    const [name = '', value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() === 'charset') charset = value.trim().replace(/^"|"$/g, '') || null;
  }
  return { mediaType: /^[\w.+-]+\/[\w.+-]+$/.test(mediaType) ? mediaType : null, charset };
}

/** For a response without Content-Type: does the body start like an HTML document? */
export function looksLikeHtml(bytes: Buffer): boolean {
  const start = bytes
    .subarray(0, CHARSET_PRESCAN_BYTES)
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart();
  return /^<(!doctype html|html|head|body|!--)/i.test(start);
}

/**
 * Bytes -> text in the declared charset (header first, then an HTML
 * <meta charset>), UTF-8 when none is declared or the label is unknown.
 * Invalid bytes become U+FFFD rather than failing the page.
 */
export function decodeText(bytes: Buffer, headerCharset: string | null, isHtml: boolean): string {
  const label = headerCharset ?? (isHtml ? metaCharset(bytes) : null) ?? 'utf-8';
  return decoderFor(label).decode(bytes);
}

function decoderFor(label: string) {
  try {
    return new TextDecoder(label);
  } catch {
    // An unknown label: the page is most likely UTF-8 anyway.
    return new TextDecoder('utf-8');
  }
}

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, CHARSET_PRESCAN_BYTES).toString('latin1');
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return match?.[1] ?? null;
}

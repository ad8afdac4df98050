/** Minimal server-rendered pages: escaping and one layout, no external assets. */
import crypto from 'node:crypto';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1d2433; }
  a { color: #2451c7; } label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  input, select { font: inherit; padding: .4rem .5rem; width: 100%; box-sizing: border-box; }
  button { font: inherit; margin-top: 1rem; padding: .5rem 1rem; }
  .note { color: #5b6477; font-size: .9rem; } code { background: #f2f4f8; padding: 0 .25rem; }`;

/** The CSP source that allows the layout's one inline stylesheet and no other. */
export const PAGE_STYLE_HASH = `sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}`;

/** Escape every interpolated value with escapeHtml before it reaches `body`. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Maturity Scoring</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

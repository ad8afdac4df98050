/**
 * Pages written as HTML strings (the local checkout, form errors): the same
 * stylesheet and frame as the component pages (document.ts), for markup
 * that is not a component tree. Every interpolated value must go through
 * escapeHtml before it reaches `body`.
 */
import { escapeHtml } from '../escape-html.ts';
import { assetPath } from './assets.ts';

export { escapeHtml };

/** A page of its own, outside the site's navigation: a step of a flow (checkout) or an answer to a form. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Maturity Scoring</title><meta name="robots" content="noindex">
<link rel="icon" href="${assetPath('icon.svg')}" type="image/svg+xml"><link rel="stylesheet" href="${assetPath('app.css')}"></head>
<body><header class="site-header"><div class="wrap header-row"><a class="brand" href="/"><span class="brand-mark" aria-hidden="true"></span>Maturity Scoring</a></div></header>
<main id="main" class="wrap narrow">${body}</main></body></html>`;
}

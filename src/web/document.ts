/**
 * The HTML document every page is sent in: the head (title, description,
 * social cards, the one stylesheet), the site's header and footer around the
 * page's own content, and the page's scripts, loaded as modules after the
 * content. Pages work without the scripts; the scripts add live progress.
 */
import type { FastifyReply } from 'fastify';
import { assetPath, type AssetName } from './assets.ts';
import { SiteLayout, type SignedInAccount } from './components/site-layout.ts';
import { html, renderMarkup, type ComponentChildren } from './view.ts';
import type { Viewer } from './viewer.ts';

export interface PageHead {
  title: string;
  description: string;
  /** The page's own path, for its canonical address. */
  path: string;
  /** An absolute image address for Open Graph and Twitter cards. */
  socialImage?: string;
  /** Pages a search engine should not list (a 404, a form that expired). */
  noindex?: boolean;
}

export interface PageSite {
  publicBaseUrl: string;
}

export interface Page {
  head: PageHead;
  viewer: Viewer;
  /** The signed-in visitor's account and plan, shown in the header (app pages). */
  account?: SignedInAccount;
  body: ComponentChildren;
  scripts?: readonly AssetName[];
  /** Stylesheets after app.css (an app area's own). */
  styles?: readonly AssetName[];
}

const SITE_NAME = 'Maturity Scoring';

export function pageDocument(site: PageSite, page: Page): string {
  const { head } = page;
  const canonical = new URL(head.path, site.publicBaseUrl).toString();
  const image = head.socialImage ?? new URL('/api/og', site.publicBaseUrl).toString();
  const fullTitle = head.title === SITE_NAME ? head.title : `${head.title} · ${SITE_NAME}`;
  const scripts = ['held-result.js' as const, ...(page.scripts ?? [])];
  const headMarkup = renderMarkup(html`
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${fullTitle}</title>
    <meta name="description" content=${head.description} />
    ${head.noindex ? html`<meta name="robots" content="noindex" />` : html`<link rel="canonical" href=${canonical} />`}
    <meta name="color-scheme" content="light dark" />
    <meta name="theme-color" content="#f6f7fb" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="#0f1526" media="(prefers-color-scheme: dark)" />
    <meta property="og:site_name" content=${SITE_NAME} />
    <meta property="og:type" content="website" />
    <meta property="og:title" content=${head.title} />
    <meta property="og:description" content=${head.description} />
    <meta property="og:url" content=${canonical} />
    <meta property="og:image" content=${image} />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content=${head.title} />
    <meta name="twitter:description" content=${head.description} />
    <meta name="twitter:image" content=${image} />
    <link rel="icon" href=${assetPath('icon.svg')} type="image/svg+xml" />
    <link rel="stylesheet" href=${assetPath('app.css')} />
    ${(page.styles ?? []).map((name) => html`<link rel="stylesheet" href=${assetPath(name)} />`)}
    ${scripts.map((name) => html`<script type="module" src=${assetPath(name)}></script>`)}
  `);
  const bodyMarkup = renderMarkup(html`<${SiteLayout} viewer=${page.viewer} account=${page.account}>${page.body}<//>`);
  return `<!doctype html>\n<html lang="en"><head>${headMarkup}</head><body data-signed-in=${page.viewer.signedIn ? '"true"' : '"false"'}>${bodyMarkup}</body></html>`;
}

/** Sends a page as HTML; the status says what it is (200, 404, 429...). */
export function sendPage(reply: FastifyReply, site: PageSite, page: Page, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(pageDocument(site, page));
}

/**
 * A company site kept as files (the example sites under src/example-sites/:
 * `maturity demo-site` serves one, the /demo pages score three, the tests
 * crawl all four): served on 127.0.0.1 with an
 * ephemeral port, or read straight from disk as the raw pages a crawl would
 * fetch.
 *
 * - `/` is index.html; `/pricing` is pricing.html or pricing/index.html;
 *   `/customers/acme` is customers/acme.html.
 * - robots.txt and sitemap.xml are served as text; the placeholder {{ORIGIN}}
 *   in them becomes the server's origin, since sitemaps need absolute URLs and
 *   the port changes each run.
 * - headers.json, when the folder has one, lists response headers sent with
 *   every page (a mature site's HSTS, its CDN's headers).
 * - Anything else is a 404. `delayMs` holds each response back, to model
 *   network latency.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize, resolve, sep } from 'node:path';
import type { RawPage } from './modules/scoring/extract/extract-page.ts';

/**
 * The example company sites, invented for this project: they ship inside
 * src/ (the container image copies src/, not test/), for the demo command,
 * the /demo pages and the tests' crawls.
 */
export const SITES_DIR = resolve(import.meta.dirname, 'example-sites');

export interface ServedSite {
  /** http://127.0.0.1:<port>, no trailing slash. */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `respond` on 127.0.0.1 at `port` (0: a free one); `onOrigin` learns the origin
 * before the first request (sites write it into robots.txt and sitemaps). A
 * response that throws is a bare 500. Closing drops open connections.
 */
export async function listenOnLoopback(
  respond: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>,
  onOrigin: (origin: string) => void,
  port = 0,
): Promise<ServedSite> {
  const server = createServer((request, response) => {
    respond(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, '127.0.0.1', listening);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  onOrigin(origin);
  return {
    origin,
    close: () =>
      new Promise<void>((closed, failed) => {
        server.closeAllConnections();
        server.close((error) => (error ? failed(error) : closed()));
      }),
  };
}

const ORIGIN_PLACEHOLDER = /\{\{ORIGIN\}\}/g;
const TEXT_FILES: Record<string, string> = {
  '/robots.txt': 'text/plain; charset=utf-8',
  '/sitemap.xml': 'application/xml; charset=utf-8',
};

/**
 * The HTML files a URL path may map to (the first that exists is served), or
 * null for a path that cannot be decoded. Dot segments never climb out of
 * the folder, and the server checks every candidate against it again.
 */
export function fileForPath(dir: string, pathname: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const clean = normalize(decoded)
    .replace(/^[/\\]+/, '')
    .replace(/[/\\]+$/, '');
  if (clean.split(/[/\\]/).includes('..')) return null;
  if (clean === '' || clean === '.') return [join(dir, 'index.html')];
  if (clean.endsWith('.html')) return [join(dir, clean)];
  return [join(dir, `${clean}.html`), join(dir, clean, 'index.html')];
}

/** The URL path a page file is served at: the inverse of fileForPath. */
function pathForFile(relativeFile: string): string {
  const path = relativeFile.split(sep).join('/');
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) return `/${path.slice(0, -'index.html'.length)}`;
  return `/${path.slice(0, -'.html'.length)}`;
}

/** Every page of a fixture site as the raw page a crawl of `origin` would fetch, sorted by URL. */
export async function readSitePages(dir: string, origin = 'http://fixture.local'): Promise<RawPage[]> {
  const root = resolve(dir);
  const headers = await readSiteHeaders(root);
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.html')).sort();
  const pages = await Promise.all(
    files.map(async (file): Promise<RawPage> => {
      const url = `${origin}${pathForFile(file)}`;
      return { requestedUrl: url, finalUrl: url, status: 200, contentType: 'text/html', body: await readFile(join(root, file), 'utf8'), headers };
    }),
  );
  return pages.sort((a, b) => (a.finalUrl < b.finalUrl ? -1 : 1));
}

async function readSiteHeaders(dir: string): Promise<Record<string, string>> {
  try {
    return JSON.parse(await readFile(join(dir, 'headers.json'), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

async function firstReadable(paths: string[], root: string): Promise<string | null> {
  for (const path of paths) {
    if (!resolve(path).startsWith(root + sep)) continue;
    try {
      return await readFile(path, 'utf8');
    } catch {
      // Try the next candidate.
    }
  }
  return null;
}

export async function serveSite(dir: string, options: { delayMs?: number; port?: number } = {}): Promise<ServedSite> {
  const root = resolve(dir);
  const siteHeaders = await readSiteHeaders(root);
  let origin = '';

  const respond = async (request: IncomingMessage, response: ServerResponse) => {
    if (options.delayMs) await new Promise((done) => setTimeout(done, options.delayMs));
    const pathname = new URL(request.url ?? '/', 'http://fixture').pathname;
    const textType = TEXT_FILES[pathname];
    if (textType) {
      const body = await firstReadable([join(root, pathname.slice(1))], root);
      if (body === null) return notFound(response);
      response.writeHead(200, { 'content-type': textType });
      return response.end(body.replace(ORIGIN_PLACEHOLDER, origin));
    }
    const candidates = fileForPath(root, pathname);
    const body = candidates && (await firstReadable(candidates, root));
    if (!body) return notFound(response);
    response.writeHead(200, { ...siteHeaders, 'content-type': 'text/html; charset=utf-8' });
    response.end(request.method === 'HEAD' ? undefined : body);
  };

  return listenOnLoopback(respond, (listening) => (origin = listening), options.port);
}

function notFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
  response.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
}

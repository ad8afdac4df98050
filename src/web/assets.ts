/**
 * The pages' own files (one stylesheet, a few small scripts, the icon),
 * served from memory by GET /assets/<name>. Each is read once at start and
 * addressed with its content hash (`/assets/app.css?v=<hash>`), so a page can
 * let browsers keep it for a year and a new release still reaches them at
 * once. Nothing comes from another origin: no CDN, no web font service.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Type } from 'typebox';
import type { App } from '../http/app-types.ts';

const ASSET_TYPES = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
} as const;

/** The files under src/web/assets/ that pages may name. */
export const ASSET_NAMES = [
  'app.css',
  'score-progress.js',
  // Imported by the scripts that read a POST's event stream (score-progress.js, coach.js).
  'sse.js',
  'held-result.js',
  // Imported by the scripts that call the JSON API from a page (settings, onboarding, billing, checkout, feedback).
  'api-client.js',
  'checkout.js',
  // Feedback on a score, on the result page (/r/<id>) for a signed-in member.
  'feedback.js',
  // A result's page (/r/<id>, /demo/<slug>): details opened by links, open or close all, copy the link.
  'result.js',
  'icon.svg',
  // The signed-in app's areas (web/app/), each with its own stylesheet and script.
  'dashboard.css',
  'dashboard.js',
  'coach.css',
  'coach.js',
  'settings.css',
  'settings.js',
  // Imported by the settings pages' scripts whose actions ask first (settings.js, webhooks.js).
  'confirm-dialog.js',
  'webhooks.js',
  // The invitation page (/invitations/<token>): Accept calls the API, then opens the app.
  'invitation.js',
  // The Sources page (issue 27): connect, sync, disconnect.
  'sources.js',
  'onboarding.css',
  'onboarding.js',
  'billing.js',
] as const;
export type AssetName = (typeof ASSET_NAMES)[number];

interface Asset {
  body: Buffer;
  type: string;
  version: string;
}

const YEAR_SECONDS = 365 * 24 * 3600;

function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of ASSET_NAMES) {
    const body = fs.readFileSync(new URL(`./assets/${name}`, import.meta.url));
    const extension = name.slice(name.lastIndexOf('.')) as keyof typeof ASSET_TYPES;
    const version = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 12);
    assets.set(name, { body, type: ASSET_TYPES[extension], version });
  }
  return assets;
}

const ASSETS = loadAssets();

/** The address a page uses for an asset: versioned by its content. */
export function assetPath(name: AssetName): string {
  return `/assets/${name}?v=${ASSETS.get(name)!.version}`;
}

const AssetParams = Type.Object({ name: Type.String({ maxLength: 100 }) });
const AssetQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 100 })) });

/** GET /assets/<name>: a versioned address is immutable; an unversioned one is revalidated. */
export function registerAssets(app: App): void {
  app.get('/assets/:name', { config: { auth: 'public' }, schema: { hide: true, params: AssetParams, querystring: AssetQuery } }, async (request, reply) => {
    const asset = ASSETS.get(request.params.name);
    if (!asset) return reply.callNotFound();
    const etag = `"${asset.version}"`;
    reply.header('etag', etag).type(asset.type);
    reply.header('cache-control', request.query.v === asset.version ? `public, max-age=${YEAR_SECONDS}, immutable` : 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(asset.body);
  });
}

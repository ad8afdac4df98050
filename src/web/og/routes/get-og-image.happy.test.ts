/**
 * GET /api/og over HTTP: real PNGs of the right size, decoded here and looked
 * at (colours, the accent in the bar area), cached with a strong ETag, and
 * gone with the result when its account is erased.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite, SITES_DIR, type ServedSite } from '../../../../test/fixtures/static-site.ts';
import { FIXTURE_CRAWL_DATE, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { ManualClock } from '../../../clock.ts';
import type { ScoringResult } from '../../../modules/scoring/result-schema.ts';
import { BAR_TRACK_WIDTH, CARD_COLOURS } from '../og-card.ts';

const clock = new ManualClock(FIXTURE_CRAWL_DATE);
let site: ServedSite;
let a: TestApp;
/** A second instance on the same database: what GET /api/score sends when the image was never asked for. */
let b: TestApp;

beforeAll(async () => {
  site = await serveSite(path.join(SITES_DIR, 'burrowly-seed'));
  const env = { CRAWL_ALLOWLIST: new URL(site.origin).host };
  a = await startTestApp({ clock, env });
  b = await startTestApp({ clock, env, database: a.testDatabase });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await site.close();
});

async function score(sub: string, endpoint = '/api/score/quick'): Promise<{ result: ScoringResult; headers: Record<string, string> }> {
  const headers = await a.authHeaders({ sub });
  const response = await a.app.inject({ method: 'POST', url: endpoint, headers, payload: { url: site.origin } });
  expect(response.statusCode).toBe(200);
  return { result: response.json<ScoringResult>(), headers };
}

const og = (query: string, headers: Record<string, string> = {}) => a.app.inject({ method: 'GET', url: `/api/og${query}`, headers });

interface DecodedPng {
  width: number;
  height: number;
  /** The colour of a pixel as `#rrggbb` (alpha ignored: the cards are opaque). */
  colourAt(x: number, y: number): string;
}

/** Just enough of PNG (RFC 2083) for what resvg writes: 8-bit RGB or RGBA, not interlaced. */
function decodePng(bytes: Buffer): DecodedPng {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  let offset = 8;
  let header: Buffer | null = null;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') header = body;
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  if (!header) throw new Error('no IHDR chunk');
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colourType, , , interlace] = [header[8], header[9], header[10], header[11], header[12]];
  expect({ bitDepth, interlace }).toEqual({ bitDepth: 8, interlace: 0 });
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : NaN;
  expect(channels, `colour type ${colourType}`).not.toBeNaN();
  const raw = zlib.inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`unknown filter ${filter}`);
      pixels[y * stride + i] = (value + predictor) & 0xff;
    }
  }
  return {
    width,
    height,
    colourAt: (x, y) => `#${pixels.subarray(y * stride + x * channels, y * stride + x * channels + 3).toString('hex')}`,
  };
}

function paeth(left: number, up: number, upLeft: number): number {
  const estimate = left + up - upLeft;
  const [dLeft, dUp, dUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
  if (dLeft <= dUp && dLeft <= dUpLeft) return left;
  return dUp <= dUpLeft ? up : upLeft;
}

/** How often each colour occurs in a region (every second pixel: enough to see what is there). */
function colourCounts(png: DecodedPng, region = { x: 0, y: 0, width: png.width, height: png.height }): Map<string, number> {
  const counts = new Map<string, number>();
  for (let y = region.y; y < region.y + region.height; y += 2) {
    for (let x = region.x; x < region.x + region.width; x += 2) {
      const colour = png.colourAt(x, y);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
  }
  return counts;
}

function expectCardPng(response: Awaited<ReturnType<typeof og>>): DecodedPng {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  // The IHDR chunk comes first, right after the signature: width and height at bytes 16 and 20.
  expect(response.rawPayload.toString('latin1', 12, 16)).toBe('IHDR');
  expect([response.rawPayload.readUInt32BE(16), response.rawPayload.readUInt32BE(20)]).toEqual([1200, 630]);
  const png = decodePng(response.rawPayload);
  expect([png.width, png.height]).toEqual([1200, 630]);
  const counts = colourCounts(png);
  // Text is anti-aliased: a real drawing has many shades, a blank one a single colour.
  expect(counts.size).toBeGreaterThan(20);
  expect(png.colourAt(4, 4)).toBe(CARD_COLOURS.background);
  expect(counts.has(CARD_COLOURS.text)).toBe(true);
  return png;
}

describe('GET /api/og', () => {
  it('answers the generic card with no id: 1200×630, drawn, cacheable by anyone for a day', async () => {
    const response = await og('');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const png = expectCardPng(response);
    expect(colourCounts(png).has(CARD_COLOURS.accent)).toBe(true);
  });

  it("answers a result's card: its own drawing, the accent colour in the bars' area, cacheable privately as the result is", async () => {
    const { result } = await score('og_card_owner');
    const response = await og(`?id=${result.id}`);
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    const png = expectCardPng(response);

    // The bars sit in the right half: at least the shortest bar's worth (level 1 of 4) per function is accent.
    const bars = colourCounts(png, { x: 600, y: 60, width: 560, height: 480 });
    expect(bars.get(CARD_COLOURS.accent) ?? 0).toBeGreaterThan((6 * ((BAR_TRACK_WIDTH / 4) * 10)) / 4);
    expect(bars.has(CARD_COLOURS.track)).toBe(true);

    const generic = await og('');
    expect(response.rawPayload.equals(generic.rawPayload)).toBe(false);
    expect(response.headers.etag).not.toBe(generic.headers.etag);
  });

  it('labels a quick score: its card differs from the full score of the same site only in the summary column, where the label sits', async () => {
    // Burrowly's example site has 5 pages: the quick and the full score read them all and agree on every level.
    const quick = (await score('og_quick_owner')).result;
    const full = (await score('og_full_owner', '/api/score')).result;
    expect([quick.depth, full.depth]).toEqual(['quick', 'full']);
    expect(quick.dimensions.map((d) => d.score)).toEqual(full.dimensions.map((d) => d.score));
    const quickPng = expectCardPng(await og(`?id=${quick.id}`));
    const fullPng = expectCardPng(await og(`?id=${full.id}`));
    let differing = 0;
    let differingOnTheRight = 0;
    for (let y = 0; y < 630; y += 2) {
      for (let x = 0; x < 1200; x += 2) {
        if (quickPng.colourAt(x, y) === fullPng.colourAt(x, y)) continue;
        differing++;
        if (x >= 600) differingOnTheRight++;
      }
    }
    // The label: a few hundred pixels of text and outline under the date; the bars untouched.
    expect(differing).toBeGreaterThan(500);
    expect(differingOnTheRight).toBe(0);
  });

  it('sends a strong ETag, the hash of the bytes, the same again from the cache; If-None-Match answers 304 with no body', async () => {
    const { result } = await score('og_etag_owner');
    for (const query of ['', `?id=${result.id}`]) {
      const first = await og(query);
      const etag = first.headers.etag as string;
      expect(etag).toBe(`"${crypto.createHash('sha256').update(first.rawPayload).digest('base64url')}"`);
      const again = await og(query);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(again.headers.etag).toBe(etag);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"someone-else", ${etag}`, '*']) {
        const notModified = await og(query, { 'if-none-match': ifNoneMatch });
        expect(notModified.statusCode, ifNoneMatch).toBe(304);
        expect(notModified.rawPayload.byteLength).toBe(0);
        expect(notModified.headers.etag).toBe(etag);
      }
      expect((await og(query, { 'if-none-match': '"someone-else"' })).statusCode).toBe(200);
    }
  });

  it('leaves the shared view as it would be: the result body it reads first is the one GET /api/score/<id> sends', async () => {
    const { result } = await score('og_first_owner');
    expect((await og(`?id=${result.id}`)).statusCode).toBe(200);
    const afterImage = await a.app.inject({ method: 'GET', url: `/api/score/${result.id}` });
    const fresh = await b.app.inject({ method: 'GET', url: `/api/score/${result.id}` });
    expect(afterImage.rawPayload.equals(fresh.rawPayload)).toBe(true);
    expect(afterImage.headers.etag).toBe(fresh.headers.etag);
  });

  it('answers 404 for a result whose account was erased, though its card was kept', async () => {
    const { result, headers } = await score('og_erased_owner');
    expect((await og(`?id=${result.id}`)).statusCode).toBe(200);
    const erased = await a.app.inject({ method: 'DELETE', url: '/api/account/delete', headers, payload: { confirmation: 'DELETE' } });
    expect(erased.statusCode).toBe(200);
    const gone = await og(`?id=${result.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('needs no credentials and is documented as a PNG', async () => {
    const document = (await a.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/og'].get;
    // Public: the document says so with an empty security list (issue 26).
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.responses['200'].content)).toEqual(['image/png']);
  });
});

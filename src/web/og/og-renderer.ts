/**
 * Open Graph cards as PNG: satori lays the element tree out as SVG with the
 * Inter font, resvg rasterises it. Rendering is the expensive part (tens of
 * milliseconds), so rendered cards are kept in this process.
 *
 * Keeping a result's card safely: an account's erasure removes its results
 * at once, and a card must not outlive its result. The cards are not a second
 * erasure participant; each one is kept under the entity tag of the result's
 * shared body (ScoringService.sharedResult) it was drawn from, and a request
 * asks for that body first: that read already takes part in the erasure (and
 * bounds another instance's staleness by its time to live). An erased result
 * is answered 404 before any kept card is looked at, so no card of it is
 * served. Its bytes may stay in memory until the bound pushes them out or the
 * next request for the id evicts them; they are never sent.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Font } from 'satori';
import { CARD_HEIGHT, CARD_WIDTH, genericCard, type CardElement } from './og-card.ts';

/** A card as sent: the PNG and a strong entity tag, a hash of its bytes (the same in every instance). */
export interface RenderedCard {
  png: Buffer;
  etag: string;
}

export interface CardCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A card is 40 to 60 KB: a few hundred of the most shared results, 16 MB at most. */
export const DEFAULT_CARD_CACHE_LIMITS: CardCacheLimits = { maxEntries: 300, maxBytes: 16 * 1024 * 1024 };

/**
 * Inter in WOFF (satori reads TTF, OTF and WOFF, not WOFF2), regular and bold,
 * read once from the installed package: never fetched. Latin, Latin Extended,
 * Cyrillic and Greek; a company name in another script (CJK, Arabic, ...)
 * shows without those glyphs (best-effort: no font for them is bundled).
 */
const FONT_SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'greek'] as const;
const FONT_WEIGHTS = [400, 700] as const;

export function loadCardFonts(): Font[] {
  return FONT_SUBSETS.flatMap((subset) =>
    FONT_WEIGHTS.map((weight) => ({
      // One family per subset: satori keeps one font per family, weight and style, and falls back across families.
      name: subset === 'latin' ? 'Inter' : `Inter ${subset}`,
      weight,
      style: 'normal' as const,
      data: fs.readFileSync(fileURLToPath(import.meta.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`))),
    })),
  );
}

/** Lays out and rasterises one card; resvg works off the event loop (libuv's pool), satori on it. */
export async function renderCardPng(element: CardElement, fonts: Font[]): Promise<Buffer> {
  // Both are loaded by the first card drawn, not at start: the idle service needs neither (issue 29, item 7).
  const [{ default: satori }, { renderAsync }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  // satori's types name React's node; the plain element tree is the shape it reads.
  const svg = await satori(element as never, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return image.asPng();
}

interface KeptCard extends RenderedCard {
  /** The entity tag of the result body it was drawn from: a card is served only with that same body. */
  sourceEtag: string;
}

export class OgCards {
  readonly #fonts: Font[];
  readonly #limits: CardCacheLimits;
  /** Least recently sent first. */
  readonly #kept = new Map<string, KeptCard>();
  #bytes = 0;
  /** Renders under way, by result id and source: a burst of link previews of one result renders it once. */
  readonly #rendering = new Map<string, Promise<KeptCard>>();
  #generic: Promise<RenderedCard> | null = null;

  constructor(fonts: Font[], limits: CardCacheLimits = DEFAULT_CARD_CACHE_LIMITS) {
    this.#fonts = fonts;
    this.#limits = limits;
  }

  /** The card with no result on it: rendered once (again only if that render failed). */
  generic(): Promise<RenderedCard> {
    this.#generic ??= this.#render(genericCard()).catch((error: unknown) => {
      this.#generic = null;
      throw error;
    });
    return this.#generic;
  }

  /**
   * A result's card: kept while the result's shared body keeps `sourceEtag`,
   * else drawn from `card()` and kept.
   */
  async forResult(resultId: string, sourceEtag: string, card: () => CardElement): Promise<RenderedCard> {
    const kept = this.#kept.get(resultId);
    if (kept?.sourceEtag === sourceEtag) {
      this.#kept.delete(resultId);
      this.#kept.set(resultId, kept);
      return kept;
    }
    const renderKey = `${resultId} ${sourceEtag}`;
    let rendering = this.#rendering.get(renderKey);
    if (!rendering) {
      rendering = this.#render(card())
        .then((rendered) => ({ ...rendered, sourceEtag }))
        .finally(() => this.#rendering.delete(renderKey));
      this.#rendering.set(renderKey, rendering);
    }
    const rendered = await rendering;
    this.#keep(resultId, rendered);
    return rendered;
  }

  /** The result is gone (its shared body was not found): its card goes too. */
  forget(resultId: string): void {
    const kept = this.#kept.get(resultId);
    if (!kept) return;
    this.#kept.delete(resultId);
    this.#bytes -= kept.png.byteLength;
  }

  /** Cards and bytes kept now (for tests and the benchmark). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.#kept.size, bytes: this.#bytes };
  }

  async #render(element: CardElement): Promise<RenderedCard> {
    const png = await renderCardPng(element, this.#fonts);
    return { png, etag: `"${crypto.createHash('sha256').update(png).digest('base64url')}"` };
  }

  #keep(resultId: string, card: KeptCard): void {
    if (card.png.byteLength > this.#limits.maxBytes) return;
    this.forget(resultId);
    this.#kept.set(resultId, card);
    this.#bytes += card.png.byteLength;
    while (this.#kept.size > this.#limits.maxEntries || this.#bytes > this.#limits.maxBytes) {
      this.forget(this.#kept.keys().next().value!);
    }
  }
}

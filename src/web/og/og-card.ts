/**
 * The Open Graph card (GET /api/og) as a tree of plain elements, the shape
 * satori lays out (`{ type, props: { style, children } }`, what JSX would
 * make; this service has no JSX step). Pure: the facts of a result in, the
 * tree out; og-renderer.ts turns it into a PNG.
 *
 * Sized and coloured to be read as a thumbnail in a chat or a feed: few
 * words, large type, white on a dark navy, one accent colour for the bars.
 */
import { DIMENSIONS } from '../../framework/dimensions.ts';
import type { ProductFunction } from '../../framework/functions.ts';
import { MAX_LEVEL } from '../../framework/tiers.ts';
import { quickScoreLabelOf } from '../../modules/scoring/result-depth.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import { companyLabel, functionSummaries, MAX_TOTAL_SCORE, scoredOn } from '../result-summary.ts';

/** The Open Graph image size the large-preview cards of the big networks expect (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const CARD_COLOURS = {
  background: '#0b1a3a',
  text: '#ffffff',
  /** Secondary text: still above 7:1 on the background. */
  muted: '#b8c4dd',
  /** The bars' fill. */
  accent: '#38bdf8',
  /** The bars' empty track. */
  track: '#22345c',
} as const;

/** The width of a bar at level 4; a function's bar is this times its average over 4. */
export const BAR_TRACK_WIDTH = 520;

const PRODUCT_NAME = 'Maturity Scoring';
const GENERIC_HEADLINE = 'How mature is your product?';
const GENERIC_PROMISE = `${DIMENSIONS.length} dimensions, evidence quoted from your own site.`;

/** What the result card shows: no more of the result than this. */
export interface ResultCardFacts {
  companyName: string;
  totalScore: number;
  stageName: string;
  /** The day the result was made, as the card prints it (UTC). */
  date: string;
  /** "Quick score: 6 pages read" on a quick result, so a shared total is not read as the full score's; null on a full one. */
  quickScore: string | null;
  /** The six functions in the framework's order, each with the average level (1 to 4) of its dimensions. */
  functions: { function: ProductFunction; label: string; averageLevel: number }[];
}

export type CardChild = CardElement | string;
export interface CardElement {
  type: 'div';
  props: { style: Record<string, string | number>; children?: CardChild | CardChild[] };
}

export function resultCardFacts(
  result: Pick<ScoringResult, 'url' | 'companyName' | 'totalScore' | 'stageName' | 'dimensions' | 'createdAt' | 'depth' | 'crawlStats' | 'crawledPages'>,
): ResultCardFacts {
  return {
    companyName: companyLabel(result),
    totalScore: result.totalScore,
    stageName: result.stageName,
    date: scoredOn(result),
    quickScore: quickScoreLabelOf(result),
    functions: functionSummaries(result).map((summary) => ({ function: summary.id, label: summary.label, averageLevel: summary.average })),
  };
}

/** A bar's filled width: proportional to the average, full at level 4. */
export function barWidth(averageLevel: number): number {
  const share = Math.min(Math.max(averageLevel / MAX_LEVEL, 0), 1);
  return Math.round(share * BAR_TRACK_WIDTH);
}

export function resultCard(facts: ResultCardFacts): CardElement {
  const summary = column({ width: 500, justifyContent: 'center' }, [
    // Two lines at most, then an ellipsis: satori clamps block text only.
    text({ display: 'block', fontSize: 52, fontWeight: 700, lineHeight: 1.15, lineClamp: 2, marginBottom: 28 }, facts.companyName),
    row({ alignItems: 'flex-end' }, [
      text({ fontSize: 128, fontWeight: 700, lineHeight: 1 }, String(facts.totalScore)),
      text({ fontSize: 40, color: CARD_COLOURS.muted, marginLeft: 12, marginBottom: 14 }, `/ ${MAX_TOTAL_SCORE}`),
    ]),
    text({ fontSize: 44, fontWeight: 700, color: CARD_COLOURS.accent, marginTop: 16 }, facts.stageName),
    text({ fontSize: 26, color: CARD_COLOURS.muted, marginTop: 24 }, facts.date),
    ...(facts.quickScore ? [quickScoreBadge(facts.quickScore)] : []),
  ]);
  const bars = column({ justifyContent: 'center', marginLeft: 60 }, facts.functions.map(functionBar));
  return frame([row({ flexGrow: 1 }, [summary, bars])]);
}

/** The quick-score label as a badge in the text colour on an outline: read as part of the result, at thumbnail size. */
function quickScoreBadge(label: string): CardElement {
  return text(
    { fontSize: 28, fontWeight: 700, marginTop: 16, padding: '6px 16px', border: `3px solid ${CARD_COLOURS.muted}`, borderRadius: 10, alignSelf: 'flex-start' },
    label,
  );
}

export function genericCard(): CardElement {
  return frame([
    column({ flexGrow: 1, justifyContent: 'center' }, [
      text({ fontSize: 84, fontWeight: 700, lineHeight: 1.1, maxWidth: 900 }, GENERIC_HEADLINE),
      text({ fontSize: 38, color: CARD_COLOURS.muted, marginTop: 32, lineHeight: 1.3 }, GENERIC_PROMISE),
      // A bar of the accent colour: the result cards' motif, so the two read as one family.
      div({ width: 240, height: 16, borderRadius: 8, backgroundColor: CARD_COLOURS.accent, marginTop: 48 }),
    ]),
  ]);
}

/** The canvas both cards share: the background, the margins, the product's name small in the corner. */
function frame(content: CardElement[]): CardElement {
  return column(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      // Satori's boxes are content-box unless told: the padding would push the corner off the canvas.
      boxSizing: 'border-box',
      padding: '56px 72px 40px 72px',
      backgroundColor: CARD_COLOURS.background,
      color: CARD_COLOURS.text,
      fontFamily: 'Inter',
    },
    [...content, row({ justifyContent: 'flex-end' }, [text({ fontSize: 24, color: CARD_COLOURS.muted }, PRODUCT_NAME)])],
  );
}

function functionBar(entry: ResultCardFacts['functions'][number]): CardElement {
  return column({ marginBottom: 18 }, [
    row({ justifyContent: 'space-between', width: BAR_TRACK_WIDTH, marginBottom: 8 }, [
      text({ fontSize: 26 }, entry.label),
      text({ fontSize: 26, fontWeight: 700 }, entry.averageLevel.toFixed(1)),
    ]),
    row({ width: BAR_TRACK_WIDTH, height: 18, borderRadius: 9, backgroundColor: CARD_COLOURS.track }, [
      div({ width: barWidth(entry.averageLevel), height: 18, borderRadius: 9, backgroundColor: CARD_COLOURS.accent }),
    ]),
  ]);
}

function div(style: CardElement['props']['style'], children?: CardChild[]): CardElement {
  return { type: 'div', props: children ? { style, children } : { style } };
}

/** Satori lays out flex boxes only: every box with children says its direction. */
function row(style: CardElement['props']['style'], children: CardChild[]): CardElement {
  return div({ display: 'flex', flexDirection: 'row', ...style }, children);
}

function column(style: CardElement['props']['style'], children: CardChild[]): CardElement {
  return div({ display: 'flex', flexDirection: 'column', ...style }, children);
}

function text(style: CardElement['props']['style'], content: string): CardElement {
  return { type: 'div', props: { style: { display: 'flex', ...style }, children: content } };
}

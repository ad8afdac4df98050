/**
 * The arithmetic of the trend chart, apart from its drawing: where each
 * score sits across (one step per score, oldest on the left: scores come
 * minutes or months apart, and even steps keep each one readable), and the
 * value range up the side with its gridlines.
 */

/** The drawing area inside the SVG's viewBox, in its units. */
export interface PlotArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface ValueRange {
  low: number;
  high: number;
  /** Gridline values, low to high. */
  ticks: number[];
}

/** x of the i-th of n points: spread over the width; a lone point in the middle. */
export function xOf(area: PlotArea, index: number, count: number): number {
  if (count <= 1) return area.left + area.width / 2;
  return area.left + (index * area.width) / (count - 1);
}

/** y of a value in the range: the range's low at the bottom. */
export function yOf(area: PlotArea, range: Pick<ValueRange, 'low' | 'high'>, value: number): number {
  const share = range.high === range.low ? 0.5 : (value - range.low) / (range.high - range.low);
  return area.top + area.height * (1 - share);
}

/** Gridline steps the total's axis may use, smallest first: round numbers a reader can add up. */
const TOTAL_STEPS = [5, 10, 20, 25];
/** At most this many gaps between the total's gridlines. */
const MAX_TOTAL_GAPS = 5;
/** Room kept above and below the totals, so a line never sits on the frame. */
const TOTAL_MARGIN = 4;

/**
 * The total's range: the scores' own span with a margin, widened to whole
 * steps, within [floor, ceiling]. A small move stays visible; the axis says
 * where it starts, so a reader is not misled by a cut-off zero.
 */
export function totalRange(totals: number[], floor: number, ceiling: number): ValueRange {
  const lowest = Math.max(floor, Math.min(...totals) - TOTAL_MARGIN);
  const highest = Math.min(ceiling, Math.max(...totals) + TOTAL_MARGIN);
  const step = TOTAL_STEPS.find((candidate) => Math.ceil(highest / candidate) - Math.floor(lowest / candidate) <= MAX_TOTAL_GAPS) ?? TOTAL_STEPS.at(-1)!;
  const low = Math.max(floor, Math.floor(lowest / step) * step);
  const high = Math.min(ceiling, Math.ceil(highest / step) * step);
  const ticks: number[] = [];
  for (let value = low; value <= high; value += step) ticks.push(value);
  return { low, high, ticks };
}

/** The function averages' range: the levels themselves, 1 to 4, a gridline at each. */
export function levelRange(minLevel: number, maxLevel: number): ValueRange {
  const ticks: number[] = [];
  for (let level = minLevel; level <= maxLevel; level += 1) ticks.push(level);
  return { low: minLevel, high: maxLevel, ticks };
}

/** An SVG polyline's points attribute. */
export function polylinePoints(points: { x: number; y: number }[]): string {
  return points.map((point) => `${round(point.x)},${round(point.y)}`).join(' ');
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * A measured signal outside its usual band (issue 28, item 3): a robust rule
 * over the signal's own history, published in docs/DECISIONS.md
 * ("Anomalies"). The band is the median of the earlier values and their
 * median absolute deviation (MAD), which one wild value does not move; the
 * distance is Iglewicz and Hoaglin's modified z-score,
 * |x - median| / (1.4826 * MAD), and a value more than 3.5 from the median is
 * an anomaly (more than 7: high severity). Pure.
 */

/** Fewer earlier values than this and there is no band to leave. */
export const MIN_HISTORY = 5;
/** The earlier values the band is drawn from: the newest of them. */
export const HISTORY_WINDOW = 20;
export const OUTSIDE_BAND = 3.5;
export const FAR_OUTSIDE_BAND = 7;
/** MAD to a normal distribution's standard deviation. */
const MAD_TO_SD = 1.4826;
/**
 * When every earlier value is the same, the MAD is 0 and any change is
 * infinitely far: the scale is then a tenth of the median (or 1 when the
 * median is 0), so a steady metric leaves its band on a move of over 35%.
 */
const STEADY_SCALE = 0.1;

export interface BandReading {
  median: number;
  mad: number;
  /** The modified z-score of the value. */
  distance: number;
  severity: 'high' | 'medium';
}

/** The value against the band of `earlier` (any order); null when it is inside, or there is too little history. */
export function outsideBand(value: number, earlier: readonly number[]): BandReading | null {
  if (earlier.length < MIN_HISTORY) return null;
  const median = medianOf(earlier);
  const mad = medianOf(earlier.map((x) => Math.abs(x - median)));
  const scale = mad > 0 ? MAD_TO_SD * mad : Math.max(STEADY_SCALE * Math.abs(median), median === 0 ? 1 : 0);
  const distance = Math.abs(value - median) / scale;
  if (!(distance > OUTSIDE_BAND)) return null;
  return { median, mad, distance, severity: distance > FAR_OUTSIDE_BAND ? 'high' : 'medium' };
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

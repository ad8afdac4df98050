/** The band a measured signal is expected in: median and MAD over its own history. */
import { describe, expect, it } from 'vitest';
import { MIN_HISTORY, outsideBand } from './signal-band.ts';

const weekly = [18, 20, 17, 22, 19, 21, 18];

describe('outsideBand', () => {
  it('needs enough history to have a band', () => {
    expect(outsideBand(500, weekly.slice(0, MIN_HISTORY - 1))).toBeNull();
    expect(outsideBand(500, weekly.slice(0, MIN_HISTORY))).not.toBeNull();
  });

  it('keeps ordinary variation inside: the median 19, the MAD 1, so 3.5 is about 5.2 away', () => {
    for (const value of [14, 19, 24]) expect(outsideBand(value, weekly)).toBeNull();
  });

  it('reads a value far from the median as outside, in either direction, and very far as high', () => {
    // |27 - 19| / (1.4826 * 1) = 5.4
    expect(outsideBand(27, weekly)).toMatchObject({ median: 19, mad: 1, severity: 'medium' });
    expect(outsideBand(11, weekly)).toMatchObject({ severity: 'medium' });
    expect(outsideBand(40, weekly)!.severity).toBe('high');
  });

  it('is not moved by one wild value in the history', () => {
    // The median moves to 19.5 and the MAD to 1.5, no further: 28 is still 3.8 away.
    expect(outsideBand(28, [...weekly, 400])).toMatchObject({ median: 19.5, mad: 1.5 });
  });

  it('gives a steady metric a band of a tenth of its value, and a steady zero a band of one', () => {
    expect(outsideBand(12, [10, 10, 10, 10, 10])).toBeNull();
    expect(outsideBand(14, [10, 10, 10, 10, 10])).toMatchObject({ mad: 0, severity: 'medium' });
    expect(outsideBand(3, [0, 0, 0, 0, 0])).toBeNull();
    expect(outsideBand(4, [0, 0, 0, 0, 0])).not.toBeNull();
  });
});

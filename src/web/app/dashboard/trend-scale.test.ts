/** The trend chart's arithmetic: points spread across, values up the side, gridlines at round numbers. */
import { describe, expect, it } from 'vitest';
import { levelRange, polylinePoints, totalRange, xOf, yOf, type PlotArea } from './trend-scale.ts';

const AREA: PlotArea = { left: 40, top: 10, width: 600, height: 200 };

describe('the trend scale', () => {
  it('spreads the scores evenly from the left edge to the right, a lone score in the middle', () => {
    expect([0, 1, 2].map((index) => xOf(AREA, index, 3))).toEqual([40, 340, 640]);
    expect(xOf(AREA, 0, 1)).toBe(340);
  });

  it('puts the low end of the range at the bottom and the high end at the top', () => {
    expect(yOf(AREA, { low: 1, high: 4 }, 1)).toBe(210);
    expect(yOf(AREA, { low: 1, high: 4 }, 4)).toBe(10);
    expect(yOf(AREA, { low: 5, high: 5 }, 5)).toBe(110);
  });

  it("fits the totals' range to the scores with a margin, in round steps, within the bounds", () => {
    expect(totalRange([48, 63], 0, 108)).toEqual({ low: 40, high: 70, ticks: [40, 50, 60, 70] });
    expect(totalRange([30, 45], 0, 108)).toEqual({ low: 25, high: 50, ticks: [25, 30, 35, 40, 45, 50] });
    expect(totalRange([62], 0, 108)).toEqual({ low: 55, high: 70, ticks: [55, 60, 65, 70] });
    // A wide spread takes a wider step; the top stays within the highest possible total.
    expect(totalRange([27, 106], 0, 108)).toEqual({ low: 20, high: 108, ticks: [20, 40, 60, 80, 100] });
  });

  it('gives the function averages a gridline at each level', () => {
    expect(levelRange(1, 4)).toEqual({ low: 1, high: 4, ticks: [1, 2, 3, 4] });
  });

  it('writes polyline points to one decimal', () => {
    expect(
      polylinePoints([
        { x: 1.234, y: 5 },
        { x: 2, y: 6.66 },
      ]),
    ).toBe('1.2,5 2,6.7');
  });
});

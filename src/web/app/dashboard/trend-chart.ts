/**
 * A product's trend as server-drawn SVG (no chart library, no script): the
 * total over its scores, and the six function averages over the same
 * scores, one line each (told apart by colour and by dash, with a legend in
 * words). Each picture is an image with a summary for screen readers; the
 * table beside it (trend-table.ts) holds every number.
 */
import { FUNCTIONS, type ProductFunction } from '../../../framework/functions.ts';
import { MAX_LEVEL, MIN_LEVEL } from '../../../framework/tiers.ts';
import { MAX_TOTAL_SCORE } from '../../result-summary.ts';
import { html } from '../../view.ts';
import type { TrendPoint } from './product-history.ts';
import { shortDay } from './score-dates.ts';
import { levelRange, polylinePoints, round, totalRange, xOf, yOf, type PlotArea, type ValueRange } from './trend-scale.ts';
import { TrendTable } from './trend-table.ts';

// Drawn at about the size it is shown (two charts side by side), so its words stay readable.
const WIDTH = 420;
const HEIGHT = 240;
const AREA: PlotArea = { left: 36, top: 12, width: WIDTH - 36 - 20, height: HEIGHT - 12 - 36 };
/** With more points than this, only the first, middle and last are labelled across. */
const ALL_LABELS_UP_TO = 6;

/** Each function's dash, so the lines are told apart without colour too. */
const FUNCTION_DASHES: Record<ProductFunction, string | undefined> = {
  strategy: undefined,
  design: '10 5',
  development: '2 5',
  intelligence: '14 4 3 4',
  operations: '6 6',
  gtm: '18 6',
};

const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** The labels across: the day of each score, or its time (UTC) when every score is of one day. */
function xLabels(points: TrendPoint[]): string[] {
  const days = points.map((point) => shortDay(point.createdAt));
  if (new Set(days).size > 1) return days;
  return points.map((point) => TIME.format(new Date(point.createdAt)));
}

function labelledIndexes(count: number): number[] {
  if (count <= ALL_LABELS_UP_TO) return Array.from({ length: count }, (_, index) => index);
  return [0, Math.floor((count - 1) / 2), count - 1];
}

function Frame({ range, points, format }: { range: ValueRange; points: TrendPoint[]; format: (value: number) => string }) {
  const labels = xLabels(points);
  return html`<g class="trend-frame">
    ${range.ticks.map((tick) => {
      const y = round(yOf(AREA, range, tick));
      return html`<line class="gridline" x1=${AREA.left} x2=${AREA.left + AREA.width} y1=${y} y2=${y} />
        <text class="axis-label" x=${AREA.left - 8} y=${y + 5} text-anchor="end">${format(tick)}</text>`;
    })}
    ${labelledIndexes(points.length).map(
      (index) => html`<text class="axis-label" x=${round(xOf(AREA, index, points.length))} y=${HEIGHT - 10} text-anchor="middle">${labels[index]}</text>`,
    )}
  </g>`;
}

function Series({ className, values, range, dash }: { className: string; values: number[]; range: ValueRange; dash?: string | undefined }) {
  const points = values.map((value, index) => ({ x: xOf(AREA, index, values.length), y: yOf(AREA, range, value) }));
  return html`<g class=${`series ${className}`}>
    ${points.length > 1 ? html`<polyline points=${polylinePoints(points)} fill="none" stroke-dasharray=${dash} />` : null}
    ${points.map((point) => html`<circle cx=${round(point.x)} cy=${round(point.y)} r="4.5" />`)}
  </g>`;
}

function TotalChart({ points }: { points: TrendPoint[] }) {
  const totals = points.map((point) => point.totalScore);
  const range = totalRange(totals, 0, MAX_TOTAL_SCORE);
  const first = points[0]!;
  const last = points.at(-1)!;
  const summary =
    points.length === 1
      ? `One score so far: ${last.totalScore} of ${MAX_TOTAL_SCORE}.`
      : `From ${first.totalScore} on ${shortDay(first.createdAt)} to ${last.totalScore} on ${shortDay(last.createdAt)}, over ${points.length} scores; the lowest ${Math.min(...totals)}, the highest ${Math.max(...totals)}.`;
  return html`<figure class="trend-figure">
    <figcaption class="trend-caption">Total, of ${MAX_TOTAL_SCORE}</figcaption>
    <svg class="trend-chart" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="trend-total-title trend-total-summary">
      <title id="trend-total-title">Total score over time</title>
      <desc id="trend-total-summary">${summary}</desc>
      <${Frame} range=${range} points=${points} format=${String} />
      <${Series} className="series-total" values=${totals} range=${range} />
    </svg>
  </figure>`;
}

function FunctionsChart({ points }: { points: TrendPoint[] }) {
  const range = levelRange(MIN_LEVEL, MAX_LEVEL);
  const last = points.at(-1)!;
  const averageOf = (point: TrendPoint, id: ProductFunction) => point.functions.find((f) => f.id === id)?.average ?? MIN_LEVEL;
  const latest = last.functions.map((f) => `${f.label} ${f.average.toFixed(1)}`).join(', ');
  return html`<figure class="trend-figure">
    <figcaption class="trend-caption">Function averages, levels ${MIN_LEVEL} to ${MAX_LEVEL}</figcaption>
    <svg class="trend-chart" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="trend-functions-title trend-functions-summary">
      <title id="trend-functions-title">Average level of each product function over time</title>
      <desc id="trend-functions-summary">Latest: ${latest}.</desc>
      <${Frame} range=${range} points=${points} format=${String} />
      ${FUNCTIONS.map(
        (id) =>
          html`<${Series} className=${`series-${id}`} values=${points.map((point) => averageOf(point, id))} range=${range} dash=${FUNCTION_DASHES[id]} />`,
      )}
    </svg>
    <ul class="trend-legend" aria-label="Legend, with the latest averages">
      ${last.functions.map(
        (f) => html`<li>
          <svg class=${`legend-swatch series series-${f.id}`} viewBox="0 0 36 12" aria-hidden="true" focusable="false">
            <line x1="0" x2="36" y1="6" y2="6" stroke-dasharray=${FUNCTION_DASHES[f.id]} />
          </svg>
          ${f.label} <span class="muted">${f.average.toFixed(1)}</span>
        </li>`,
      )}
    </ul>
  </figure>`;
}

export function TrendChart({ points }: { points: TrendPoint[] }) {
  if (points.length === 0) return null;
  return html`<div class="trend">
    ${points.length === 1 ? html`<p class="muted">One score so far: rescore after you change the site to start the trend.</p>` : null}
    <div class="trend-figures">
      <${TotalChart} points=${points} />
      <${FunctionsChart} points=${points} />
    </div>
    <${TrendTable} points=${points} />
  </div>`;
}

/**
 * The six function averages as an inline SVG bar chart: a picture for the
 * eye, with a table of the same numbers for screen readers and print.
 */
import { html } from '../view.ts';
import type { FunctionSummary } from '../result-summary.ts';

const WIDTH = 420;
const ROW = 44;
const LABEL_WIDTH = 118;
const VALUE_WIDTH = 44;
const BAR_WIDTH = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
const MAX_LEVEL = 4;

export function FunctionChart({ functions }: { functions: FunctionSummary[] }) {
  const height = functions.length * ROW;
  return html`
    <figure class="function-chart">
      <svg viewBox=${`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="function-chart-title">
        <title id="function-chart-title">Average level of each product function, out of ${MAX_LEVEL}</title>
        ${functions.map((f, row) => {
          const y = row * ROW;
          return html`<g>
            <text x="0" y=${y + 27}>${f.label}</text>
            <rect class="bar-track" x=${LABEL_WIDTH} y=${y + 10} width=${BAR_WIDTH} height="22" rx="4" />
            <rect class="bar" x=${LABEL_WIDTH} y=${y + 10} width=${Math.round((BAR_WIDTH * f.average) / MAX_LEVEL)} height="22" rx="4" />
            <text class="value" x=${WIDTH - VALUE_WIDTH + 10} y=${y + 27}>${f.average.toFixed(1)}</text>
          </g>`;
        })}
      </svg>
      <figcaption>
        <table class="chart-table">
          <caption class="visually-hidden">Average level by function</caption>
          <thead><tr><th scope="col">Function</th><th scope="col">Average level (of ${MAX_LEVEL})</th><th scope="col">Dimensions</th></tr></thead>
          <tbody>
            ${functions.map((f) => html`<tr><th scope="row">${f.label}</th><td>${f.average.toFixed(1)}</td><td>${f.dimensions.length}</td></tr>`)}
          </tbody>
        </table>
      </figcaption>
    </figure>
  `;
}

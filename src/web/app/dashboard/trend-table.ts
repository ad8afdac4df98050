/** The trend's numbers as a table: the text alternative to the charts, and the exact figures for anyone who wants them. */
import { FUNCTION_LABELS, FUNCTIONS } from '../../../framework/functions.ts';
import { html } from '../../view.ts';
import type { TrendPoint } from './product-history.ts';
import { momentText } from './score-dates.ts';

export function TrendTable({ points }: { points: TrendPoint[] }) {
  return html`<details class="trend-numbers">
    <summary>The trend as a table</summary>
    <div class="table-scroll" role="region" aria-label="The trend as a table" tabindex="0">
      <table class="score-table">
        <caption class="visually-hidden">Total and function averages of each score, oldest first</caption>
        <thead>
          <tr><th scope="col">Scored</th><th scope="col">Total</th>${FUNCTIONS.map((id) => html`<th scope="col">${FUNCTION_LABELS[id]}</th>`)}</tr>
        </thead>
        <tbody>
          ${points.map(
            (point) => html`<tr>
              <th scope="row">${momentText(point.createdAt)}</th>
              <td>${point.totalScore}</td>
              ${FUNCTIONS.map((id) => html`<td>${point.functions.find((f) => f.id === id)?.average.toFixed(1) ?? ''}</td>`)}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </details>`;
}

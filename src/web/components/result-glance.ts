/**
 * A result at a glance: all 27 dimensions by function on one screen (a
 * heatmap whose cells carry their level as a number and as filled marks, so
 * colour is never the only sign), each cell a link to the dimension's detail
 * below; the function averages as bars with their numbers; the strengths and
 * the gaps.
 */
import { dimensionById, type DimensionId } from '../../framework/dimensions.ts';
import { MAX_LEVEL, stageForLevel } from '../../framework/tiers.ts';
import type { DimensionScore, ScoringResult } from '../../modules/scoring/result-schema.ts';
import type { FunctionSummary } from '../result-summary.ts';
import { html } from '../view.ts';

export function dimensionAnchor(id: string): string {
  return `dimension-${id}`;
}

/** The level as marks (filled and empty), for the eye; the number beside them says it in words. */
export function LevelPips({ level }: { level: number }) {
  return html`<span class="level-pips" aria-hidden="true">${Array.from({ length: MAX_LEVEL }, (_, i) => html`<span class=${i < level ? 'on' : ''}></span>`)}</span>`;
}

function HeatCell({ score }: { score: DimensionScore }) {
  return html`<li>
    <a class=${`heat-cell level-${score.score}`} href=${`#${dimensionAnchor(score.dimensionId)}`} data-open-dimension>
      <span class="heat-level" aria-hidden="true">${score.score}</span>
      <span class="heat-name">${score.dimensionName}</span>
      <span class="visually-hidden">: level ${score.score} of ${MAX_LEVEL}, ${score.stageName}</span>
      <${LevelPips} level=${score.score} />
    </a>
  </li>`;
}

/** One row per function: its name and average, then its dimensions' cells. */
export function Heatmap({ functions }: { functions: FunctionSummary[] }) {
  return html`<div class="heatmap">
    ${functions.map(
      (f) => html`<div class="heat-row">
        <h3 class="heat-function" id=${`heat-${f.id}`}>${f.label} <span class="heat-average">${f.average.toFixed(1)}</span></h3>
        <ul class="heat-cells" aria-labelledby=${`heat-${f.id}`}>
          ${f.dimensions.map((score) => html`<${HeatCell} score=${score} />`)}
        </ul>
      </div>`,
    )}
  </div>`;
}

/** What the numbers mean: each level with its stage name and its marks. */
export function LevelLegend() {
  return html`<ul class="level-legend" aria-label="Levels">
    ${[1, 2, 3, 4].map(
      (level) =>
        html`<li class=${`level-${level}`}><span class="legend-swatch" aria-hidden="true">${level}</span> ${stageForLevel(level)} <${LevelPips} level=${level} /></li>`,
    )}
  </ul>`;
}

/** The function averages as bars drawn in HTML, so their labels read at any width. */
export function FunctionBars({ functions }: { functions: FunctionSummary[] }) {
  return html`<ul class="function-bars">
    ${functions.map(
      (f) => html`<li>
        <span class="function-bar-label">${f.label}</span>
        <svg class="function-bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false">
          <rect class="bar-track" width="100" height="10" rx="2" />
          <rect class="bar" width=${Math.round((f.average / MAX_LEVEL) * 100)} height="10" rx="2" />
        </svg>
        <span class="function-bar-value">${f.average.toFixed(1)}<span class="visually-hidden"> of ${MAX_LEVEL}</span></span>
      </li>`,
    )}
  </ul>`;
}

export function DimensionLinks({ ids, result, className }: { ids: string[]; result: ScoringResult; className: string }) {
  if (ids.length === 0) return html`<p class="muted">None stood out.</p>`;
  return html`<ul class=${`findings ${className}`}>
    ${ids.map((id) => {
      const score = result.dimensions.find((d) => d.dimensionId === id);
      const name = score?.dimensionName ?? dimensionById(id as DimensionId).name;
      return html`<li><a href=${`#${dimensionAnchor(id)}`} data-open-dimension>${name}</a>${score ? html` <span class="muted">· level ${score.score}</span>` : null}</li>`;
    })}
  </ul>`;
}

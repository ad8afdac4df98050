/**
 * A scoring result as people read it: the company, total and tier; the six
 * function averages; strengths, gaps and the notes across dimensions; then
 * every dimension grouped by function with its level, confidence, the quotes
 * it rests on (each linked to the page it came from) and its reasoning.
 * A page may add to it (the result page does): how the company stands among
 * its peers, beside the total and each level, and feedback on the score.
 * A quick score says so under its total, with the way to the full score.
 */
import { dimensionById, type DimensionId } from '../../framework/dimensions.ts';
import { MAX_LEVEL } from '../../framework/tiers.ts';
import { pagesRead } from '../../modules/scoring/result-depth.ts';
import type { DimensionScore, ScoringResult } from '../../modules/scoring/result-schema.ts';
import { fullScorePath } from '../pages/try-page.ts';
import { companyLabel, evidenceItems, functionSummaries, MAX_TOTAL_SCORE, scoredOn, type EvidenceItem } from '../result-summary.ts';
import { html, type ComponentChildren } from '../view.ts';
import { FunctionChart } from './function-chart.ts';
import { QuickScoreNotice } from './quick-score-notice.ts';

function dimensionAnchor(id: string): string {
  return `dimension-${id}`;
}

function pageLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname === '/' ? `${parsed.host} (home page)` : `${parsed.host}${parsed.pathname}`;
  } catch {
    return url;
  }
}

function LevelMark({ score }: { score: DimensionScore }) {
  return html`<span class=${`level level-${score.score}`}>
    <span class="level-pips" aria-hidden="true">${Array.from({ length: MAX_LEVEL }, (_, i) => html`<span class=${i < score.score ? 'on' : ''}></span>`)}</span>
    Level ${score.score} of ${MAX_LEVEL} · ${score.stageName}
  </span>`;
}

function Evidence({ items }: { items: EvidenceItem[] }) {
  if (items.length === 0) return html`<p class="muted">No evidence was recorded.</p>`;
  return html`<ul class="evidence">
    ${items.map(
      (item) => html`<li>
        ${item.kind === 'quote' ? html`<blockquote>“${item.text}”</blockquote>` : html`<p class="muted">${item.text}</p>`}
        ${item.url ? html`<span class="source">From <a href=${item.url} rel="nofollow noopener">${pageLabel(item.url)}</a></span>` : null}
      </li>`,
    )}
  </ul>`;
}

/** What a page adds to one dimension's card: beside its level, and after its reasoning. */
export interface DimensionAdditions {
  levelAside?: (score: DimensionScore) => ComponentChildren;
  feedback?: (score: DimensionScore) => ComponentChildren;
}

function DimensionCard({ score, additions }: { score: DimensionScore; additions: DimensionAdditions }) {
  const aside = additions.levelAside?.(score);
  return html`<li class="dimension" id=${dimensionAnchor(score.dimensionId)}>
    <div class="dimension-head">
      <h3>${score.dimensionName}</h3>
      ${aside ? html`<div class="level-group"><${LevelMark} score=${score} />${aside}</div>` : html`<${LevelMark} score=${score} />`}
    </div>
    <p class="confidence">${capitalised(score.confidence)} confidence · ${dimensionById(score.dimensionId).summary}</p>
    <${Evidence} items=${evidenceItems(score.evidence)} />
    <p class="reasoning">${score.reasoning}</p>
    ${additions.feedback?.(score)}
  </li>`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function DimensionLinks({ ids, result, className }: { ids: string[]; result: ScoringResult; className: string }) {
  if (ids.length === 0) return html`<p class="muted">None stood out.</p>`;
  return html`<ul class=${`findings ${className}`}>
    ${ids.map((id) => {
      const score = result.dimensions.find((d) => d.dimensionId === id);
      const name = score?.dimensionName ?? dimensionById(id as DimensionId).name;
      return html`<li><a href=${`#${dimensionAnchor(id)}`}>${name}</a>${score ? html` <span class="muted">· level ${score.score}</span>` : null}</li>`;
    })}
  </ul>`;
}

export interface ResultViewProps extends DimensionAdditions {
  result: ScoringResult;
  calls?: ComponentChildren;
  /** Under the company and total: how it stands among its peers. */
  standing?: ComponentChildren;
  /** After the calls to action: feedback on the score as a whole (or the invitation to give it). */
  scoreFeedback?: ComponentChildren;
}

export function ResultView({ result, calls, standing, scoreFeedback, levelAside, feedback }: ResultViewProps) {
  const additions = { levelAside, feedback };
  const functions = functionSummaries(result);
  const company = companyLabel(result);
  const pages = pagesRead(result);
  return html`
    <article class="result">
      <header class="result-head">
        <div>
          <h1>${company}</h1>
          <p class="meta">
            <a href=${result.url} rel="nofollow noopener">${result.url}</a> · scored on ${scoredOn(result)}${pages !== null ? ` from ${pages} ${pages === 1 ? 'page' : 'pages'}` : ''}
          </p>
        </div>
        <div class="total">
          <div class="total-number">${result.totalScore}<span class="total-out-of"> / ${MAX_TOTAL_SCORE}</span></div>
          <div class="tier">${result.stageName}</div>
        </div>
      </header>
      <${QuickScoreNotice} facts=${{ depth: result.depth, pagesRead: pages }} fullScoreHref=${fullScorePath(result.url)} />
      ${standing}

      <div class="summary-grid">
        <section class="card" aria-labelledby="functions-heading">
          <h2 id="functions-heading">By function</h2>
          <${FunctionChart} functions=${functions} />
        </section>
        <section class="card" aria-labelledby="highlights-heading">
          <h2 id="highlights-heading">Highlights</h2>
          <h3>Strengths</h3>
          <${DimensionLinks} ids=${result.strengths} result=${result} className="strengths" />
          <h3 class="spaced">Gaps</h3>
          <${DimensionLinks} ids=${result.gaps} result=${result} className="gaps" />
        </section>
      </div>

      ${result.crossDimensionNotes ? html`<section aria-labelledby="notes-heading"><h2 id="notes-heading">Across dimensions</h2><p>${result.crossDimensionNotes}</p></section>` : null}
      ${result.antiPatternsDetected && result.antiPatternsDetected.length > 0
        ? html`<section aria-labelledby="patterns-heading"><h2 id="patterns-heading">Patterns to watch</h2><ul>${result.antiPatternsDetected.map((p) => html`<li>${p}</li>`)}</ul></section>`
        : null}

      ${calls ? html`<div class="cta">${calls}</div>` : null}
      ${scoreFeedback}

      ${functions.map(
        (f) => html`<section class="function-section" id=${`function-${f.id}`} aria-labelledby=${`function-${f.id}-heading`}>
          <h2 id=${`function-${f.id}-heading`}>${f.label} <span class="function-average">average ${f.average.toFixed(1)} of ${MAX_LEVEL}</span></h2>
          <ul class="dimensions">${f.dimensions.map((score) => html`<${DimensionCard} score=${score} additions=${additions} />`)}</ul>
        </section>`,
      )}

      ${result.crawledPages && result.crawledPages.length > 0
        ? html`<details class="card crawled-pages"><summary>The ${result.crawledPages.length} pages we read</summary>
            <ul>${result.crawledPages.map((url) => html`<li><a href=${url} rel="nofollow noopener">${pageLabel(url)}</a></li>`)}</ul>
          </details>`
        : null}
    </article>
  `;
}

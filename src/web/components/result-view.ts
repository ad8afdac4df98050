/**
 * A scoring result as people read it: the company, total and tier; at a
 * glance, all 27 levels by function (result-glance.ts), the function
 * averages, strengths and gaps; the link to share, who can see it, and the
 * PDF report; the notes across dimensions; then every dimension grouped by
 * function, collapsed to its name and level, opening on its confidence,
 * the quotes it rests on (each linked to the page it came from), its
 * reasoning and the next step.
 * A page may add to it (the result page does): how the company stands among
 * its peers, beside the total and each level; under the overview, what the
 * team's tools and notes add to the site; and feedback on the score.
 * A quick score says so under its total, with the way to the full score.
 */
import { dimensionById } from '../../framework/dimensions.ts';
import { MAX_LEVEL } from '../../framework/tiers.ts';
import { pagesRead } from '../../modules/scoring/result-depth.ts';
import type { DimensionScore, ScoringResult } from '../../modules/scoring/result-schema.ts';
import { fullScorePath } from '../pages/try-page.ts';
import { companyLabel, evidenceItems, functionSummaries, MAX_TOTAL_SCORE, nextStepOf, scoredOn, type EvidenceItem } from '../result-summary.ts';
import { html, type ComponentChildren } from '../view.ts';
import { QuickScoreNotice } from './quick-score-notice.ts';
import { dimensionAnchor, DimensionLinks, FunctionBars, Heatmap, LevelLegend, LevelPips } from './result-glance.ts';
import { ShareBar, type ShareProps } from './share-result.ts';

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
    <${LevelPips} level=${score.score} />
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

/** One dimension, collapsed to its name and level; opened (by a click, or a link to its anchor), its evidence, reasoning and next step. */
function DimensionCard({ score, additions }: { score: DimensionScore; additions: DimensionAdditions }) {
  const aside = additions.levelAside?.(score);
  const next = nextStepOf(score);
  return html`<li class="dimension" id=${dimensionAnchor(score.dimensionId)}>
    <details class="dimension-detail" data-dimension-detail>
      <summary>
        <span class="dimension-head">
          <h4>${score.dimensionName}</h4>
          ${aside ? html`<span class="level-group"><${LevelMark} score=${score} />${aside}</span>` : html`<${LevelMark} score=${score} />`}
        </span>
      </summary>
      <p class="confidence">${capitalised(score.confidence)} confidence · ${dimensionById(score.dimensionId).summary}</p>
      <${Evidence} items=${evidenceItems(score.evidence)} />
      <p class="reasoning">${score.reasoning}</p>
      <p class="next-step"><strong>${next.label}:</strong> ${next.text}</p>
      ${additions.feedback?.(score)}
    </details>
  </li>`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface ResultViewProps extends DimensionAdditions {
  result: ScoringResult;
  /** The link to pass on, what it shows to whom, and the PDF report (ShareBar). */
  share: ShareProps;
  calls?: ComponentChildren;
  /** Under the company and total: how it stands among its peers. */
  standing?: ComponentChildren;
  /** Under "At a glance", where a reader looks for detail: the tools' and the team's evidence beside the site (issue 27). */
  beneathGlance?: ComponentChildren;
  /** After the calls to action: feedback on the score as a whole (or the invitation to give it). */
  scoreFeedback?: ComponentChildren;
}

export function ResultView({ result, share, calls, standing, beneathGlance, scoreFeedback, levelAside, feedback }: ResultViewProps) {
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

      <section class="glance card" aria-labelledby="glance-heading">
        <h2 id="glance-heading">At a glance</h2>
        <${Heatmap} functions=${functions} />
        <${LevelLegend} />
        <div class="glance-side">
          <div>
            <h3>By function <span class="muted">(average level of ${MAX_LEVEL})</span></h3>
            <${FunctionBars} functions=${functions} />
          </div>
          <div>
            <h3>Strengths</h3>
            <${DimensionLinks} ids=${result.strengths} result=${result} className="strengths" />
          </div>
          <div>
            <h3>Gaps</h3>
            <${DimensionLinks} ids=${result.gaps} result=${result} className="gaps" />
          </div>
        </div>
      </section>
      ${beneathGlance}
      <${ShareBar} ...${share} />

      ${result.crossDimensionNotes ? html`<section aria-labelledby="notes-heading"><h2 id="notes-heading">Across dimensions</h2><p>${result.crossDimensionNotes}</p></section>` : null}
      ${
        result.antiPatternsDetected && result.antiPatternsDetected.length > 0
          ? html`<section aria-labelledby="patterns-heading"><h2 id="patterns-heading">Patterns to watch</h2><ul>${result.antiPatternsDetected.map((p) => html`<li>${p}</li>`)}</ul></section>`
          : null
      }

      ${calls ? html`<div class="cta">${calls}</div>` : null}
      ${scoreFeedback}

      <section class="dimension-details" aria-labelledby="details-heading">
        <div class="details-head">
          <h2 id="details-heading">Every dimension</h2>
          <p class="muted">Open a dimension for the quotes its level rests on, why, and the next step.</p>
          <div class="details-toggles" data-details-toggles hidden>
            <button type="button" class="button button-quiet" data-open-all>Open all</button>
            <button type="button" class="button button-quiet" data-close-all>Close all</button>
          </div>
        </div>
        ${functions.map(
          (f) => html`<section class="function-section" id=${`function-${f.id}`} aria-labelledby=${`function-${f.id}-heading`}>
            <h3 class="function-heading" id=${`function-${f.id}-heading`}>${f.label} <span class="function-average">average ${f.average.toFixed(1)} of ${MAX_LEVEL}</span></h3>
            <ul class="dimensions">${f.dimensions.map((score) => html`<${DimensionCard} score=${score} additions=${additions} />`)}</ul>
          </section>`,
        )}
      </section>

      ${
        result.crawledPages && result.crawledPages.length > 0
          ? html`<details class="card crawled-pages"><summary>The ${result.crawledPages.length} pages we read</summary>
            <ul>${result.crawledPages.map((url) => html`<li><a href=${url} rel="nofollow noopener">${pageLabel(url)}</a></li>`)}</ul>
          </details>`
          : null
      }
    </article>
  `;
}

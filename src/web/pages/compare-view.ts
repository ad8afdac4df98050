/**
 * Two results side by side (GET /compare): the totals and tiers, each
 * function's average, where each one leads, and every dimension's two
 * levels with the difference, grouped by function; and, before a second
 * result is chosen, the ways to choose it (a link pasted, one of the
 * account's own scores, or an example). Differences are written with their
 * sign and in words, never told by colour alone.
 */
import { MAX_LEVEL } from '../../framework/tiers.ts';
import type { DimensionComparison, ResultComparison } from '../../modules/scoring/result-comparison.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import type { ScoreSummary } from '../../modules/scoring/scoring-service.ts';
import { LevelPips } from '../components/result-glance.ts';
import { companyLabel, MAX_TOTAL_SCORE } from '../result-summary.ts';
import { html } from '../view.ts';

export const COMPARE_PATH = '/compare';

export function comparePath(a: string, b?: string): string {
  return `${COMPARE_PATH}?${new URLSearchParams(b ? { a, b } : { a })}`;
}

/** One result as the comparison names it. */
export interface CompareSide {
  result: ScoringResult;
  /** The column's heading: the company, or the day when both are the same site. */
  label: string;
  /** Where the result's own page is. */
  path: string;
}

const DAY_AND_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

export function scoredAt(result: Pick<ScoringResult, 'createdAt'>): string {
  return `${DAY_AND_TIME.format(new Date(result.createdAt))} UTC`;
}

/** A difference with its sign: "+2", "−0.4", "same"; averages always to one decimal. */
function signed(delta: number, decimal: boolean): string {
  if (delta === 0) return 'same';
  const magnitude = decimal ? Math.abs(delta).toFixed(1) : String(Math.abs(delta));
  return delta > 0 ? `+${magnitude}` : `−${magnitude}`;
}

function Difference({ delta, a, b, unit, decimal = false }: { delta: number; a: string; b: string; unit: string; decimal?: boolean }) {
  const words = delta === 0 ? 'the same' : `${delta > 0 ? a : b} ${decimal ? Math.abs(delta).toFixed(1) : Math.abs(delta)} ${unit} higher`;
  return html`<span class=${delta > 0 ? 'difference lead-a' : delta < 0 ? 'difference lead-b' : 'difference'}>
    <span aria-hidden="true">${signed(delta, decimal)}</span><span class="visually-hidden">${words}</span>
  </span>`;
}

/** "Difference", shortened to "±" on a phone (the full word is still what is read out). */
function DifferenceHeading() {
  return html`<span class="heading-long">Difference</span><span class="heading-short" aria-hidden="true">±</span>`;
}

function Level({ level }: { level: number }) {
  return html`<span class=${`compare-level level-${level}`}><span class="compare-level-number">${level}</span> <${LevelPips} level=${level} /></span>`;
}

function Totals({ a, b, comparison }: { a: CompareSide; b: CompareSide; comparison: ResultComparison }) {
  const lead =
    comparison.totalDelta === 0
      ? `Both total ${a.result.totalScore} of ${MAX_TOTAL_SCORE}.`
      : `${comparison.totalDelta > 0 ? a.label : b.label} is ${Math.abs(comparison.totalDelta)} ${Math.abs(comparison.totalDelta) === 1 ? 'point' : 'points'} ahead.`;
  return html`<div class="compare-totals">
      ${[a, b].map(
        (side, index) => html`<section class="card compare-total" aria-labelledby=${`side-${index}`}>
          <h2 id=${`side-${index}`}><a href=${side.path}>${side.label}</a></h2>
          <p class="muted compare-meta">${side.result.url}<br />Scored ${scoredAt(side.result)}${side.result.depth === 'quick' ? ' · quick score' : ''}</p>
          <p class="compare-total-line"><span class="total-number">${side.result.totalScore}</span><span class="total-out-of"> / ${MAX_TOTAL_SCORE}</span> <span class="tier">${side.result.stageName}</span></p>
        </section>`,
      )}
    </div>
    <p class="compare-lead lead">${lead} ${comparison.level} of 27 dimensions are at the same level.</p>`;
}

function Leads({ title, leads, leader, other }: { title: string; leads: DimensionComparison[]; leader: string; other: string }) {
  return html`<section class="card" aria-labelledby=${`leads-${title}`}>
    <h3 id=${`leads-${title}`}>${title}</h3>
    ${
      leads.length === 0
        ? html`<p class="muted">Nowhere.</p>`
        : html`<ul class="compare-leads">
          ${leads.slice(0, 5).map((d) => html`<li><a href=${`#compare-${d.dimensionId}`}>${d.dimensionName}</a> <span class="muted">${leader} ${d.a > d.b ? d.a : d.b}, ${other} ${d.a > d.b ? d.b : d.a}</span></li>`)}
        </ul>
        ${leads.length > 5 ? html`<p class="muted">And ${leads.length - 5} more below.</p>` : null}`
    }
  </section>`;
}

function FunctionTable({ a, b, comparison }: { a: CompareSide; b: CompareSide; comparison: ResultComparison }) {
  return html`<div class="table-scroll"><table class="compare-table">
    <caption>Average level by function, of ${MAX_LEVEL}</caption>
    <thead><tr><th scope="col">Function</th><th scope="col">${a.label}</th><th scope="col">${b.label}</th><th scope="col"><${DifferenceHeading} /></th></tr></thead>
    <tbody>
      ${comparison.functions.map(
        (f) => html`<tr>
          <th scope="row"><a href=${`#compare-function-${f.function}`}>${f.label}</a></th>
          <td>${f.a.toFixed(1)}</td><td>${f.b.toFixed(1)}</td>
          <td><${Difference} delta=${f.delta} a=${a.label} b=${b.label} unit="on average" decimal=${true} /></td>
        </tr>`,
      )}
    </tbody>
  </table></div>`;
}

function DimensionTable({ a, b, comparison }: { a: CompareSide; b: CompareSide; comparison: ResultComparison }) {
  return html`${comparison.functions.map(
    (f) => html`<section class="compare-function" id=${`compare-function-${f.function}`} aria-labelledby=${`compare-function-${f.function}-heading`}>
      <h3 id=${`compare-function-${f.function}-heading`}>${f.label}</h3>
      <div class="table-scroll"><table class="compare-table compare-dimensions">
        <caption class="visually-hidden">${f.label}: each dimension's level in both results</caption>
        <thead><tr><th scope="col">Dimension</th><th scope="col">${a.label}</th><th scope="col">${b.label}</th><th scope="col"><${DifferenceHeading} /></th></tr></thead>
        <tbody>
          ${comparison.dimensions
            .filter((d) => d.function === f.function)
            .map(
              (d) => html`<tr id=${`compare-${d.dimensionId}`}>
                <th scope="row">${d.dimensionName}</th>
                <td><a href=${`${a.path}#dimension-${d.dimensionId}`}><${Level} level=${d.a} /><span class="visually-hidden"> (${a.label}: level ${d.a} of ${MAX_LEVEL}, open its evidence)</span></a></td>
                <td><a href=${`${b.path}#dimension-${d.dimensionId}`}><${Level} level=${d.b} /><span class="visually-hidden"> (${b.label}: level ${d.b} of ${MAX_LEVEL}, open its evidence)</span></a></td>
                <td><${Difference} delta=${d.delta} a=${a.label} b=${b.label} unit=${Math.abs(d.delta) === 1 ? 'level' : 'levels'} /></td>
              </tr>`,
            )}
        </tbody>
      </table></div>
    </section>`,
  )}`;
}

export interface ComparisonProps {
  a: CompareSide;
  b: CompareSide;
  comparison: ResultComparison;
  /** The coach on this comparison, for a member whose account holds the first result. */
  coachHref: string | null;
}

export function ComparisonView({ a, b, comparison, coachHref }: ComparisonProps) {
  return html`
    <p class="breadcrumb"><a href=${a.path}>${a.label}</a> › Compare</p>
    <h1>${comparison.sameSite ? `${companyLabel(a.result)}: ${a.label} against ${b.label}` : `${a.label} against ${b.label}`}</h1>
    ${
      comparison.sameDepth
        ? null
        : html`<p class="notice">One of these is a quick score, which reads six pages: its levels rest on less evidence, so the differences say as much about the crawl as about the companies. Compare full scores for a fair reading.</p>`
    }
    <${Totals} a=${a} b=${b} comparison=${comparison} />
    <div class="compare-actions">
      <a class="button button-quiet" href=${comparePath(b.result.id, a.result.id)}>Swap the two</a>
      <a class="button button-quiet" href=${comparePath(a.result.id)}>Compare ${a.label} with another</a>
      ${coachHref ? html`<a class="button" href=${coachHref}>Ask the coach about this comparison</a>` : null}
    </div>
    <h2>By function</h2>
    <${FunctionTable} a=${a} b=${b} comparison=${comparison} />
    <div class="compare-leads-grid">
      <${Leads} title=${`Where ${a.label} leads`} leads=${comparison.aLeads} leader=${a.label} other=${b.label} />
      <${Leads} title=${`Where ${b.label} leads`} leads=${comparison.bLeads} leader=${b.label} other=${a.label} />
    </div>
    <h2>Every dimension</h2>
    <p class="muted">Each level links to its evidence on the result's page.</p>
    <${DimensionTable} a=${a} b=${b} comparison=${comparison} />
  `;
}

export interface ChooserProps {
  /** The result already chosen; null when neither is. */
  a: CompareSide | null;
  /** The account's own scores, newest first (a member); empty for a visitor. */
  own: ScoreSummary[];
  /** The example results, to compare with when nothing else is at hand. */
  examples: { id: string; name: string; totalScore: number; stageName: string }[];
  /** What went wrong with what was asked for. */
  problem: string | null;
  /** The text the person gave, kept in the field. */
  given: { a: string; b: string };
}

function ScoreOption({ score }: { score: ScoreSummary }) {
  const name = score.companyName?.trim() || score.url;
  return html`<option value=${score.id}>${name} · ${score.totalScore} of ${MAX_TOTAL_SCORE} · ${scoredAt(score)}${score.depth === 'quick' ? ' · quick' : ''}</option>`;
}

/** The form that picks the two results: a pasted link or id for each, or one of the lists. */
export function ChooserView({ a, own, examples, problem, given }: ChooserProps) {
  const others = own.filter((score) => score.id !== a?.result.id);
  return html`
    <h1>${a ? `Compare ${a.label}` : 'Compare two results'}</h1>
    <p class="lead">Side by side, per dimension and function: your company against a competitor you scored, or a score now against one from before.</p>
    ${problem ? html`<p class="notice notice-error" role="alert">${problem}</p>` : null}
    <form method="get" action=${COMPARE_PATH} class="card compare-chooser">
      ${
        a
          ? html`<input type="hidden" name="a" value=${a.result.id} />
            <p>First: <a href=${a.path}>${a.label}</a>, ${a.result.totalScore} of ${MAX_TOTAL_SCORE}, scored ${scoredAt(a.result)}.</p>`
          : html`<label for="compare-a">First result: its link or id</label>
            <input id="compare-a" name="a" type="text" required value=${given.a} placeholder="https://…/r/…" autocapitalize="none" spellcheck="false" />`
      }
      <label for="compare-b">${a ? 'Compare with: a result’s link or id' : 'Second result: its link or id'}</label>
      <input id="compare-b" name="b" type="text" list=${others.length + examples.length > 0 ? 'compare-options' : undefined} required value=${given.b} placeholder="https://…/r/…" autocapitalize="none" spellcheck="false" aria-describedby="compare-b-hint" />
      <p id="compare-b-hint" class="hint">Paste the address of any result page (results are shared by their link), or pick one below. To compare with a competitor, score their site first.</p>
      <button class="button" type="submit">Compare</button>
    </form>
    ${
      others.length > 0 || examples.length > 0
        ? html`<datalist id="compare-options">
          ${others.map((score) => html`<${ScoreOption} score=${score} />`)}
          ${examples.map((example) => html`<option value=${example.id}>Example: ${example.name} · ${example.totalScore} of ${MAX_TOTAL_SCORE}</option>`)}
        </datalist>`
        : null
    }
    ${
      !a && own.length > 0
        ? html`<section aria-labelledby="own-heading">
          <h2 id="own-heading">Start from one of your account's scores</h2>
          <ul class="compare-pick">
            ${own
              .slice(0, 20)
              .map(
                (score) =>
                  html`<li><a href=${comparePath(score.id)}>${score.companyName?.trim() || score.url}</a> <span class="muted">${score.totalScore} of ${MAX_TOTAL_SCORE} · ${scoredAt(score)}${score.depth === 'quick' ? ' · quick score' : ''}</span></li>`,
              )}
          </ul>
        </section>`
        : null
    }
    ${
      a && others.length > 0
        ? html`<section aria-labelledby="own-heading">
          <h2 id="own-heading">Your account's scores</h2>
          <ul class="compare-pick">
            ${others
              .slice(0, 20)
              .map(
                (score) =>
                  html`<li><a href=${comparePath(a.result.id, score.id)}>${score.companyName?.trim() || score.url}</a> <span class="muted">${score.totalScore} of ${MAX_TOTAL_SCORE} · ${scoredAt(score)}${score.depth === 'quick' ? ' · quick score' : ''}</span></li>`,
              )}
          </ul>
        </section>`
        : null
    }
    ${
      a && examples.length > 0
        ? html`<section aria-labelledby="examples-heading">
          <h2 id="examples-heading">Or an example</h2>
          <ul class="compare-pick">
            ${examples.map((example) => html`<li><a href=${comparePath(a.result.id, example.id)}>${example.name}</a> <span class="muted">${example.totalScore} of ${MAX_TOTAL_SCORE}, ${example.stageName}</span></li>`)}
          </ul>
        </section>`
        : null
    }
  `;
}

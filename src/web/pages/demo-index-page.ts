/**
 * GET /demo: every example result, one line each, for a visitor to see what
 * a score looks like before scoring; and the five tiers with the examples
 * placed in them, so it is plain which tiers an example covers and which not.
 */
import { TIER_BANDS } from '../../framework/tiers.ts';
import type { App } from '../../http/app-types.ts';
import { sendPage } from '../document.ts';
import { MAX_TOTAL_SCORE } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { DEMO_INDEX_PATH, demoPath } from './demo-page.ts';
import type { DemoResults } from './demo-catalogue.ts';
import type { PageSettings } from './page-settings.ts';
import { TRY_PATH } from './try-page.ts';

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function countWord(count: number): string {
  return COUNT_WORDS[count] ?? String(count);
}

export function registerDemoIndexPage(app: App, deps: { settings: PageSettings; demos: DemoResults }): void {
  const { settings } = deps;
  app.get(DEMO_INDEX_PATH, { config: { auth: 'page' }, schema: { hide: true } }, async (request, reply) => {
    const examples = await deps.demos.all();
    const count = countWord(examples.length);
    return sendPage(reply, settings, {
      head: {
        title: 'Example results',
        description: `Full maturity scores of ${count} example companies, from a seed-stage start-up to a platform: 27 dimensions each, every level backed by a quote.`,
        path: DEMO_INDEX_PATH,
      },
      viewer: viewerOf(request),
      body: html`
        <h1>Example results</h1>
        <p class="lead">${count.charAt(0).toUpperCase()}${count.slice(1)} invented companies at different stages, scored exactly as your site would be: 27 dimensions, each level backed by a sentence quoted from their own pages.</p>
        <ul class="demo-list">
          ${examples.map(
            ({ company, result }) => html`<li class="card demo-item">
              <div>
                <h2><a href=${demoPath(company.slug)}>${company.name}</a></h2>
                <p class="muted">${company.summary}</p>
              </div>
              <p class="demo-score">
                <span class="demo-total">${result.totalScore}<span class="total-out-of"> / ${MAX_TOTAL_SCORE}</span></span>
                <span class="tier">${result.stageName}</span>
              </p>
            </li>`,
          )}
        </ul>
        <section aria-labelledby="tiers-heading">
          <h2 id="tiers-heading">The five tiers</h2>
          <p>A total of 27 to ${MAX_TOTAL_SCORE} falls in one of five tiers. Where the examples sit:</p>
          <table class="tier-table">
            <thead><tr><th scope="col">Tier</th><th scope="col">Total</th><th scope="col">Example</th></tr></thead>
            <tbody>
              ${TIER_BANDS.map((band) => {
                const inBand = examples.filter(({ result }) => result.stageName === band.stageName);
                return html`<tr>
                  <th scope="row">${band.stageName}</th>
                  <td>${band.minTotal}–${band.maxTotal}</td>
                  <td>${
                    inBand.length === 0
                      ? html`<span class="muted">No example at this tier yet</span>`
                      : inBand.map(
                          ({ company, result }, index) =>
                            html`${index > 0 ? ', ' : ''}<a href=${demoPath(company.slug)}>${company.name}</a> (${result.totalScore})`,
                        )
                  }</td>
                </tr>`;
              })}
            </tbody>
          </table>
        </section>
        <p class="cta"><a class="button" href=${TRY_PATH}>Score your own site</a></p>
      `,
    });
  });
}

/** GET /: the promise, and one address box to try it. */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { csrfToken } from '../csrf.ts';
import { ScoreForm } from '../components/score-form.ts';
import { sendPage } from '../document.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { usesSecureCookies, type PageSettings } from './page-settings.ts';
import { scoreFormTarget } from './try-page.ts';

/** `?account=deleted`: where the account settings page lands after deleting the account and signing out. */
const HomeQuery = Type.Object({ account: Type.Optional(Type.String({ maxLength: 20 })) });

export function registerHomePage(app: App, settings: PageSettings): void {
  app.get('/', { config: { auth: 'page' }, schema: { hide: true, querystring: HomeQuery } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const csrf = csrfToken(request, reply, usesSecureCookies(settings));
    return sendPage(reply, settings, {
      head: {
        title: 'Maturity Scoring',
        description:
          'An honest, explainable read of your product maturity: 27 dimensions scored from what your own site shows, every score backed by a quote you can check.',
        path: '/',
      },
      viewer,
      scripts: ['score-progress.js'],
      body: html`
        ${
          request.query.account === 'deleted' && !viewer.signedIn
            ? html`<p class="notice" role="status">Your account and everything it held are deleted, and you are signed out.</p>`
            : null
        }
        <section class="hero">
          <h1>How mature is your product practice, really?</h1>
          <p class="lead">Give us a company's web address. We read its public site and score 27 dimensions of product maturity, from research to pricing. Every score quotes the page it rests on, so you can check it yourself.</p>
          <${ScoreForm} ...${scoreFormTarget(viewer)} csrf=${csrf} />
        </section>
        <ul class="points">
          <li><strong>Evidence you can check</strong>Every level rests on words quoted from a page we read, with a link to that page. No quote, no credit.</li>
          <li><strong>The same site, the same score</strong>The scoring is deterministic and its weights are published. Run it twice and you get the same answer.</li>
          <li><strong>Advice about your result</strong>The coach answers from your own scores and gaps, with the next step for each dimension.</li>
        </ul>
        <p>Not ready to score your own site? <a href="/demo">See example results</a> or <a href="/pricing">compare plans</a>.</p>
      `,
    });
  });
}

import type { App } from '../http/app-types.ts';
import { page } from './html.ts';

/** GET /: what this service is and where to go next. */
export function registerHomePage(app: App): void {
  app.get('/', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/html; charset=utf-8');
    return page(
      'Maturity Scoring and Coaching',
      `<h1>Maturity Scoring and Coaching</h1>
<p>Submit a company's web address; the service crawls the site and rates its product maturity on 27
dimensions, each backed by evidence quoted from the site, then coaches you on the result.</p>
<ul>
  <li><a href="/sign-in">Sign in</a> or <a href="/sign-up">sign up</a></li>
  <li><a href="/docs">API reference</a> (<a href="/api/openapi.json">OpenAPI document</a>)</li>
</ul>`,
    );
  });
}

/**
 * GET /compare?a=<result>&b=<result>: two results side by side
 * (compare-view.ts, from scoring/result-comparison.ts). Public, as results
 * are: anyone with both links may compare them. Each side is a result's id
 * or any address that holds one (a result page's link pasted whole), or an
 * example's. With one side or none, the page offers the ways to choose; a
 * member's own scores are listed for it. A member whose account holds the
 * first result is offered the coach on the comparison.
 */
import { Type } from 'typebox';
import type { App } from '../../http/app-types.ts';
import { compareResults } from '../../modules/scoring/result-comparison.ts';
import type { ScoringResult } from '../../modules/scoring/result-schema.ts';
import type { ScoringService } from '../../modules/scoring/scoring-service.ts';
import { sendPage } from '../document.ts';
import { companyLabel } from '../result-summary.ts';
import { html } from '../view.ts';
import { viewerOf } from '../viewer.ts';
import { ChooserView, COMPARE_PATH, ComparisonView, scoredAt, type CompareSide } from './compare-view.ts';
import type { DemoResults } from './demo-catalogue.ts';
import { demoPath } from './demo-page.ts';
import type { PageSettings } from './page-settings.ts';
import { resultPath } from './result-page.ts';

const CompareQuery = Type.Object({
  a: Type.Optional(Type.String({ maxLength: 2048 })),
  b: Type.Optional(Type.String({ maxLength: 2048 })),
});

const RESULT_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** How many of a member's scores the chooser lists. */
const OWN_SCORES_LISTED = 100;

export interface ComparePageDeps {
  settings: PageSettings;
  scoring: ScoringService;
  demos: DemoResults;
}

type Found = { result: ScoringResult; path: string } | { missing: string } | null;

/** The result a pasted link or id names: a stored one, or an example; `missing` when it names none. */
async function find(deps: ComparePageDeps, given: string | undefined): Promise<Found> {
  const text = given?.trim() ?? '';
  if (text === '') return null;
  const id = RESULT_ID.exec(text)?.[0]?.toLowerCase();
  if (!id) return { missing: `"${text.slice(0, 80)}" is not a result's link or id. A result's link ends in /r/ and its id.` };
  const example = await deps.demos.byResultId(id);
  if (example) return { result: example.result, path: demoPath(example.company.slug) };
  const result = await deps.scoring.get(id);
  return result ? { result, path: resultPath(result.id) } : { missing: 'No result has that link: it may be mistyped, or its account was deleted.' };
}

/** Column headings: the companies, or, for two scores of one company, when each was made. */
function sidesOf(a: { result: ScoringResult; path: string }, b: { result: ScoringResult; path: string }): [CompareSide, CompareSide] {
  const [first, second] = [companyLabel(a.result), companyLabel(b.result)];
  if (first !== second)
    return [
      { ...a, label: first },
      { ...b, label: second },
    ];
  return [
    { ...a, label: scoredAt(a.result) },
    { ...b, label: scoredAt(b.result) },
  ];
}

export function registerComparePage(app: App, deps: ComparePageDeps): void {
  const { settings } = deps;
  app.get(COMPARE_PATH, { config: { auth: 'page' }, schema: { hide: true, querystring: CompareQuery } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const principal = request.principal ?? null;
    const [a, b] = await Promise.all([find(deps, request.query.a), find(deps, request.query.b)]);
    // What a page about the account's own results shows depends on who looks; never kept for another.
    reply.header('cache-control', principal ? 'private, no-store' : 'private, max-age=60').header('vary', 'Cookie');

    if (a && 'result' in a && b && 'result' in b) {
      const [left, right] = sidesOf(a, b);
      const comparison = compareResults(left.result, right.result);
      // changeOf is null unless the account holds the result: the coach is offered on the account's own.
      // The coach compares with stored results (the chat API reads them by id), not with the examples.
      const stored = right.path.startsWith('/r/');
      const owned = stored && principal !== null && (await deps.scoring.changeOf(principal.accountId, left.result.id)) !== null;
      const coachHref = owned ? `/app/coach?${new URLSearchParams({ result: left.result.id, compare: right.result.id })}` : null;
      return sendPage(reply, settings, {
        head: {
          title: `${left.label} against ${right.label}`,
          description: `Two product maturity results side by side: ${left.label} (${left.result.totalScore}) and ${right.label} (${right.result.totalScore}), per function and dimension.`,
          path: `${COMPARE_PATH}?${new URLSearchParams({ a: left.result.id, b: right.result.id })}`,
        },
        viewer,
        body: html`<${ComparisonView} a=${left} b=${right} comparison=${comparison} coachHref=${coachHref} />`,
      });
    }

    const problem = (a && 'missing' in a ? a.missing : null) ?? (b && 'missing' in b ? b.missing : null);
    const first = a && 'result' in a ? sidesOf(a, a)[0] : null;
    const [own, examples] = await Promise.all([
      principal ? deps.scoring.history(principal.accountId, { limit: OWN_SCORES_LISTED }) : Promise.resolve([]),
      deps.demos.all(),
    ]);
    return sendPage(
      reply,
      settings,
      {
        head: {
          title: 'Compare two results',
          description: 'Two product maturity results side by side, per function and dimension.',
          path: COMPARE_PATH,
          noindex: true,
        },
        viewer,
        body: html`<${ChooserView}
          a=${first ? { ...first, label: companyLabel(first.result) } : null}
          own=${own}
          examples=${examples.filter(({ result }) => result.id !== first?.result.id).map(({ company, result }) => ({ id: result.id, name: company.name, totalScore: result.totalScore, stageName: result.stageName }))}
          problem=${problem}
          given=${{ a: request.query.a ?? '', b: request.query.b ?? '' }}
        />`,
      },
      problem ? 404 : 200,
    );
  });
}

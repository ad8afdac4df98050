/**
 * The scorer against the analyst's labels on the real-site corpus
 * (../shared/realsites): `npm run eval`.
 *
 *   npm run eval [-- --company <dir>] [--dimension <id>] [--development] [--markdown | --json] [--database-url <url>]
 *
 * Prints the company table, the agreement figures (exact, within one, mean
 * signed difference, quadratic weighted kappa, Spearman of totals, tiers,
 * quotes not verbatim or from boilerplate), the same figures per
 * cross-validation fold with the held-out fold against the whole, the largest
 * disagreements, the 27-row per-dimension table and which targets are met.
 * `--company` and `--dimension` narrow the run and add a verbose dump per
 * (company, dimension): both levels, the findings that counted, the scorer's
 * reasoning and the analyst's quote and justification. `--development` leaves
 * the held-out fold out altogether, for work on the rules that must not look
 * at it. `--markdown` gives the summary tables for docs/EVALUATION.md. Exits 0
 * whatever the figures: the floor test (test/corpus/corpus-floor.test.ts) is
 * what gates.
 *
 * Then, when a database is given (--database-url, or DATABASE_URL and
 * DATABASE_SCHEMA as the service reads them), the feedback members gave on
 * scores, counted per dimension and verdict (narrowed by --dimension); on
 * standard error with --json, so standard output stays the evaluation.
 * Without one it says so and ends as before.
 */
import { parseArgs } from 'node:util';
import { isDimensionId } from '../src/framework/dimensions.ts';
import { FUNCTIONS } from '../src/framework/functions.ts';
import { feedbackRows, readFeedbackCounts } from './feedback-counts.ts';
import {
  evaluateCorpus,
  foldOf,
  HELD_OUT_FOLD,
  listCorpusCompanies,
  type AgreementSummary,
  type CompanyEvaluation,
  type CorpusEvaluation,
  type DimensionJudgement,
  type QuoteIssue,
} from '../test/corpus/evaluate-corpus.ts';

/** The scoring-truth issue's targets: an analyst's agreement with a second analyst, nearly. */
const TARGETS = {
  exactShare: 0.7,
  withinOneShare: 0.97,
  /** |mean scorer - label| at most this. */
  meanSignedDifference: 0.15,
  kappa: 0.85,
  spearman: 0.9,
  tierShare: 0.8,
  /** The held-out fold's exact, within-one, kappa and tier figures within this many points (of 100) of the whole corpus's. */
  heldOutGapPoints: 5,
  notVerbatim: 0,
  boilerplate: 0,
} as const;
/** Disagreements listed, largest first. */
const DISAGREEMENTS_SHOWN = 20;

const { values: args } = parseArgs({
  options: {
    company: { type: 'string' },
    dimension: { type: 'string' },
    development: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
if (args.dimension !== undefined && !isDimensionId(args.dimension)) {
  process.stderr.write(`unknown dimension '${args.dimension}'\n`);
  process.exit(2);
}

async function companiesToEvaluate(): Promise<string[] | undefined> {
  if (args.company !== undefined) return [args.company];
  if (!args.development) return undefined;
  return (await listCorpusCompanies()).filter((_, rank) => foldOf(rank) !== HELD_OUT_FOLD);
}

const evaluation = await evaluateCorpus(await companiesToEvaluate());
const dimensionRows = evaluation.byDimension.filter((row) => args.dimension === undefined || row.dimensionId === args.dimension);

const SERVED_ORIGIN = /^http:\/\/127\.0\.0\.1:\d+/;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const ratio = (n: number) => (Number.isNaN(n) ? 'n/a' : n.toFixed(3));
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(2)}`;

function table(headers: string[], rows: string[][]): string {
  if (args.markdown) {
    return [headers, headers.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
  }
  const widths = headers.map((header, k) => Math.max(header.length, ...rows.map((row) => row[k]!.length)));
  return [headers, ...rows]
    .map((row) =>
      row
        .map((cell, k) => cell.padEnd(widths[k]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function heading(text: string): string {
  return args.markdown ? `\n### ${text}\n` : `\n${text}\n${'-'.repeat(text.length)}`;
}

function companyTable({ companies, byCompany }: CorpusEvaluation): string {
  const headers = ['company', 'fold', 'as of', 'pages', 'label', 'scorer', 'tier', 'exact', 'within 1', 'mean s-l', ...FUNCTIONS.map((fn) => `${fn} s/l`)];
  const rows = companies.map((c, k) => [
    c.company,
    c.fold === HELD_OUT_FOLD ? `${c.fold} (held out)` : String(c.fold),
    c.asOf,
    String(c.crawledPaths.length),
    `${c.label.total} ${c.label.tier}`,
    `${c.scorer.total} ${c.scorer.tier}`,
    c.scorer.tier === c.label.tier ? 'equal' : 'differs',
    `${byCompany[k]!.exact}/27`,
    `${byCompany[k]!.withinOne}/27`,
    signed(byCompany[k]!.meanSignedDifference),
    ...FUNCTIONS.map((fn) => `${c.scorer.functionAverages[fn].toFixed(2)}/${c.label.functionAverages[fn].toFixed(2)}`),
  ]);
  return table(headers, rows);
}

const share = (count: number, of: number) => `${count}/${of} (${percent(of === 0 ? 0 : count / of)})`;

function agreementTable(e: CorpusEvaluation): string {
  const o = e.overall;
  return table(
    ['measure', 'value'],
    [
      ['levels exact', share(o.exact, o.pairs)],
      ['levels within one', share(o.withinOne, o.pairs)],
      ['mean level, scorer - label', signed(o.meanSignedDifference)],
      ['quadratic weighted kappa', ratio(e.kappa)],
      ['Spearman of totals', ratio(e.spearman)],
      ['tier equal', share(e.tiersEqual, e.companies.length)],
      ['quotes not verbatim', `${e.notVerbatim.length} of ${e.quotesChecked} counted quotes`],
      ['quotes from boilerplate', `${e.boilerplate.length} of ${e.quotesChecked} counted quotes`],
    ],
  );
}

function summaryRow(name: string, s: AgreementSummary): string[] {
  return [
    name,
    percent(s.overall.exactShare),
    percent(s.overall.withinOneShare),
    signed(s.overall.meanSignedDifference),
    ratio(s.kappa),
    ratio(s.spearman),
    `${s.tiersEqual}/${s.companyCount}`,
  ];
}

function foldTable(e: CorpusEvaluation): string {
  const headers = ['set', 'exact', 'within 1', 'mean s-l', 'kappa', 'Spearman', 'tiers'];
  const rows = [
    summaryRow('all companies', e),
    ...e.folds.map((f) => summaryRow(`fold ${f.fold}${f.fold === HELD_OUT_FOLD ? ' (held out)' : ''}: ${f.members.join(', ')}`, f)),
  ];
  return table(headers, rows);
}

/** Points (of 100) between the held-out fold's figures and the whole corpus's; null when the fold was not evaluated. */
function heldOutGaps(e: CorpusEvaluation): { exact: number; withinOne: number; kappa: number; tiers: number } | null {
  const held = e.folds.find((f) => f.fold === HELD_OUT_FOLD);
  if (!held || e.folds.length < 2) return null;
  return {
    exact: (held.overall.exactShare - e.overall.exactShare) * 100,
    withinOne: (held.overall.withinOneShare - e.overall.withinOneShare) * 100,
    kappa: (held.kappa - e.kappa) * 100,
    tiers: (held.tiersEqual / held.companyCount - e.tiersEqual / e.companyCount) * 100,
  };
}

function disagreementTable(e: CorpusEvaluation): string {
  const rows = e.companies
    .flatMap((c) => c.dimensions.map((d) => ({ c, d, gap: d.scorerLevel - d.labelLevel })))
    .filter(({ gap }) => gap !== 0)
    .sort((a, b) => Math.abs(b.gap) - Math.abs(a.gap) || b.c.label.total - a.c.label.total)
    .slice(0, DISAGREEMENTS_SHOWN)
    .map(({ c, d, gap }) => [
      c.company,
      d.dimensionId,
      String(d.scorerLevel),
      String(d.labelLevel),
      signed(gap),
      d.label.page === '' ? '(absence)' : d.label.page,
    ]);
  return table(['company', 'dimension', 'scorer', 'label', 's-l', 'label page'], rows);
}

function quoteIssues(title: string, issues: QuoteIssue[]): string[] {
  if (issues.length === 0) return [];
  const bullet = args.markdown ? '- ' : '  ';
  return [`${title}:`, ...issues.map((i) => `${bullet}${i.company} ${i.dimensionId} ${i.signal} ${i.path} "${i.quote}" (${i.why})`)];
}

function dimensionTable(e: CorpusEvaluation): string {
  const headers = ['dimension', ...e.companies.map((c) => c.company), 'exact', 'within 1', 'mean s-l'];
  const rows = dimensionRows.map((row) => [
    row.dimensionId,
    ...e.companies.map((c) => {
      const d = c.dimensions.find((dimension) => dimension.dimensionId === row.dimensionId)!;
      return `${d.scorerLevel}/${d.labelLevel}`;
    }),
    `${row.exact}/${row.pairs}`,
    `${row.withinOne}/${row.pairs}`,
    signed(row.meanSignedDifference),
  ]);
  return table(headers, rows);
}

function targetTable(e: CorpusEvaluation): string {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const o = e.overall;
  const tierShare = e.companies.length === 0 ? 0 : e.tiersEqual / e.companies.length;
  const rows = [
    [`exact >= ${percent(TARGETS.exactShare)}`, percent(o.exactShare), met(o.exactShare >= TARGETS.exactShare)],
    [`within one >= ${percent(TARGETS.withinOneShare)}`, percent(o.withinOneShare), met(o.withinOneShare >= TARGETS.withinOneShare)],
    [`mean s-l within ±${TARGETS.meanSignedDifference}`, signed(o.meanSignedDifference), met(Math.abs(o.meanSignedDifference) <= TARGETS.meanSignedDifference)],
    [`kappa >= ${TARGETS.kappa}`, ratio(e.kappa), met(e.kappa >= TARGETS.kappa)],
    [`Spearman >= ${TARGETS.spearman}`, ratio(e.spearman), met(e.spearman >= TARGETS.spearman)],
    [`tier equal >= ${percent(TARGETS.tierShare)}`, percent(tierShare), met(tierShare >= TARGETS.tierShare)],
    [`not verbatim = ${TARGETS.notVerbatim}`, String(e.notVerbatim.length), met(e.notVerbatim.length <= TARGETS.notVerbatim)],
    [`boilerplate = ${TARGETS.boilerplate}`, String(e.boilerplate.length), met(e.boilerplate.length <= TARGETS.boilerplate)],
  ];
  const gaps = heldOutGaps(e);
  if (gaps) {
    const worst = Math.max(...Object.values(gaps).map(Math.abs));
    const told = `exact ${signed(gaps.exact)}, within one ${signed(gaps.withinOne)}, kappa ${signed(gaps.kappa)}, tiers ${signed(gaps.tiers)}`;
    rows.push([`held-out fold within ${TARGETS.heldOutGapPoints} points`, told, met(worst <= TARGETS.heldOutGapPoints)]);
  }
  return table(['target', 'reached', ''], rows);
}

function verboseDump(company: CompanyEvaluation, d: DimensionJudgement): string {
  const labelPage = d.label.page === '' ? '(none: an absence)' : d.label.page;
  const crawled = d.label.page === '' || company.crawledPaths.includes(d.label.page.replace(/\/?$/, '/')) ? '' : ' [not crawled]';
  const findings = d.findings.map((f) => {
    // The served origin's port changes every run; the path is what a reader needs.
    const evidence = f.evidence.kind === 'quote' ? `"${f.evidence.text}"` : `[${f.evidence.source}] ${f.evidence.text.replace(SERVED_ORIGIN, '')}`;
    return `    ${f.signal}  ${f.strength.toFixed(2)}  ${f.path}  ${evidence}`;
  });
  return [
    `\n== ${company.company} / ${d.dimensionId}: scorer ${d.scorerLevel}, label ${d.labelLevel}${d.scorerLevel === d.labelLevel ? '' : `  (${signed(d.scorerLevel - d.labelLevel)})`}`,
    `  counted findings:${findings.length === 0 ? ' none' : ''}`,
    ...findings,
    `  scorer reasoning: ${d.reasoning}`,
    `  label page: ${labelPage}${crawled}`,
    `  label quote: ${d.label.quote === '' ? '(none)' : `"${d.label.quote}"`}`,
    `  label justification: ${d.label.justification}`,
  ].join('\n');
}

if (args.json) {
  process.stdout.write(`${JSON.stringify(evaluation, null, 2)}\n`);
} else {
  const e = evaluation;
  const scope = args.development && args.company === undefined ? ' (development folds only: the held-out fold is left out)' : '';
  const out = [
    `Corpus evaluation: ${e.companies.length} ${e.companies.length === 1 ? 'company' : 'companies'}, ${e.overall.pairs} (company, dimension) pairs${scope}; deterministic engine, no LLM, each site as of its label's date.`,
    heading('Companies (levels and averages as scorer/label)'),
    companyTable(e),
    heading('Agreement'),
    agreementTable(e),
    ...quoteIssues('Quotes not verbatim', e.notVerbatim),
    ...quoteIssues('Boilerplate quotes', e.boilerplate),
    heading('Cross-validation: each fold alone'),
    foldTable(e),
    heading(`Largest disagreements (at most ${DISAGREEMENTS_SHOWN})`),
    disagreementTable(e),
    heading('Per dimension (scorer/label)'),
    dimensionTable(e),
    heading('Targets'),
    targetTable(e),
  ];
  if (!args.markdown && (args.company !== undefined || args.dimension !== undefined)) {
    for (const company of e.companies) {
      for (const d of company.dimensions) if (args.dimension === undefined || d.dimensionId === args.dimension) out.push(verboseDump(company, d));
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

const feedback = await readFeedbackCounts({ url: args['database-url'] ?? process.env.DATABASE_URL, schema: process.env.DATABASE_SCHEMA || undefined });
const feedbackLines = [heading('Feedback on scores (verdicts per dimension)')];
if (!feedback.ok) {
  feedbackLines.push(feedback.why);
} else {
  const { headers, rows } = feedbackRows(feedback.counts, args.dimension);
  feedbackLines.push(rows.length === 0 ? 'No feedback yet.' : table(headers, rows));
}
(args.json ? process.stderr : process.stdout).write(`${feedbackLines.join('\n')}\n`);

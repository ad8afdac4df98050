/**
 * The scorer against the analyst's labels on the real-site corpus
 * (../shared/corpus): `npm run eval`.
 *
 *   npm run eval [-- --company <dir>] [--dimension <id>] [--markdown | --json] [--database-url <url>]
 *
 * Prints the company table, the agreement figures, the quote audit, the
 * 27-row per-dimension table and which targets are met. `--company` and
 * `--dimension` narrow the run and add a verbose dump per (company,
 * dimension): both levels, the findings that counted, the scorer's reasoning
 * and the analyst's quote and justification. `--markdown` gives the summary
 * tables for docs/EVALUATION.md. Exits 0 whatever the figures: the floor
 * test (test/corpus/corpus-floor.test.ts) is what gates.
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
import { evaluateCorpus, type CompanyEvaluation, type CorpusEvaluation, type DimensionJudgement, type QuoteIssue } from '../test/corpus/evaluate-corpus.ts';

/** The targets the scorer is tuned toward (the floor test holds what is reached so far). */
const TARGETS = { spearman: 0.9, withinOneShare: 0.85, exactShare: 0.5, notVerbatim: 0, boilerplate: 0 } as const;

const { values: args } = parseArgs({
  options: {
    company: { type: 'string' },
    dimension: { type: 'string' },
    markdown: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
  },
});
if (args.dimension !== undefined && !isDimensionId(args.dimension)) {
  process.stderr.write(`unknown dimension '${args.dimension}'\n`);
  process.exit(2);
}

const evaluation = await evaluateCorpus(args.company === undefined ? undefined : [args.company]);
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
  return [headers, ...rows].map((row) => row.map((cell, k) => cell.padEnd(widths[k]!)).join('  ').trimEnd()).join('\n');
}

function heading(text: string): string {
  return args.markdown ? `\n### ${text}\n` : `\n${text}\n${'-'.repeat(text.length)}`;
}

function companyTable({ companies, byCompany }: CorpusEvaluation): string {
  const headers = ['company', 'pages', 'label', 'scorer', 'exact', 'within 1', ...FUNCTIONS.map((fn) => `${fn} s/l`)];
  const rows = companies.map((c, k) => [
    c.company,
    String(c.crawledPaths.length),
    `${c.label.total} ${c.label.tier}`,
    `${c.scorer.total} ${c.scorer.tier}`,
    `${byCompany[k]!.exact}/27`,
    `${byCompany[k]!.withinOne}/27`,
    ...FUNCTIONS.map((fn) => `${c.scorer.functionAverages[fn].toFixed(2)}/${c.label.functionAverages[fn].toFixed(2)}`),
  ]);
  return table(headers, rows);
}

function agreementTable(e: CorpusEvaluation): string {
  const o = e.overall;
  return table(
    ['measure', 'value'],
    [
      ['exact level', `${o.exact}/${o.pairs} (${percent(o.exactShare)})`],
      ['within one level', `${o.withinOne}/${o.pairs} (${percent(o.withinOneShare)})`],
      ['mean scorer - label', signed(o.meanSignedDifference)],
      ['Spearman of totals', ratio(e.spearman)],
      ['quotes not verbatim', `${e.notVerbatim.length} of ${e.quotesChecked} counted quotes`],
      ['boilerplate quotes', `${e.boilerplate.length} of ${e.quotesChecked} counted quotes`],
    ],
  );
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
  return table(
    ['target', 'reached', ''],
    [
      [`Spearman >= ${TARGETS.spearman}`, ratio(e.spearman), met(e.spearman >= TARGETS.spearman)],
      [`within one >= ${percent(TARGETS.withinOneShare)}`, percent(e.overall.withinOneShare), met(e.overall.withinOneShare >= TARGETS.withinOneShare)],
      [`exact >= ${percent(TARGETS.exactShare)}`, percent(e.overall.exactShare), met(e.overall.exactShare >= TARGETS.exactShare)],
      [`not verbatim = ${TARGETS.notVerbatim}`, String(e.notVerbatim.length), met(e.notVerbatim.length <= TARGETS.notVerbatim)],
      [`boilerplate = ${TARGETS.boilerplate}`, String(e.boilerplate.length), met(e.boilerplate.length <= TARGETS.boilerplate)],
    ],
  );
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
  const out = [
    `Corpus evaluation: ${e.companies.length} ${e.companies.length === 1 ? 'company' : 'companies'}, ${e.overall.pairs} (company, dimension) pairs; deterministic engine, no LLM, each site as of its label's date.`,
    heading('Companies (levels and averages as scorer/label)'),
    companyTable(e),
    heading('Agreement'),
    agreementTable(e),
    ...quoteIssues('Quotes not verbatim', e.notVerbatim),
    ...quoteIssues('Boilerplate quotes', e.boilerplate),
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

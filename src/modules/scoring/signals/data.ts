/** Data strategy and flywheel: benchmarks from customer data, personalisation, learning loops, warehouse sync. */
import { detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'data.benchmarks',
    words: ['benchmark', 'anonymi', 'industry', 'peer'],
    pattern:
      /\bbenchmark(?:s|ed|ing)? (?:yourself |your \w+ )?(?:against|across) [^.\n]{0,40}\b(?:companies|customers|teams|peers|organi[sz]ations)\b|\banonymi[sz]ed (?:data|benchmarks?|usage)\b|\b(?:industry|peer) benchmarks?\b/i,
    examples: ['Benchmark against 3,000 companies like yours.', 'Industry benchmarks for every metric.'],
    nonExamples: ['Benchmarks for our database.'],
  },
  {
    signal: 'data.personalisation',
    words: ['personali', 'recommendation', 'smart'],
    pattern:
      /\bpersonali[sz]ed (?:recommendations|insights|suggestions|experiences?|dashboards?)\b|\brecommendations? engine\b|\bsmart (?:suggestions|recommendations)\b/i,
    examples: ['Personalized recommendations for every user.', 'A recommendation engine built in.'],
    nonExamples: ['Personal data stays private.'],
  },
  {
    signal: 'data.learning_loop',
    words: ['gets', 'becomes', 'grows', 'learns', 'network', 'flywheel'],
    pattern:
      /\b(?:gets|becomes|grows) (?:smarter|better|more accurate) (?:the more|as you|with every|with each|over time)\b|\blearns from (?:your|every|each)\b|\bnetwork effects?\b|\bflywheel\b/i,
    examples: ['It gets smarter the more you use it.', 'Network effects make it better.'],
    nonExamples: ['Our network is fast.'],
  },
  {
    signal: 'data.warehouse_export',
    words: ['snowflake', 'bigquery', 'redshift', 'databricks'],
    pattern: /\b(?:Snowflake|BigQuery|Redshift|Databricks)\b/,
    examples: ['Sync to Snowflake or BigQuery.'],
    nonExamples: ['Snow in winter.'],
  },
  {
    signal: 'data.warehouse_export',
    words: ['warehouse', 'reverse'],
    pattern: /\bdata warehouses?\b|\breverse ETL\b/i,
    examples: ['Send events to your data warehouse.', 'Reverse ETL to your CRM.'],
    nonExamples: ['A warehouse in Ohio.'],
  },
  {
    // The customer's data handed back whole: "all of your data can be exported", raw data access.
    signal: 'data.warehouse_export',
    words: ['export', 'raw', 'data'],
    pattern:
      /\bexport (?:all )?(?:of )?your (?:raw )?data\b|\b(?:all )?(?:of )?your data (?:can be|is) export(?:ed|able)\b|\bdata exports?\b|\braw data (?:access|exports?)\b|\bexport(?:ed)? (?:it )?(?:to|as) (?:CSV|JSON|Parquet|S3)\b/i,
    examples: ['Export all your data at any time.', 'Export it to CSV.'],
    nonExamples: ['We export goods to Asia.'],
  },
]);

export const detectDataSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

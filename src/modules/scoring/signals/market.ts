/** Market intelligence: published reports, survey data, research hubs, segment pages, trend writing. */
import { detectByPageKind, detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'market.research_report', words: ['state', 'report', 'survey'],
    pattern: /\bState of (?:the )?[A-Z][\w&-]*(?: [A-Z&][\w&-]*){0,3}\b|\b(?:annual|industry|market|benchmark) (?:report|survey)\b|\b20\d\d (?:industry |market |benchmark )?report\b/,
  },
  { signal: 'market.research_report', words: ['report'], pattern: /\b(?:annual|industry|market|benchmark) report\b/i },
  {
    signal: 'market.survey_data', words: ['survey', 'respondent'],
    pattern: /\bwe surveyed [\d,]+|\bsurvey(?:ed)? of [\d,]+|\b[\d,]+ (?:respondents|(?:companies|teams|professionals|leaders) surveyed)\b/i,
  },
  {
    signal: 'market.trend_analysis', words: ['trend', 'shift', 'outlook', 'forecast'],
    pattern: /\b(?:market|industry) (?:trends?|shifts?|outlook|forecasts?)\b|\btrends? (?:report|to watch)\b/i,
  },
]);

export const detectMarketSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [
    { signal: 'market.research_hub', kind: 'research' },
    { signal: 'market.segment_pages', kind: 'solutions' },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
];

/** Market intelligence: published reports, survey data, research hubs, segment pages, trend writing. */
import { detectByPageKind, detectByTextRules, detectByTitle, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'market.research_report',
    words: ['state', 'report', 'survey'],
    // "State of DevOps 2024", "State of AI Report"; not "the State of California" in a policy.
    pattern:
      /\bState of (?:the )?[A-Z][\w&-]*(?: [A-Z&][\w&-]*){0,3} (?:Report|Survey|20\d\d)\b|\b(?:annual|industry|market|benchmark) (?:report|survey)\b|\b20\d\d (?:industry |market |benchmark )?report\b/,
    examples: ['Read the State of DevOps Report for this year.', 'Our 2024 benchmark report is out.'],
    nonExamples: ['The state of our union is strong.'],
  },
  {
    signal: 'market.research_report',
    words: ['report'],
    pattern: /\b(?:annual|industry|market|benchmark) report\b/i,
    examples: ['Download the annual report.'],
    nonExamples: ['Report a bug to the team.'],
  },
  {
    signal: 'market.survey_data',
    words: ['survey', 'respondent'],
    pattern: /\bwe surveyed \d[\d,]*|\bsurvey(?:ed)? of \d[\d,]*|\b\d[\d,]* (?:respondents|(?:companies|teams|professionals|leaders) surveyed)\b/i,
    examples: ['We surveyed 1,200 engineering teams.', 'Answers from 800 respondents.'],
    nonExamples: ['We surveyed the field before building.'],
  },
  {
    signal: 'market.trend_analysis',
    words: ['trend', 'shift', 'outlook', 'forecast', 'landscape'],
    pattern: /\b(?:market|industry) (?:trends?|shifts?|outlook|forecasts?|landscape)\b|\btrends? (?:report|to watch)\b/i,
    examples: ['Our take on the market trends for 2025.'],
    nonExamples: ['Trending repositories this week.'],
  },
  {
    // "competes in a $15B market", "the market for X is worth ...", analysts' figures.
    signal: 'market.sizing',
    words: ['market', 'addressable', 'tam', 'gartner', 'forrester', 'idc'],
    pattern:
      /(?:[$€£])\s?\d[\d.,]*\s?(?:B|bn|billion|M|million|T|trillion)\b[^.\n]{0,40}\bmarket\b|\bmarket (?:size|sizing|opportunity|share)\b|\baddressable market\b|\bTAM\b|\b(?:Gartner|Forrester|IDC)\b/,
    examples: ['A $15B market for developer tools.', 'Gartner named us a leader.'],
    nonExamples: ['We market to developers.'],
  },
]);

/** A round-up of a market's products ("13 Best Product Analytics Tools in 2026"): the company surveying its market in public. */
const MARKET_ROUND_UP = /^(?:the )?(?:\d+ )?(?:best|top)\b.{0,60}\b(?:tools|platforms|software|apps|alternatives|solutions|products)\b/i;

export const detectMarketSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [
    { signal: 'market.research_hub', kind: 'research' },
    { signal: 'market.segment_pages', kind: 'solutions' },
  ]),
  ...detectByTextRules(pages, TEXT_RULES),
  ...detectByTitle(pages, [{ signal: 'market.trend_analysis', title: MARKET_ROUND_UP, onlyOn: ['blog', 'compare'] }]),
];

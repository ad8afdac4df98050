/** Research and discovery practice: user research, panels and advisory boards, interview counts. */
import { detectByTextRules, type SignalDetector, TextRuleSet } from './detection-rules.ts';

const TEXT_RULES = new TextRuleSet([
  {
    signal: 'research.user_research_practice', words: ['research', 'interview', 'usability', 'discovery', 'jobs'],
    pattern: /\b(?:user|customer|UX) (?:research|interviews)\b|\busability (?:tests?|testing|studies|sessions)\b|\bdiscovery (?:calls|interviews|sprints?|research)\b|\bjobs[- ]to[- ]be[- ]done\b/i,
  },
  {
    signal: 'research.research_panel', words: ['research', 'advisory', 'join'],
    pattern: /\bresearch (?:panel|program(?:me)?|participants?)\b|\bcustomer advisory (?:board|council)\b|\bjoin our (?:research|user) (?:panel|community|program(?:me)?)\b/i,
  },
  {
    signal: 'research.interview_counts', words: ['talked', 'spoke', 'interview'],
    pattern: /\b(?:talked|spoke|spoken) (?:to|with) (?:over |more than )?[\d,]+\+? (?:customers|users|teams|companies|people)\b|\b[\d,]+\+? (?:customer|user|discovery) interviews\b/i,
  },
]);

export const detectResearchSignals: SignalDetector = (pages) => detectByTextRules(pages, TEXT_RULES);

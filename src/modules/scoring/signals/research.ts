/** Research and discovery practice: user research, panels and advisory boards, interview counts. */
import { detectByPageKind, detectByTextRules, type SignalDetector, textRules } from './detection-rules.ts';

export const TEXT_RULES = textRules([
  {
    signal: 'research.user_research_practice',
    words: ['research', 'interview', 'usability', 'discovery', 'jobs'],
    pattern:
      /\b(?:user|customer|UX) (?:research|interviews)\b|\busability (?:tests?|testing|studies|sessions)\b|\bdiscovery (?:calls|interviews|sprints?|research)\b|\bjobs[- ]to[- ]be[- ]done\b/i,
    examples: ['We run user interviews every week.', 'Usability testing shapes each release.'],
    nonExamples: ['Our users research before they buy.'],
  },
  {
    signal: 'research.research_panel',
    words: ['research', 'advisory', 'join'],
    pattern:
      /\bresearch (?:panel|program(?:me)?|participants?)\b|\bcustomer advisory (?:board|council)\b|\bjoin our (?:research|user) (?:panel|community|program(?:me)?)\b/i,
    examples: ['Join our research panel.', 'Our customer advisory board meets quarterly.'],
    nonExamples: ['Research shows sleep matters.'],
  },
  {
    signal: 'research.interview_counts',
    words: ['talked', 'spoke', 'interview'],
    pattern:
      /\b(?:talked|spoke|spoken) (?:to|with) (?:over |more than )?\d[\d,]*\+? (?:customers|users|teams|companies|people)\b|\b\d[\d,]*\+? (?:customer|user|discovery) interviews\b/i,
    examples: ['We talked to 300 customers before we wrote a line of code.', 'Based on 120 customer interviews.'],
    nonExamples: ['We talked to investors.'],
  },
  {
    // Contact with customers as a habit, short of a research practice: "talking directly to customers".
    signal: 'research.customer_contact',
    words: ['talk', 'speak', 'spoke', 'spoken', 'customer', 'support'],
    pattern:
      /\b(?:talk(?:ing|ed|s)?|speak(?:ing|s)?|spoke|spoken) (?:directly |regularly |daily )?(?:to|with) (?:our |real |hundreds of |dozens of |many )?(?:customers|users)\b|\bcustomer (?:conversations|calls|visits|meetings)\b|\bsupport (?:shifts|rotations?)\b/i,
    examples: ['We talk directly to customers every day.', 'Engineers join customer calls.'],
    nonExamples: ['Talk to us about pricing.'],
  },
  {
    signal: 'research.surveys',
    words: ['take', 'fill', 'complete', 'answer', 'survey', 'your'],
    pattern:
      /\b(?:take|fill (?:out|in)|complete|answer) (?:our|the|this|a short|a quick) (?:\w+ )?survey\b|\b(?:our|this) (?:user |customer |player |community )?survey\b|\byour (?:feedback|answers|input|responses) will (?:directly )?(?:influence|shape|inform|guide|help (?:us )?(?:shape|build|improve))\b/i,
    examples: ['Take our quick survey.', 'Your feedback will directly shape the roadmap.'],
    nonExamples: ['Survey results are in the report.'],
  },
]);

export const detectResearchSignals: SignalDetector = (pages) => [
  ...detectByPageKind(pages, [{ signal: 'research.surveys', kind: 'survey' }]),
  ...detectByTextRules(pages, TEXT_RULES),
];
